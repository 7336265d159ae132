/**
 * Two-factor sign-in for staff with an authenticator app (TOTP, RFC 6238, through otplib:
 * SHA-1, 6 digits, 30-second steps, as every authenticator app reads an otpauth URL).
 *
 * - Set-up: {@link startTotpSetup} stores a new secret (not yet in use) and answers it with its
 *   otpauth URL (the shop's name as issuer, the member's e-mail as label) for a QR code;
 *   {@link confirmTotpSetup} turns it on once the member types a code from the app, and answers
 *   10 recovery codes, shown this once: only their SHA-256 is stored.
 * - Checking a code ({@link checkSecondFactor}, at sign-in, under the member's cap of wrong
 *   codes: ./second-step.ts): the current step or one either side (±30 s of clock drift), and
 *   each step's code once only (./context.ts `otpReplay`: a code read over a shoulder cannot
 *   sign in again while it is still current). A recovery code (`xxxxx-xxxxx`) works once in
 *   place of a code.
 * - Every code used is burned, the one confirming the set-up too: it cannot sign in afterwards.
 *   Confirming the set-up counts as passing two-step verification in that session.
 * - Turning it off ({@link disableTotp}) takes the member's password, and is refused while the
 *   shop requires two-factor sign-in (./policy.ts). An owner may reset another member's
 *   ({@link resetMemberTotp}) when they lose their phone.
 *
 * The codes themselves (matching, burning, recovery codes, the sign-in's check) are
 * ./totp-codes.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import { generateSecret, generateURI } from 'otplib';
import type { Database } from '../platform/db/database.ts';
import { isRowId } from '../platform/db/errors.ts';
import { DomainError } from '../platform/domain-error.ts';
import { verifyPassword } from '../platform/credentials/passwords.ts';
import type { StaffActor } from './actor.ts';
import { recordActivity } from './activity-log.ts';
import type { StaffClient, StaffServices } from './context.ts';
import type { StaffErrorCode } from './errors.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { liveMember, memberView, type StaffMemberView } from './members.ts';
import { findStaffPolicy } from './policy.ts';
import { markSessionTwoStep, revokeAllStaffSessions } from './session-changes.ts';
import { queueStaffEmail, staffEmailShop } from './staff-mail.ts';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, stepKey } from './totp-codes.ts';

/** The back office's sign-in page, where the e-mails' sign-in links lead. */
export const SIGN_IN_PATH = '/admin/login';

/** A member's columns with two-step verification off: no secret, no recovery codes. */
const TOTP_OFF = { totp_secret: null, totp_enabled_at: null, recovery_codes: '[]' } as const;

/**
 * Logs `staff.totp_<verb>` (two-step verification turned off or reset) on member `memberId`,
 * by the actor, in `trx`: it was on before, and `after` says what it is now.
 */
async function logTotpChange(
  trx: Transaction<Database>,
  actor: StaffActor,
  memberId: number,
  verb: 'disable' | 'reset',
  after: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await recordActivity(
    trx,
    {
      actor,
      tenantId: actor.tenantId,
      action: `staff.totp_${verb}`,
      objectType: 'staff',
      objectId: memberId,
      before: { totp_enabled: true },
      after,
    },
    now,
  );
}

/** What starting the set-up answers (the contract's TotpSetup). */
export interface TotpSetup {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** `otpauth://totp/<shop>:<e-mail>?secret=...&issuer=<shop>`, for a QR code. */
  otpauth_url: string;
}

/** The refusal of a wrong code when confirming the set-up, on the field `code`. */
function wrongSetupCode(): DomainError<StaffErrorCode> {
  return new DomainError<StaffErrorCode>('otp_required', STAFF_MESSAGES.otpWrongAtSetup, {
    field: 'code',
  });
}

function conflict(message: string): DomainError<StaffErrorCode> {
  return new DomainError<StaffErrorCode>('staff_conflict', message);
}

/** The shop's name as an authenticator app shows it: its site title, else its tenant name. */
async function shopName(db: Kysely<Database>, tenantId: number): Promise<string> {
  const [site, tenant] = await Promise.all([
    db
      .selectFrom('site_settings')
      .select('site_title')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
    db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirstOrThrow(),
  ]);
  // A colon separates issuer and label in the URL's path: an issuer must not hold one.
  return (site?.site_title || tenant.name).replace(/:/g, ' ').trim() || 'Shop';
}

/**
 * Starts (or starts again) the set-up: a new secret, kept but not in use until confirmed.
 * @throws DomainError `staff_conflict` when two-factor sign-in is already on.
 */
export async function startTotpSetup(db: Kysely<Database>, actor: StaffActor): Promise<TotpSetup> {
  const row = await liveMember(db, actor);
  if (row.totp_enabled_at !== null) throw conflict(STAFF_MESSAGES.totpAlreadyOn);
  const secret = generateSecret();
  // Conditional on it still being off: a confirmation racing this keeps its secret.
  const result = await db
    .updateTable('staff')
    .set({ totp_secret: secret })
    .where('id', '=', row.id)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw conflict(STAFF_MESSAGES.totpAlreadyOn);
  const issuer = await shopName(db, actor.tenantId);
  return { secret, otpauth_url: generateURI({ issuer, label: row.email, secret }) };
}

/**
 * Turns two-factor sign-in on with a code from the app, and logs `staff.totp_enable`. A wrong
 * code counts as a failed sign-in of the member (the sign-in throttle, key `staff:<id>`), so
 * the set-up is no faster place to guess codes than the sign-in. The code is burned (it cannot
 * sign in afterwards), and the actor's session counts as having passed two-step verification
 * from now on (./sessions.ts markSessionTwoStep).
 * @returns the 10 recovery codes, shown this once.
 * @throws ThrottledError past the member's failures from this address; DomainError
 *   `staff_conflict` (no set-up started, or already on); `otp_required` (field `code`) for a
 *   code that does not match the secret now (±30 s), or was used already.
 */
export async function confirmTotpSetup(
  db: Kysely<Database>,
  services: Pick<StaffServices, 'throttle' | 'otpReplay'>,
  actor: StaffActor,
  client: StaffClient,
  code: string,
  now = new Date(),
): Promise<{ recovery_codes: string[] }> {
  const row = await liveMember(db, actor);
  if (row.totp_enabled_at !== null) throw conflict(STAFF_MESSAGES.totpAlreadyOn);
  if (!row.totp_secret) throw conflict(STAFF_MESSAGES.totpNotStarted);
  const accountKey = `staff:${row.id}`;
  await services.throttle.before(actor.tenantId, accountKey, client.address);
  const step = await matchTotp(row.totp_secret, code.trim(), Math.floor(now.getTime() / 1000));
  if (step === null) throw wrongSetupCode();
  // Burned like a code at sign-in: the same code cannot sign in (or confirm) again.
  if (
    !(await services.otpReplay.tryConsumeKey(
      actor.tenantId,
      stepKey(row.id, step, row.totp_secret),
    ))
  ) {
    throw wrongSetupCode();
  }
  await services.throttle.succeeded(actor.tenantId, accountKey, client.address);
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('staff')
      .set({
        totp_enabled_at: now.toISOString(),
        recovery_codes: JSON.stringify(codes.map(hashRecoveryCode)),
      })
      .where('id', '=', row.id)
      .where('totp_secret', '=', row.totp_secret)
      .where('totp_enabled_at', 'is', null)
      .executeTakeFirst();
    // A set-up started again in between: this code was for the old secret.
    if (result.numUpdatedRows !== 1n) throw wrongSetupCode();
    await markSessionTwoStep(trx, actor, now);
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'staff.totp_enable',
        objectType: 'staff',
        objectId: actor.id,
        before: { totp_enabled: false },
        after: { totp_enabled: true },
      },
      now,
    );
  });
  return { recovery_codes: codes };
}

/**
 * Turns two-factor sign-in off after checking the member's password (counted as a sign-in
 * attempt of theirs, so it cannot be guessed here faster than at sign-in), and logs
 * `staff.totp_disable`.
 * @throws ThrottledError past the member's failed attempts; DomainError `staff_conflict`
 *   while the shop requires two-factor sign-in, or when it is not on; `staff_invalid` (field
 *   `password`: "Your password is not right.").
 */
export async function disableTotp(
  db: Kysely<Database>,
  services: Pick<StaffServices, 'throttle'>,
  actor: StaffActor,
  client: StaffClient,
  password: string,
  now = new Date(),
): Promise<void> {
  const policy = await findStaffPolicy(db, actor.tenantId);
  if (policy.require_totp) throw conflict(STAFF_MESSAGES.totpRequiredByShop);
  const row = await liveMember(db, actor);
  if (row.totp_enabled_at === null) throw conflict(STAFF_MESSAGES.totpNotOn);
  const accountKey = `staff:${row.id}`;
  await services.throttle.before(actor.tenantId, accountKey, client.address);
  if (!(await verifyPassword(password, row.password_hash))) {
    throw new DomainError<StaffErrorCode>('staff_invalid', STAFF_MESSAGES.passwordWrong, {
      field: 'password',
    });
  }
  await services.throttle.succeeded(actor.tenantId, accountKey, client.address);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set(TOTP_OFF).where('id', '=', row.id).execute();
    await logTotpChange(trx, actor, actor.id, 'disable', { totp_enabled: false }, now);
  });
}

/**
 * An owner resets another member's two-step verification (they lost their phone): the secret
 * and the recovery codes are forgotten, every session of the member ends (the factor those
 * sessions passed is gone), and the member is e-mailed. They sign in with their password next,
 * and set it up again (straight away when the shop requires it). Logs `staff.totp_reset`.
 * @param services `linkOrigin`, for the e-mail's sign-in link.
 * @returns the member as the staff list shows them (two-step off).
 * @throws DomainError `forbidden` (not an owner); `staff_not_found` (no live member of this
 *   shop by that id); `staff_conflict` for oneself (Account is the place), or a member without
 *   it on.
 */
export async function resetMemberTotp(
  db: Kysely<Database>,
  services: Pick<StaffServices, 'linkOrigin'>,
  actor: StaffActor,
  staffId: number,
  now = new Date(),
): Promise<StaffMemberView> {
  const notFound = new DomainError<StaffErrorCode>('staff_not_found', STAFF_MESSAGES.notFound);
  if (!isRowId(staffId)) throw notFound;
  if (staffId === actor.id) throw conflict(STAFF_MESSAGES.resetOwnTotp);
  const origin = services.linkOrigin(actor.tenantId);
  return db.transaction().execute(async (trx) => {
    // Conditional on it being on: of two owners resetting at once, one does it.
    const after = await trx
      .updateTable('staff')
      .set(TOTP_OFF)
      .where('id', '=', staffId)
      .where('tenant_id', '=', actor.tenantId)
      .where('removed_at', 'is', null)
      .where('totp_enabled_at', 'is not', null)
      .returningAll()
      .executeTakeFirst();
    if (!after) {
      const exists = await trx
        .selectFrom('staff')
        .select('id')
        .where('id', '=', staffId)
        .where('tenant_id', '=', actor.tenantId)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      throw exists ? conflict(STAFF_MESSAGES.memberTotpNotOn) : notFound;
    }
    const ended = await revokeAllStaffSessions(trx, actor.tenantId, after.id, now);
    const policy = await findStaffPolicy(trx, actor.tenantId);
    await queueStaffEmail(
      trx,
      {
        tenantId: actor.tenantId,
        recipient: after.email,
        dedupeKey: `staff-totp-reset:${after.id}:${now.getTime()}`,
        data: {
          kind: 'staff_two_step_reset',
          shop: await staffEmailShop(trx, actor.tenantId, origin, actor.email),
          memberName: after.name,
          ownerName: actor.name,
          required: policy.require_totp,
          signInUrl: `${origin}${SIGN_IN_PATH}`,
        },
      },
      now,
    );
    await logTotpChange(
      trx,
      actor,
      after.id,
      'reset',
      { totp_enabled: false, sessions_ended: ended },
      now,
    );
    return memberView(after);
  });
}
