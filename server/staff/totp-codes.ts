/**
 * The codes of staff two-factor sign-in (TOTP, RFC 6238, through otplib: SHA-1, 6 digits,
 * 30-second steps; ./totp.ts sets it up): matching a 6-digit code at a moment (the current
 * step or one either side, ±30 s of clock drift), the key under which a step's code is burned
 * once used (./context.ts `otpReplay`), the recovery codes (`xxxxx-xxxxx`, 10 a member, only
 * their SHA-256 kept) and the sign-in's check of the second factor ({@link checkSecondFactor},
 * under the member's cap of wrong codes: ./second-step.ts).
 *
 * Times are Unix seconds. Errors: `otp_required` (field `otp`) for a missing, malformed,
 * wrong, replayed or spent code. Spec: openapi/admin.yaml, tag staff.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { verify } from 'otplib';
import type { Database } from '../platform/db/database.ts';
import type { StaffTable } from './tables.ts';
import { DomainError } from '../platform/domain-error.ts';
import { randomCode } from '../platform/random-code.ts';
import type { StaffServices } from './context.ts';
import type { StaffErrorCode } from './errors.ts';
import { STAFF_MESSAGES } from './messages.ts';

type StaffRow = Selectable<StaffTable>;

/** How many recovery codes a member gets when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

const TOTP_CODE = /^[0-9]{6}$/;
const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
/** One 30-second step either side of the server's clock. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** The refusal of a missing or wrong code at sign-in, on the field `otp`. */
export function otpRequired(): DomainError<StaffErrorCode> {
  return new DomainError<StaffErrorCode>('otp_required', STAFF_MESSAGES.otpRequired, {
    field: 'otp',
  });
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
export function stepKey(staffId: number, step: number, secret: string): string {
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

/** The recovery codes' hashes `staff.recovery_codes` holds (none when it is not a JSON list). */
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
