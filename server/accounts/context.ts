/**
 * What the accounts' rules need from the rest of the server, handed in by the HTTP layer per
 * request, so no rule imports a handler or a plugin and a test can call one with its own
 * database, throttles and log.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { RefreshTokenStore } from './refresh-tokens.ts';
import type { AddressThrottle, LoginThrottle } from '../platform/credentials/throttle.ts';
import type { MailMessage } from '../platform/mail/mailer.ts';
import type { PasswordResetStore } from './password-reset.ts';

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

/** What the reset rules need; server/http/wiring/accounts.ts builds them once (`app.account`). */
export interface PasswordResetServices {
  resetTokens: PasswordResetStore;
  /** Reset requests per client address and shop (over it: ThrottledError). */
  resetThrottleByAddress: AddressThrottle;
  /**
   * Reset e-mails per account and shop, keyed `user:<id>` (over it: the same answer, and
   * nothing is sent; the links already sent stay good). Never a refusal: the requester may be
   * a stranger, and a refusal would lock the owner out of their own reset.
   */
  resetMailsPerAccount: AddressThrottle;
  /** Reset confirmations per client address and shop (over it: ThrottledError, before hashing). */
  resetConfirmThrottleByAddress: AddressThrottle;
  /** Minimum time a reset request takes (ms). */
  resetResponseMs: number;
  /** MAIL_FROM, or null for the shop's contact e-mail. */
  mailFrom: string | null;
  /**
   * A shop's storefront origin its links start with (`http://127.0.0.1:8080`, no trailing
   * slash): its primary domain (../http/site-origin.ts).
   */
  linkOrigin(tenantId: number): string;
  /**
   * Sends a message after the answer has gone (the answer must not wait for, or be timed by,
   * the mail server); `logLine` is what may be logged of it (never the link: a credential).
   */
  sendLater(message: MailMessage, logLine: Record<string, unknown>): void;
}
