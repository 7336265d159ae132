/**
 * What the staff rules need from the rest of the server, handed in by the HTTP layer (built
 * once by server/http/admin/staff-services.ts, `app.staff`) or by a test or the shell command,
 * so no rule imports a handler or a plugin.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import {
  RESET_THROTTLE_WINDOW_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
} from '../platform/credentials/reset-tokens.ts';
import { AddressThrottle, LoginThrottle } from '../platform/credentials/throttle.ts';
import { StaffTokenService } from './staff-tokens.ts';

/** Lifetimes and costs of the staff accounts. */
export interface StaffSettings {
  /** Absolute lifetime of a sign-in, counted from it (seconds; default 12 hours). */
  sessionTtlSeconds: number;
  /** Lifetime of an invitation link (seconds; default 72 hours). */
  invitationTtlSeconds: number;
  /** scrypt work factor (log2 N) of new password hashes and the unknown-account equaliser. */
  passwordHashCost: number;
  /** Lifetime of a password-reset link (seconds; default 1 hour, as the shoppers'). */
  resetTokenTtlSeconds: number;
  /** The least time a reset request takes, account or not (ms; the shoppers' setting). */
  resetResponseMs: number;
}

/** The staff accounts' services (`app.staff`). */
export interface StaffServices {
  tokens: StaffTokenService;
  /**
   * Sign-in attempts: failures per account and address, attempts per address; scopes
   * `staff-login-*`, apart from the shoppers' counters.
   */
  throttle: LoginThrottle;
  /**
   * One use of each two-factor code: a time step of a member's code is counted once under
   * `staff:<id>:<step>:<secret fingerprint>`, so a code seen over a shoulder or a proxy log cannot
   * sign in again (nor the code that confirmed the set-up).
   */
  otpReplay: AddressThrottle;
  /** Invitations an owner sends per hour, keyed `staff:<id>` (each one is an e-mail). */
  inviteThrottle: AddressThrottle;
  /** Invitation acceptances per client address per hour (each hashes a password). */
  acceptThrottle: AddressThrottle;
  /**
   * Wrong 6-digit codes per member, from every address together, keyed `staff:<id>` (./sign-in.ts
   * and ./second-step.ts): the per-address count alone let a password be tried with codes from
   * thousands of addresses. Reaching it e-mails the member; past it, codes are refused (429)
   * until the window ends, and recovery codes still work.
   */
  secondStep: AddressThrottle;
  /** Reset requests per client address and shop per hour (over it: 429). */
  resetThrottleByAddress: AddressThrottle;
  /** Reset e-mails per member per hour, keyed `staff:<id>` (over it: nothing sent, same answer). */
  resetMailsPerAccount: AddressThrottle;
  /** Reset confirmations per client address and shop per hour (over it: 429, before hashing). */
  resetConfirmThrottleByAddress: AddressThrottle;
  settings: StaffSettings;
  /**
   * A shop's origin the back office's links start with (`http://127.0.0.1:8080`, no trailing
   * slash): its primary domain (../http/site-origin.ts), never a request's Host.
   */
  linkOrigin(tenantId: number): string;
}

export const STAFF_SESSION_TTL_SECONDS = 12 * 60 * 60;
export const STAFF_INVITATION_TTL_SECONDS = 72 * 60 * 60;
/** Wrong 6-digit codes a member's account takes per window, from all addresses together. */
export const STAFF_SECOND_STEP_MAX_FAILURES = 10;
export const STAFF_SECOND_STEP_WINDOW_SECONDS = 60 * 60;

/** What {@link createStaffServices} takes; every field but the secret has a default. */
export interface StaffServicesOptions {
  /** The shoppers' JWT secret (at least 32 bytes). */
  secret: Uint8Array;
  /** Access token lifetime (seconds; default 300). */
  accessTokenTtlSeconds?: number;
  sessionTtlSeconds?: number;
  invitationTtlSeconds?: number;
  /** Default 15 (tests lower it). */
  passwordHashCost?: number;
  /** Consecutive failed sign-ins per account and address per 15 minutes (default 5). */
  loginMaxFailures?: number;
  /** Sign-in attempts per address per 5 minutes (default 30). */
  loginMaxAttemptsPerAddress?: number;
  /** Invitations one owner may send per hour (default 30). */
  invitationsPerHour?: number;
  /** Invitation acceptances per client address per hour (default 20). */
  acceptsPerAddressPerHour?: number;
  /** Wrong 6-digit codes per member per window, all addresses together (default 10). */
  secondStepMaxFailures?: number;
  /** That window (seconds; default 1 hour). */
  secondStepWindowSeconds?: number;
  /** Reset requests, and separately confirmations, per address per hour (default 10). */
  passwordResetMaxPerAddress?: number;
  /** Reset e-mails per member per hour (default 3). */
  passwordResetMaxPerEmail?: number;
  /** The least time a reset request takes (ms; default 300). */
  passwordResetResponseMs?: number;
  /** Clock in epoch ms for the throttles (tests move it). */
  now?: () => number;
  /** The origin of the links in e-mails (default `http://127.0.0.1:8080`). */
  linkOrigin?: (tenantId: number) => string;
}

/** Builds the staff services on `db`. */
export function createStaffServices(
  db: Kysely<Database>,
  options: StaffServicesOptions,
): StaffServices {
  /** A throttle of `attempts` in `windowSeconds` under `scope`, on the services' clock. */
  const throttle = (scope: string, attempts: number, windowSeconds: number) =>
    new AddressThrottle(db, { scope, attempts, windowSeconds, now: options.now });
  return {
    tokens: new StaffTokenService({
      secret: options.secret,
      accessTtlSeconds: options.accessTokenTtlSeconds ?? 300,
    }),
    throttle: new LoginThrottle(db, {
      scopePrefix: 'staff-',
      pairFailures: options.loginMaxFailures ?? 5,
      pairWindowSeconds: 15 * 60,
      addressAttempts: options.loginMaxAttemptsPerAddress ?? 30,
      addressWindowSeconds: 5 * 60,
      now: options.now,
    }),
    // A code is good for three 30-second steps (±1): four steps cover it with room to spare.
    otpReplay: throttle('staff-otp-step', 1, 120),
    inviteThrottle: throttle('staff-invite', options.invitationsPerHour ?? 30, 60 * 60),
    acceptThrottle: throttle(
      'staff-invitation-accept',
      options.acceptsPerAddressPerHour ?? 20,
      60 * 60,
    ),
    secondStep: throttle(
      'staff-second-step',
      options.secondStepMaxFailures ?? STAFF_SECOND_STEP_MAX_FAILURES,
      options.secondStepWindowSeconds ?? STAFF_SECOND_STEP_WINDOW_SECONDS,
    ),
    resetThrottleByAddress: throttle(
      'staff-password-reset-address',
      options.passwordResetMaxPerAddress ?? 10,
      RESET_THROTTLE_WINDOW_SECONDS,
    ),
    resetMailsPerAccount: throttle(
      'staff-password-reset-email',
      options.passwordResetMaxPerEmail ?? 3,
      RESET_THROTTLE_WINDOW_SECONDS,
    ),
    resetConfirmThrottleByAddress: throttle(
      'staff-password-reset-confirm',
      options.passwordResetMaxPerAddress ?? 10,
      RESET_THROTTLE_WINDOW_SECONDS,
    ),
    settings: {
      sessionTtlSeconds: options.sessionTtlSeconds ?? STAFF_SESSION_TTL_SECONDS,
      invitationTtlSeconds: options.invitationTtlSeconds ?? STAFF_INVITATION_TTL_SECONDS,
      passwordHashCost: options.passwordHashCost ?? 15,
      resetTokenTtlSeconds: RESET_TOKEN_TTL_SECONDS,
      resetResponseMs: options.passwordResetResponseMs ?? 300,
    },
    linkOrigin: options.linkOrigin ?? (() => 'http://127.0.0.1:8080'),
  };
}

/** Where a sign-in comes from: what the throttles count and the session list shows. */
export interface StaffClient {
  /** The client's IP address as the server sees it. */
  address: string;
  /** The User-Agent header, if any (cut to 300 characters). */
  userAgent?: string | null;
}
