/**
 * A member of staff who forgot their password resets it by e-mail (decision 061), as shoppers do
 * (server/accounts/forgotten-password.ts and password-reset.ts), with the same throttles under
 * counters of their own:
 *
 * - A request (`/admin/forgot-password`) answers the same, after at least `resetResponseMs`,
 *   whether or not the e-mail is a live member's of this shop. Requests are throttled per
 *   client address (429); a member gets at most 3 such e-mails an hour, past which a request
 *   sends nothing and answers the same (the links already sent stay good), so a stranger can
 *   neither flood their inbox nor keep them from resetting.
 * - The link, `<storefront origin>/admin/reset-password?token=...`, carries 32 random bytes;
 *   only their SHA-256 is stored (`staff_password_resets`), with its expiry (1 hour). It goes
 *   through the outbox with the shop's e-mail frame, and appears in no answer and no log line.
 * - A confirmation takes the token and the new password twice. The token is looked up before
 *   the password is hashed (made-up tokens cost no scrypt work); using it is one conditional
 *   update (of two concurrent uses exactly one wins), and voids the member's other links. A
 *   token that is unknown, another shop's, used, expired or a removed member's is refused alike,
 *   on the field `token`. Throttled per client address.
 * - A reset writes `staff.password_changed_at` and ends EVERY session of the member (there is
 *   no session to keep: the member signs in afterwards, with their code when two-step
 *   verification is on, which a reset leaves as it is). Logged as `staff.password_reset`, by the
 *   member. Their count of wrong codes at the second step starts over, as on a change.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { hashPassword } from '../platform/credentials/passwords.ts';
import { hashResetToken } from '../platform/credentials/reset-tokens.ts';
import type { Database } from '../platform/db/database.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { StaffActor } from './actor.ts';
import { recordActivity } from './activity-log.ts';
import type { StaffClient, StaffServices } from './context.ts';
import type { StaffErrorCode } from './errors.ts';
import { normalizeStaffEmail } from './member-input.ts';
import { findLiveStaffByEmail } from './members.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { newStaffPasswordErrors, staffFieldErrors } from './password-change.ts';
import { passwordChangeSecond, revokeAllStaffSessions } from './session-changes.ts';
import { queueStaffEmail, staffEmailShop } from './staff-mail.ts';

/** The back office's page that asks for a reset link. */
export const FORGOT_PASSWORD_PATH = '/admin/forgot-password';
/** The back office's page the e-mailed link opens. */
export const RESET_PASSWORD_PATH = '/admin/reset-password';

/** The contract's StaffPasswordResetConfirm. */
export interface StaffPasswordResetConfirm {
  token: string;
  new_password: string;
  new_password_confirm: string;
}

type ResetServices = Pick<
  StaffServices,
  | 'resetThrottleByAddress'
  | 'resetMailsPerAccount'
  | 'resetConfirmThrottleByAddress'
  | 'secondStep'
  | 'settings'
  | 'linkOrigin'
>;

function invalidLink(): DomainError<StaffErrorCode> {
  return new DomainError<StaffErrorCode>('staff_invalid', STAFF_MESSAGES.resetLinkInvalid, {
    field: 'token',
  });
}

/**
 * Asks for a reset link for `email` (trimmed, any case): queues one to a live member of the
 * shop unless their e-mails of the hour are used up, and returns no sooner than
 * `resetResponseMs` after it began, member or not (no enumeration by timing). The caller wakes
 * the outbox afterwards.
 * @throws ThrottledError past the reset requests of the client address (at once).
 */
export async function requestStaffPasswordReset(
  db: Kysely<Database>,
  services: ResetServices,
  tenantId: number,
  client: StaffClient,
  email: string,
  now = new Date(),
): Promise<void> {
  const started = Date.now();
  await services.resetThrottleByAddress.consume(tenantId, client.address);
  const wanted = normalizeStaffEmail(email);
  const member =
    wanted.length <= 254 && !wanted.includes('\u0000')
      ? await findLiveStaffByEmail(db, tenantId, wanted)
      : undefined;
  // Past the member's e-mails of the hour nothing is sent and nothing answers differently.
  if (
    member &&
    (await services.resetMailsPerAccount.tryConsumeKey(tenantId, `staff:${member.id}`))
  ) {
    const token = randomBytes(32).toString('base64url');
    const origin = services.linkOrigin(tenantId);
    const expiresAt = new Date(now.getTime() + services.settings.resetTokenTtlSeconds * 1000);
    await db.transaction().execute(async (trx) => {
      // The member's links used or expired are no longer kept; unexpired ones stay good.
      await trx
        .deleteFrom('staff_password_resets')
        .where('tenant_id', '=', tenantId)
        .where('staff_id', '=', member.id)
        .where((eb) =>
          eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now.toISOString())]),
        )
        .execute();
      const row = await trx
        .insertInto('staff_password_resets')
        .values({
          tenant_id: tenantId,
          staff_id: member.id,
          token_hash: hashResetToken(token),
          created_at: now.toISOString(),
          expires_at: expiresAt.toISOString(),
          used_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await queueStaffEmail(
        trx,
        {
          tenantId,
          recipient: member.email,
          dedupeKey: `staff-password-reset:${row.id}`,
          data: {
            kind: 'staff_password_reset',
            shop: await staffEmailShop(trx, tenantId, origin, member.email),
            memberName: member.name,
            resetUrl: `${origin}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`,
            expiresAt: expiresAt.toISOString(),
          },
        },
        now,
      );
    });
  }
  const wait = started + services.settings.resetResponseMs - Date.now();
  if (wait > 0) await sleep(wait);
}

/**
 * Sets a new password with a reset link's token and ends every session of the member (see the
 * module comment).
 * @throws DomainError `staff_invalid` (fields `new_password` / `new_password_confirm`; nothing
 *   counted), ThrottledError past the confirmations of the client address, DomainError
 *   `staff_invalid` (field `token`: "This password reset link is invalid or has expired.") for
 *   a token that is not, or no longer, good.
 */
export async function confirmStaffPasswordReset(
  db: Kysely<Database>,
  services: ResetServices,
  tenantId: number,
  client: StaffClient,
  form: StaffPasswordResetConfirm,
  now = new Date(),
): Promise<void> {
  const errors = newStaffPasswordErrors(form.new_password, form.new_password_confirm);
  if (Object.keys(errors).length > 0) throw staffFieldErrors(errors);
  await services.resetConfirmThrottleByAddress.consume(tenantId, client.address);
  const token = form.token.trim();
  if (token === '' || token.length > 200) throw invalidLink();
  const tokenHash = hashResetToken(token);
  const usable = () =>
    db
      .selectFrom('staff_password_resets as r')
      .innerJoin('staff', 'staff.id', 'r.staff_id')
      .select(['r.id', 'r.staff_id', 'staff.email', 'staff.name', 'staff.role'])
      .where('r.token_hash', '=', tokenHash)
      .where('r.tenant_id', '=', tenantId)
      .where('staff.tenant_id', '=', tenantId)
      .where('staff.removed_at', 'is', null)
      .where('r.used_at', 'is', null)
      .where('r.expires_at', '>', now.toISOString());
  // Looked up before the password is hashed: made-up tokens cost no scrypt work.
  const link = await usable().executeTakeFirst();
  if (!link) throw invalidLink();
  const passwordHash = await hashPassword(form.new_password, {
    log2Cost: services.settings.passwordHashCost,
  });
  await db.transaction().execute(async (trx) => {
    // Decides, atomically, which of concurrent uses of the link wins.
    const used = await trx
      .updateTable('staff_password_resets')
      .set({ used_at: now.toISOString() })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) throw invalidLink();
    // Every other link mailed to the member dies with this use.
    await trx
      .deleteFrom('staff_password_resets')
      .where('tenant_id', '=', tenantId)
      .where('staff_id', '=', link.staff_id)
      .where('id', '!=', link.id)
      .execute();
    const changed = await trx
      .updateTable('staff')
      .set({ password_hash: passwordHash, password_changed_at: passwordChangeSecond(now) })
      .where('id', '=', link.staff_id)
      .where('tenant_id', '=', tenantId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (changed.numUpdatedRows !== 1n) throw invalidLink();
    const ended = await revokeAllStaffSessions(trx, tenantId, link.staff_id, now);
    // The member acted, through the e-mailed link, without a session.
    const actor: StaffActor = {
      id: link.staff_id,
      tenantId,
      email: link.email,
      name: link.name,
      role: link.role,
      sessionId: '',
    };
    await recordActivity(
      trx,
      {
        actor,
        tenantId,
        action: 'staff.password_reset',
        objectType: 'staff',
        objectId: link.staff_id,
        after: { sessions_ended: ended, ip: client.address },
      },
      now,
    );
  });
  await services.resetMailsPerAccount.resetKey(tenantId, `staff:${link.staff_id}`);
  await services.secondStep.resetKey(tenantId, `staff:${link.staff_id}`);
}
