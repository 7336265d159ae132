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
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '../platform/db/database.ts';
import { isRowId } from '../platform/db/errors.ts';
import type { StaffTable } from '../platform/db/tables/staff.ts';
import { DomainError } from '../platform/domain-error.ts';
import { randomCode } from '../platform/random-code.ts';
import { verifyPassword } from '../platform/credentials/passwords.ts';
import type { StaffActor } from './actor.ts';
import { recordActivity } from './activity-log.ts';
import type { StaffClient, StaffServices } from './context.ts';
import type { StaffErrorCode } from './errors.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { memberView, type StaffMemberView } from './members.ts';
import { findStaffPolicy } from './policy.ts';
import { markSessionTwoStep, revokeAllStaffSessions } from './sessions.ts';
import { queueStaffEmail, staffEmailShop } from './staff-mail.ts';

/** The back office's sign-in page, where the e-mails' sign-in links lead. */
export const SIGN_IN_PATH = '/admin/login';

type StaffRow = Selectable<StaffTable>;

/** How many recovery codes a member gets when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

const TOTP_CODE = /^[0-9]{6}$/;
const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
/** One 30-second step either side of the server's clock. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** What starting the set-up answers (the contract's TotpSetup). */
export interface TotpSetup {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** `otpauth://totp/<shop>:<e-mail>?secret=...&issuer=<shop>`, for a QR code. */
  otpauth_url: string;
}

/** The refusal of a missing or wrong code at sign-in, on the field `otp`. */
export function otpRequired(): DomainError<StaffErrorCode> {
  return new DomainError<StaffErrorCode>('otp_required', STAFF_MESSAGES.otpRequired, {
    field: 'otp',
  });
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

/** True for a code shaped like a recovery code (`xxxxx-xxxxx`, any case), not a 6-digit one. */
export function isRecoveryCodeShaped(code: string): boolean {
  return RECOVERY_CODE.test(code.trim().toLowerCase());
}

/**
 * The key under which a member's code of one time step is burned (./context.ts otpReplay): the
 * member, the step, and a fingerprint of the secret, so a code of a new secret (set up again
 * within the same minute, after a reset) is not taken for one already used.
 */
function stepKey(staffId: number, step: number, secret: string): string {
  const fingerprint = createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, 12);
  return `staff:${staffId}:${step}:${fingerprint}`;
}

/** Hex SHA-256 of a recovery code as `staff.recovery_codes` keeps it (lowercase). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase(), 'utf8').digest('hex');
}

/**
 * 10 fresh recovery codes, `xxxxx-xxxxx` (the contract's pattern) of a read-aloud alphabet
 * without look-alikes (no 0/o, 1/i/l, u): 30^10, about 49 bits each.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    `${randomCode(5)}-${randomCode(5)}`.toLowerCase(),
  );
}

function parseCodes(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The time step a 6-digit code matches for `secret` at `nowSeconds` (±1 step), or null.
 */
export async function matchTotp(
  secret: string,
  code: string,
  nowSeconds: number,
): Promise<number | null> {
  if (!TOTP_CODE.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: nowSeconds,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A secret otplib cannot read (a row edited by hand) matches nothing.
    return null;
  }
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

async function liveRow(db: Kysely<Database>, actor: StaffActor): Promise<StaffRow> {
  const row = await db
    .selectFrom('staff')
    .selectAll()
    .where('id', '=', actor.id)
    .where('tenant_id', '=', actor.tenantId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new DomainError<StaffErrorCode>('staff_not_found', STAFF_MESSAGES.notFound);
  return row;
}

/**
 * Starts (or starts again) the set-up: a new secret, kept but not in use until confirmed.
 * @throws DomainError `staff_conflict` when two-factor sign-in is already on.
 */
export async function startTotpSetup(db: Kysely<Database>, actor: StaffActor): Promise<TotpSetup> {
  const row = await liveRow(db, actor);
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
  const row = await liveRow(db, actor);
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
  const row = await liveRow(db, actor);
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
    await trx
      .updateTable('staff')
      .set({ totp_secret: null, totp_enabled_at: null, recovery_codes: '[]' })
      .where('id', '=', row.id)
      .execute();
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'staff.totp_disable',
        objectType: 'staff',
        objectId: actor.id,
        before: { totp_enabled: true },
        after: { totp_enabled: false },
      },
      now,
    );
  });
}

/** How a member passed the second factor. */
export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Checks the second factor of a member whose two-factor sign-in is on: a 6-digit code of the
 * current step or one either side, used for the first time; or an unused recovery code, which
 * is then spent (a conditional update: of two concurrent uses one wins).
 * @returns which one passed.
 * @throws DomainError `otp_required` (field `otp`) for a missing, malformed, wrong, replayed or
 *   spent code.
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  services: Pick<StaffServices, 'otpReplay'>,
  row: Pick<StaffRow, 'id' | 'tenant_id' | 'totp_secret' | 'recovery_codes'>,
  otp: string | undefined,
  now = new Date(),
): Promise<SecondFactor> {
  const code = (otp ?? '').trim().toLowerCase();
  if (!row.totp_secret || code === '' || code.length > 20) throw otpRequired();
  if (RECOVERY_CODE.test(code)) {
    const stored = parseCodes(row.recovery_codes);
    const wanted = Buffer.from(hashRecoveryCode(code), 'hex');
    const at = stored.findIndex((hash) => {
      const candidate = Buffer.from(hash, 'hex');
      return candidate.length === wanted.length && timingSafeEqual(candidate, wanted);
    });
    if (at === -1) throw otpRequired();
    const left = stored.filter((_, i) => i !== at);
    const spent = await db
      .updateTable('staff')
      .set({ recovery_codes: JSON.stringify(left) })
      .where('id', '=', row.id)
      .where('recovery_codes', '=', row.recovery_codes)
      .executeTakeFirst();
    if (spent.numUpdatedRows !== 1n) throw otpRequired();
    return 'recovery_code';
  }
  const step = await matchTotp(row.totp_secret, code, Math.floor(now.getTime() / 1000));
  if (step === null) throw otpRequired();
  if (
    !(await services.otpReplay.tryConsumeKey(row.tenant_id, stepKey(row.id, step, row.totp_secret)))
  ) {
    throw otpRequired();
  }
  return 'totp';
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
  const origin = services.linkOrigin();
  return db.transaction().execute(async (trx) => {
    // Conditional on it being on: of two owners resetting at once, one does it.
    const after = await trx
      .updateTable('staff')
      .set({ totp_secret: null, totp_enabled_at: null, recovery_codes: '[]' })
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
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'staff.totp_reset',
        objectType: 'staff',
        objectId: after.id,
        before: { totp_enabled: true },
        after: { totp_enabled: false, sessions_ended: ended },
      },
      now,
    );
    return memberView(after);
  });
}
