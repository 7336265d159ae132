/**
 * Signing a staff member in to the back office (decisions 020 and 054): e-mail and password, and
 * the code of their authenticator app when two-factor sign-in is on (./totp.ts), start a session
 * (./sessions.ts).
 *
 * - The password is checked as the shoppers' is (server/platform/credentials/passwords.ts): an
 *   unknown e-mail, a removed account and a wrong password are refused alike, in about the same
 *   time.
 * - Attempts are throttled as the shoppers' logins are (server/platform/credentials/throttle.ts
 *   LoginThrottle), under the `staff-` scopes so the two never share a count: consecutive
 *   failures per account and client address (a success clears them), attempts per address. A
 *   missing or wrong second factor counts as a failure: a stolen password gives 5 guesses of
 *   the code per 15 minutes from one address, not a million; and wrong codes are capped per
 *   member across every address too (./second-step.ts: 10 an hour, then an e-mail to the
 *   member and 429 until the hour ends).
 * - Two-factor sign-in on: a missing or wrong `otp` is refused with `otp_required` on the field
 *   `otp` ("Enter the 6-digit code from your authenticator app."), which the back office reads
 *   as "ask for the code"; a recovery code works once instead.
 * - The shop requires two-factor sign-in and the member has not set it up: the sign-in still
 *   succeeds and `/me` answers `totp_required: true`, so the back office sends them to the
 *   set-up first. Refusing them would lock them out for good: the set-up needs a signed-in
 *   member, and an owner turning the requirement on must not sign out every member at once.
 * - A success writes `staff.sign_in` to the activity log (with how the second factor passed)
 *   and the member's `last_login_at`, in the transaction that opens the session; a session
 *   that passed the second factor remembers it (./sessions.ts `two_step_at`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { burnPasswordCheck, verifyPassword } from '../platform/credentials/passwords.ts';
import type { StaffActor } from './actor.ts';
import { recordActivity } from './activity-log.ts';
import type { StaffClient, StaffServices } from './context.ts';
import { normalizeStaffEmail } from './member-input.ts';
import { staffProfile, type StaffProfile } from './members.ts';
import { startStaffSession, type StaffTokenPair } from './sessions.ts';
import { STAFF_AUTH_MESSAGES, staffAuthFailed } from './staff-tokens.ts';
import { checkSecondStepAtSignIn } from './second-step.ts';
import type { SecondFactor } from './totp-codes.ts';

/** The contract's StaffLoginRequest. */
export interface StaffCredentials {
  email: string;
  password: string;
  /** A 6-digit code, or a recovery code `xxxxx-xxxxx`; needed when two-factor sign-in is on. */
  otp?: string;
}

/** What a sign-in answers (the contract's StaffTokens). */
export interface StaffSignIn extends StaffTokenPair {
  staff: StaffProfile;
}

/**
 * Checks the credentials (and the second factor) and opens a session.
 * @param tenantId the shop the request came to.
 * @returns `{access, refresh, staff}`.
 * @throws ThrottledError past the account's failures from this address, the address's attempts, or
 *   the member's wrong codes from every address; DomainError `staff_auth_failed` ("No active
 *   account found with the given credentials") for an unknown e-mail, a removed account or a wrong
 *   password; `otp_required` (field `otp`) when two-factor sign-in is on and the code is missing or
 *   wrong.
 */
export async function signInStaff(
  db: Kysely<Database>,
  services: Pick<
    StaffServices,
    'throttle' | 'otpReplay' | 'secondStep' | 'linkOrigin' | 'tokens' | 'settings'
  >,
  tenantId: number,
  client: StaffClient,
  credentials: StaffCredentials,
  now = new Date(),
): Promise<StaffSignIn> {
  const email = normalizeStaffEmail(credentials.email);
  const { password } = credentials;
  // A lookup of an e-mail far longer than a column holds is no lookup at all.
  const row =
    email && email.length <= 254 && !email.includes('\u0000')
      ? await db
          .selectFrom('staff')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('email', '=', email)
          .where('removed_at', 'is', null)
          .executeTakeFirst()
      : undefined;
  // Unknown e-mails count under their own prefixed key, never colliding with an account's
  // (without NUL characters, which a PostgreSQL text column refuses).
  const accountKey = row ? `staff:${row.id}` : `staff-login:${email.replaceAll('\u0000', '')}`;
  await services.throttle.before(tenantId, accountKey, client.address);

  let matches = false;
  if (row) matches = await verifyPassword(password, row.password_hash);
  else await burnPasswordCheck(password, { log2Cost: services.settings.passwordHashCost });
  if (!row || !matches) throw staffAuthFailed(STAFF_AUTH_MESSAGES.badCredentials);

  let secondFactor: SecondFactor | null = null;
  if (row.totp_enabled_at !== null) {
    // Refused here, the attempt stays counted (throttle.before): only a full success clears it.
    secondFactor = await checkSecondStepAtSignIn(db, services, row, credentials.otp, now);
  }

  await services.throttle.succeeded(tenantId, accountKey, client.address);
  const session = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set({ last_login_at: now.toISOString() })
      .where('id', '=', row.id)
      .execute();
    const started = await startStaffSession(
      trx,
      services,
      { id: row.id, tenantId },
      client,
      now,
      secondFactor ? now : null,
    );
    const actor: StaffActor = {
      id: row.id,
      tenantId,
      email: row.email,
      name: row.name,
      role: row.role,
      sessionId: started.sessionId,
    };
    await recordActivity(
      trx,
      {
        actor,
        tenantId,
        action: 'staff.sign_in',
        objectType: 'session',
        objectId: started.sessionId,
        after: { second_factor: secondFactor ?? 'none', ip: client.address },
      },
      now,
    );
    return { ...started, actor };
  });
  return {
    access: session.access,
    refresh: session.refresh,
    staff: await staffProfile(db, session.actor),
  };
}
