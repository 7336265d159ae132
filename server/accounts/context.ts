/**
 * What the accounts' rules need from the rest of the server, handed in by the HTTP layer per
 * request, so no rule imports a handler or a plugin and a test can call one with its own
 * database, throttles and log.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { RefreshTokenStore } from './refresh-tokens.ts';
import type { AddressThrottle, LoginThrottle } from './throttle.ts';

/** The shop a request acts in and the client address it came from (what throttles count). */
export interface AccountScope {
  db: Kysely<Database>;
  tenantId: number;
  /** The client's IP address as the server sees it. */
  clientAddress: string;
}

/**
 * The sign-in services the rules share; server/http/auth.ts builds them once (`app.auth`).
 */
export interface SignInServices {
  refreshTokens: RefreshTokenStore;
  /** Failed logins per account and address, and attempts per address. */
  throttle: LoginThrottle;
  /** Registrations per client address. */
  registrationThrottle: AddressThrottle;
  /** scrypt work factor (log2 N) for new password hashes and the unknown-user equaliser. */
  passwordHashCost: number;
}
