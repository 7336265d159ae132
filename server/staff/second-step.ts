/**
 * The second step of a staff sign-in (two-step verification on), under a cap per member across
 * every client address (issue "Hardening, round four"): the sign-in throttle counts failures per
 * member AND address, so a password known to someone with many addresses (an IPv6 /48 holds
 * 65,536 /64s) could be tried with hundreds of thousands of codes an hour, and a 6-digit code
 * (three good ones in a million, ±1 step) would fall within about half an hour.
 *
 * - Each 6-digit code typed is counted for the member (`secondStep`, key `staff:<id>`) BEFORE it
 *   is checked, so concurrent guesses cannot all slip in before one is counted; a right code
 *   gives its count back, so only wrong codes add up, and a member's own sign-ins never do.
 * - The attempt that reaches the cap (10 wrong codes an hour by default) e-mails the member
 *   (once per window): someone has their password; choose a new one, tell the owner. It is also
 *   written to the activity log (by the system), where an owner sees it. Past the cap, every
 *   code is refused with 429 until the window ends, from every address.
 * - A recovery code (`xxxxx-xxxxx`, about 49 bits each) is not counted and still works past the
 *   cap: guessing one is hopeless, and it lets the member in while someone hammers their
 *   account. A missing code is not counted either (the back office's first request has none).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { StaffTable } from './tables.ts';
import { DomainError } from '../platform/domain-error.ts';
import { recordActivity } from './activity-log.ts';
import type { StaffServices } from './context.ts';
import { FORGOT_PASSWORD_PATH } from './password-reset.ts';
import { queueStaffEmail, staffEmailShop } from './staff-mail.ts';
import { checkSecondFactor, isRecoveryCodeShaped, type SecondFactor } from './totp-codes.ts';

type StaffRow = Selectable<StaffTable>;

/** The key a member's second-step attempts are counted under. */
function memberKey(row: Pick<StaffRow, 'id'>): string {
  return `staff:${row.id}`;
}

/**
 * Checks the second factor at sign-in under the member's cap (see the module comment).
 * @returns how it passed.
 * @throws ThrottledError past the member's wrong codes of the window (any address);
 *   DomainError `otp_required` (field `otp`) for a missing, wrong, replayed or spent code.
 */
export async function checkSecondStepAtSignIn(
  db: Kysely<Database>,
  services: Pick<StaffServices, 'otpReplay' | 'secondStep' | 'linkOrigin'>,
  row: StaffRow,
  otp: string | undefined,
  now = new Date(),
): Promise<SecondFactor> {
  const code = (otp ?? '').trim();
  if (code === '' || isRecoveryCodeShaped(code)) {
    return checkSecondFactor(db, services, row, otp, now);
  }
  const counted = await services.secondStep.consumeKey(row.tenant_id, memberKey(row));
  let passed: SecondFactor;
  try {
    passed = await checkSecondFactor(db, services, row, otp, now);
  } catch (error) {
    if (
      error instanceof DomainError &&
      error.code === 'otp_required' &&
      counted.hits === services.secondStep.limit
    ) {
      await capReached(db, services, row, counted, now);
    }
    throw error;
  }
  await services.secondStep.release(row.tenant_id, memberKey(row));
  return passed;
}

/** E-mails the member and logs that their account's cap of wrong codes was reached. */
async function capReached(
  db: Kysely<Database>,
  services: Pick<StaffServices, 'linkOrigin'>,
  row: StaffRow,
  counted: { hits: number; windowEndsMs: number },
  now: Date,
): Promise<void> {
  const origin = services.linkOrigin(row.tenant_id);
  const until = new Date(counted.windowEndsMs).toISOString();
  await db.transaction().execute(async (trx) => {
    const queued = await queueStaffEmail(
      trx,
      {
        tenantId: row.tenant_id,
        recipient: row.email,
        dedupeKey: `staff-second-step-cap:${row.id}:${counted.windowEndsMs}`,
        data: {
          kind: 'staff_second_step_locked',
          shop: await staffEmailShop(trx, row.tenant_id, origin, row.email),
          memberName: row.name,
          failures: counted.hits,
          until,
          resetUrl: `${origin}${FORGOT_PASSWORD_PATH}`,
        },
      },
      now,
    );
    if (!queued) return;
    await recordActivity(
      trx,
      {
        actor: null,
        tenantId: row.tenant_id,
        action: 'staff.second_step_locked',
        objectType: 'staff',
        objectId: row.id,
        after: { wrong_codes: counted.hits, codes_refused_until: until },
      },
      now,
    );
  });
}
