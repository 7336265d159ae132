/**
 * A member of staff changes their own password (decision 061): the current password, the new one
 * and its confirmation, as the shoppers' (server/accounts/account.ts changePassword).
 *
 * - A wrong current password counts as a failed sign-in of the member (the sign-in throttle,
 *   key `staff:<id>`), so it cannot be guessed here faster than at the sign-in.
 * - The new password follows the staff rule (./member-input.ts staffPasswordErrors: 8 to 200
 *   characters, no NUL); the confirmation must be the same.
 * - The change writes `staff.password_changed_at` (to the whole second: access tokens issued
 *   before it are refused, ./sessions.ts verifyStaffAccess) and ends every session of the
 *   member, the one that changed it included, in the same transaction; the changing device gets
 *   a new session at once (keeping whether it passed two-step verification), so it stays signed
 *   in while every other device is signed out at its next request.
 * - The member's count of wrong codes at the second step (./second-step.ts) starts over: a
 *   password someone was trying codes with is no longer the password.
 * - Logged as `staff.password_change` (how many other sessions ended; never a password).
 */
import type { Kysely } from 'kysely';
import { hashPassword, verifyPassword } from '../platform/credentials/passwords.ts';
import type { Database } from '../platform/db/database.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { StaffActor } from './actor.ts';
import { recordActivity } from './activity-log.ts';
import type { StaffClient, StaffServices } from './context.ts';
import type { StaffErrorCode } from './errors.ts';
import { staffPasswordErrors } from './member-input.ts';
import { liveMember } from './members.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { passwordChangeSecond, replaceStaffSessions } from './session-changes.ts';
import type { StaffTokenPair } from './sessions.ts';

/** The contract's StaffPasswordChange. */
export interface StaffPasswordChange {
  current_password: string;
  new_password: string;
  new_password_confirm: string;
}

/**
 * Field errors of a new password and its confirmation (keys `new_password`,
 * `new_password_confirm`), empty when both are acceptable.
 */
export function newStaffPasswordErrors(password: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  const problems = staffPasswordErrors(password);
  if (problems.length > 0) errors.new_password = problems;
  if (password !== confirm) errors.new_password_confirm = [STAFF_MESSAGES.passwordMismatch];
  return errors;
}

/** A refusal on form fields (400 `{field: [message]}`). */
export function staffFieldErrors(fields: FieldErrors): DomainError<StaffErrorCode> {
  const [first] = Object.values(fields);
  return new DomainError<StaffErrorCode>('staff_invalid', first?.[0] ?? 'Invalid password.', {
    fields,
  });
}

/**
 * Replaces the signed-in member's password (see the module comment).
 * @returns a new access and refresh token for this device.
 * @throws ThrottledError past the member's failed sign-ins from this address; DomainError
 *   `staff_invalid` (fields: `current_password` "Your current password is incorrect.", with
 *   the new password's mistakes beside it; or `new_password` / `new_password_confirm`);
 *   `staff_not_found` when the member is gone.
 */
export async function changeStaffPassword(
  db: Kysely<Database>,
  services: Pick<StaffServices, 'throttle' | 'secondStep' | 'tokens' | 'settings'>,
  actor: StaffActor,
  client: StaffClient,
  form: StaffPasswordChange,
  now = new Date(),
): Promise<StaffTokenPair> {
  const errors = newStaffPasswordErrors(form.new_password, form.new_password_confirm);
  const accountKey = `staff:${actor.id}`;
  await services.throttle.before(actor.tenantId, accountKey, client.address);
  const row = await liveMember(db, actor);
  if (!(await verifyPassword(form.current_password, row.password_hash))) {
    throw staffFieldErrors({ current_password: [STAFF_MESSAGES.currentPasswordWrong], ...errors });
  }
  await services.throttle.succeeded(actor.tenantId, accountKey, client.address);
  if (Object.keys(errors).length > 0) throw staffFieldErrors(errors);

  const passwordHash = await hashPassword(form.new_password, {
    log2Cost: services.settings.passwordHashCost,
  });
  const tokens = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set({ password_hash: passwordHash, password_changed_at: passwordChangeSecond(now) })
      .where('id', '=', actor.id)
      .where('tenant_id', '=', actor.tenantId)
      .execute();
    const session = await replaceStaffSessions(trx, services, actor, client, now);
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'staff.password_change',
        objectType: 'staff',
        objectId: actor.id,
        after: { other_sessions_ended: Math.max(0, session.ended - 1) },
      },
      now,
    );
    return { access: session.access, refresh: session.refresh };
  });
  await services.secondStep.resetKey(actor.tenantId, accountKey);
  return tokens;
}
