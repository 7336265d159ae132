/**
 * Login throttling with rate-limiter-flexible (issue 3; ASVS V2.2.1): attempts are counted
 * per account (tenant + login id) and per client address, each in its own window; a
 * successful login clears the account's count, so the account limit bounds failures. A caller over either limit gets {@link ThrottledError} (answered as 429 with
 * `detail` and Retry-After). A successful login clears the account's count.
 *
 * Requests counted per client address alone (registrations, contact messages) go through
 * {@link AddressThrottle}, whose counts live in the database.
 */
import { type Kysely, sql } from 'kysely';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/database.ts';

export interface LoginThrottleOptions {
  /** Failed logins allowed per account per window (default 5 per 15 minutes). */
  accountAttempts?: number;
  accountWindowSeconds?: number;
  /** Login attempts allowed per client address per window (default 30 per 5 minutes). */
  addressAttempts?: number;
  addressWindowSeconds?: number;
}

export class ThrottledError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Request was throttled. Expected available in ${retryAfterSeconds} seconds.`);
    this.name = 'ThrottledError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function retryAfter(result: unknown): number {
  return result instanceof RateLimiterRes ? Math.max(1, Math.ceil(result.msBeforeNext / 1000)) : 60;
}

export class LoginThrottle {
  private readonly perAccount: RateLimiterMemory;
  private readonly perAddress: RateLimiterMemory;

  constructor(options: LoginThrottleOptions = {}) {
    this.perAccount = new RateLimiterMemory({
      keyPrefix: 'login-account',
      points: options.accountAttempts ?? 5,
      duration: options.accountWindowSeconds ?? 15 * 60,
    });
    this.perAddress = new RateLimiterMemory({
      keyPrefix: 'login-address',
      points: options.addressAttempts ?? 30,
      duration: options.addressWindowSeconds ?? 5 * 60,
    });
  }

  private static accountKey(tenantId: number, loginId: string): string {
    return `${tenantId}:${loginId.trim().toLowerCase()}`;
  }

  /**
   * Call before checking a password: counts the attempt for the address and for the account
   * at once, so that concurrent guesses cannot all slip past before any failure is recorded.
   * A successful login then gives the account its points back ({@link succeeded}), so only
   * failures use them up.
   * @throws ThrottledError
   */
  async before(tenantId: number, loginId: string, address: string): Promise<void> {
    try {
      await this.perAddress.consume(`${tenantId}:${address}`);
      await this.perAccount.consume(LoginThrottle.accountKey(tenantId, loginId));
    } catch (result) {
      if (result instanceof Error) throw result;
      throw new ThrottledError(retryAfter(result));
    }
  }

  /** Clears the account's count after a successful login. */
  async succeeded(tenantId: number, loginId: string): Promise<void> {
    await this.perAccount.delete(LoginThrottle.accountKey(tenantId, loginId));
  }
}

/**
 * Attempts per client address in a fixed window, for endpoints without an account to count
 * against: registrations (REGISTER_MAX_PER_ADDRESS; it limits account spam and e-mail probing
 * through 'already exists') and contact messages (CONTACT_MAX_PER_ADDRESS, issue 7).
 *
 * The counts live in the database (table `request_throttles`), not in a process, so every API
 * process on one database enforces the same limit (architecture guide, convention 14). Each
 * attempt is one atomic upsert that starts a new window when the old one has ended and
 * otherwise adds one, returning the count: concurrent attempts are counted exactly on SQLite
 * and PostgreSQL alike. Ended windows are deleted at most once a minute per process.
 */
export class AddressThrottle {
  private readonly scope: string;
  private readonly attempts: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private nextPruneAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    options: {
      /** Names the counter, e.g. "register" or "contact-message" (at most 50 characters). */
      scope: string;
      attempts: number;
      windowSeconds: number;
      /** Clock in epoch ms (tests move it). */
      now?: () => number;
    },
  ) {
    this.scope = options.scope;
    this.attempts = options.attempts;
    this.windowMs = options.windowSeconds * 1000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts one attempt of `address` in the tenant.
   * @throws ThrottledError once the address has used its attempts in the current window
   *   (the refused attempt is counted too; the window does not move).
   */
  async consume(tenantId: number, address: string): Promise<void> {
    const now = this.now();
    const windowEnds = now + this.windowMs;
    await this.prune(now);
    const row = await this.db
      .insertInto('request_throttles')
      .values({
        scope: this.scope,
        tenant_id: tenantId,
        key: address.slice(0, 255),
        hits: 1,
        window_ends_ms: windowEnds,
      })
      .onConflict((oc) =>
        oc.columns(['scope', 'tenant_id', 'key']).doUpdateSet({
          hits: sql<number>`case when request_throttles.window_ends_ms <= ${now} then 1 else request_throttles.hits + 1 end`,
          window_ends_ms: sql<number>`case when request_throttles.window_ends_ms <= ${now} then ${windowEnds} else request_throttles.window_ends_ms end`,
        }),
      )
      .returning(['hits', 'window_ends_ms'])
      .executeTakeFirstOrThrow();
    if (row.hits > this.attempts) {
      // Concurrent attempts read the clock a moment apart: the window another one opened may end
      // a few milliseconds later than this attempt's own window would.
      const waitMs = Math.min(Number(row.window_ends_ms) - now, this.windowMs);
      throw new ThrottledError(Math.max(1, Math.ceil(waitMs / 1000)));
    }
  }

  /** Deletes ended windows of every address, at most once a minute per process. */
  private async prune(now: number): Promise<void> {
    if (now < this.nextPruneAt) return;
    this.nextPruneAt = now + 60_000;
    await this.db
      .deleteFrom('request_throttles')
      .where('scope', '=', this.scope)
      .where('window_ends_ms', '<=', now)
      .execute();
  }
}
