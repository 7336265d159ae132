/**
 * What the staff rules need from the rest of the server, handed in by the HTTP layer (built
 * once by server/http/admin/staff-services.ts, `app.staff`) or by a test or the shell command,
 * so no rule imports a handler or a plugin.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { AddressThrottle, LoginThrottle } from '../accounts/throttle.ts';
import { StaffTokenService } from './staff-tokens.ts';

/** Lifetimes and costs of the staff accounts. */
export interface StaffSettings {
  /** Absolute lifetime of a sign-in, counted from it (seconds; default 12 hours). */
  sessionTtlSeconds: number;
  /** Lifetime of an invitation link (seconds; default 72 hours). */
  invitationTtlSeconds: number;
  /** scrypt work factor (log2 N) of new password hashes and the unknown-account equaliser. */
  passwordHashCost: number;
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
   * `staff:<id>:<step>`, so a code seen over a shoulder or a proxy log cannot sign in again.
   */
  otpReplay: AddressThrottle;
  /** Invitations an owner sends per hour, keyed `staff:<id>` (each one is an e-mail). */
  inviteThrottle: AddressThrottle;
  /** Invitation acceptances per client address per hour (each hashes a password). */
  acceptThrottle: AddressThrottle;
  settings: StaffSettings;
}

export const STAFF_SESSION_TTL_SECONDS = 12 * 60 * 60;
export const STAFF_INVITATION_TTL_SECONDS = 72 * 60 * 60;

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
  /** Clock in epoch ms for the throttles (tests move it). */
  now?: () => number;
}

/** Builds the staff services on `db`. */
export function createStaffServices(
  db: Kysely<Database>,
  options: StaffServicesOptions,
): StaffServices {
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
    otpReplay: new AddressThrottle(db, {
      scope: 'staff-otp-step',
      attempts: 1,
      windowSeconds: 120,
      now: options.now,
    }),
    inviteThrottle: new AddressThrottle(db, {
      scope: 'staff-invite',
      attempts: options.invitationsPerHour ?? 30,
      windowSeconds: 60 * 60,
      now: options.now,
    }),
    acceptThrottle: new AddressThrottle(db, {
      scope: 'staff-invitation-accept',
      attempts: options.acceptsPerAddressPerHour ?? 20,
      windowSeconds: 60 * 60,
      now: options.now,
    }),
    settings: {
      sessionTtlSeconds: options.sessionTtlSeconds ?? STAFF_SESSION_TTL_SECONDS,
      invitationTtlSeconds: options.invitationTtlSeconds ?? STAFF_INVITATION_TTL_SECONDS,
      passwordHashCost: options.passwordHashCost ?? 15,
    },
  };
}

/** Where a sign-in comes from: what the throttles count and the session list shows. */
export interface StaffClient {
  /** The client's IP address as the server sees it. */
  address: string;
  /** The User-Agent header, if any (cut to 300 characters). */
  userAgent?: string | null;
}
