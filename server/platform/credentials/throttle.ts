/**
 * Throttles counted in the database (table `request_throttles`), so every API process on one
 * database enforces the same limits (architecture guide, convention 14; decisions 011 and 026).
 *
 * Logins follow rate-limiter-flexible's "login endpoint protection" pattern:
 * - consecutive failures per account AND client address pair (LOGIN_MAX_FAILURES per 15
 *   minutes; a success clears the pair), so an attacker guessing one account is slowed down
 *   while its owner, from their own address, still gets in;
 * - attempts per client address across accounts (LOGIN_MAX_ATTEMPTS_PER_ADDRESS per 5 minutes),
 *   which bounds the volume one client can try.
 * A caller over either limit gets {@link ThrottledError} (the HTTP layer answers 429 with its
 * `detail` and Retry-After: server/http/throttled.ts). Client addresses are counted by
 * {@link clientKey}: an IPv6 client by its /64, the smallest block one subscriber is usually
 * given, so rotating addresses inside it gains nothing.
 */
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * A throttle refused the attempt: try again in `retryAfterSeconds`. Not a DomainError: the
 * answer carries a Retry-After header, which the HTTP layer adds (server/http/throttled.ts).
 */
export class ThrottledError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Request was throttled. Expected available in ${retryAfterSeconds} seconds.`);
    this.name = 'ThrottledError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The key a client address is counted under: an IPv4 address as is (also when it arrives
 * IPv4-mapped, `::ffff:203.0.113.9`), an IPv6 address as its /64 network (`2001:db8:1:2::/64`),
 * anything unparsable as given.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else {
      const parts = v6.parts.slice(0, 4);
      return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
    }
  }
  return parsed.toString();
}

/** Keys longer than the column are replaced by their hash (unknown login ids can be long). */
function storedKey(key: string): string {
  return key.length <= 200 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export interface LoginThrottleOptions {
  /** Consecutive failures allowed per account and address pair per window (default 5 per 15 min). */
  pairFailures?: number;
  pairWindowSeconds?: number;
  /** Login attempts allowed per client address per window (default 30 per 5 minutes). */
  addressAttempts?: number;
  addressWindowSeconds?: number;
  /** Clock in epoch ms (tests move it). */
  now?: () => number;
  /**
   * Prefix of the two counters' scopes (default none: `login-failures`, `login-address`), so
   * another kind of account (the back office's staff: `staff-`) counts apart from shoppers.
   */
  scopePrefix?: string;
}

export class LoginThrottle {
  private readonly perPair: AddressThrottle;
  private readonly perAddress: AddressThrottle;

  constructor(db: Kysely<Database>, options: LoginThrottleOptions = {}) {
    this.perPair = new AddressThrottle(db, {
      scope: `${options.scopePrefix ?? ''}login-failures`,
      attempts: options.pairFailures ?? 5,
      windowSeconds: options.pairWindowSeconds ?? 15 * 60,
      now: options.now,
    });
    this.perAddress = new AddressThrottle(db, {
      scope: `${options.scopePrefix ?? ''}login-address`,
      attempts: options.addressAttempts ?? 30,
      windowSeconds: options.addressWindowSeconds ?? 5 * 60,
      now: options.now,
    });
  }

  private static pairKey(accountKey: string, address: string): string {
    return `${accountKey.trim().toLowerCase()} ${clientKey(address)}`;
  }

  /**
   * Call before checking a password: counts the attempt for the address and for the account and
   * address pair at once, so that concurrent guesses cannot all slip past before any failure is
   * recorded. A successful login then clears the pair ({@link succeeded}), so only consecutive
   * failures add up.
   * @throws ThrottledError
   */
  async before(tenantId: number, accountKey: string, address: string): Promise<void> {
    await this.perAddress.consume(tenantId, address);
    await this.perPair.consumeKey(tenantId, LoginThrottle.pairKey(accountKey, address));
  }

  /** Clears the pair's failures after a successful login. */
  async succeeded(tenantId: number, accountKey: string, address: string): Promise<void> {
    await this.perPair.resetKey(tenantId, LoginThrottle.pairKey(accountKey, address));
  }
}

/** Where a key stands in its window after an attempt ({@link AddressThrottle.consumeKey}). */
export interface ThrottleCount {
  /** Attempts counted in the current window, the last one included. */
  hits: number;
  /** When the window ends (epoch ms). */
  windowEndsMs: number;
}

/**
 * Attempts per client address in a fixed window, for endpoints without an account to count
 * against: registrations (REGISTER_MAX_PER_ADDRESS; it limits account spam and e-mail probing
 * through 'already exists'), contact messages (CONTACT_MAX_PER_ADDRESS), password-reset
 * requests and confirmations (PASSWORD_RESET_MAX_PER_ADDRESS each); under a key of the
 * caller's, the reset e-mails per account (PASSWORD_RESET_MAX_PER_EMAIL, enforced silently).
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
    await this.consumeKey(tenantId, clientKey(address));
  }

  /** The attempts a key may use per window. */
  get limit(): number {
    return this.attempts;
  }

  /** Forgets the count of `key` (a login that succeeded). */
  async resetKey(tenantId: number, key: string): Promise<void> {
    await this.db
      .deleteFrom('request_throttles')
      .where('scope', '=', this.scope)
      .where('tenant_id', '=', tenantId)
      .where('key', '=', storedKey(key))
      .execute();
  }

  /**
   * Gives back one attempt of `key` in its current window (never below 0): an attempt that was
   * counted before it could be judged, and turned out not to be one the limit is about (the
   * staff's second step counts each code before checking it, and gives a right one back).
   */
  async release(tenantId: number, key: string): Promise<void> {
    await this.db
      .updateTable('request_throttles')
      .set({ hits: sql<number>`hits - 1` })
      .where('scope', '=', this.scope)
      .where('tenant_id', '=', tenantId)
      .where('key', '=', storedKey(key))
      .where('hits', '>', 0)
      .where('window_ends_ms', '>', this.now())
      .execute();
  }

  /**
   * Counts one attempt under an arbitrary key (already normalized by the caller).
   * @returns the attempts counted in the window so far (this one included) and when the
   *   window ends (epoch ms).
   * @throws ThrottledError as {@link consume}.
   */
  async consumeKey(tenantId: number, key: string): Promise<ThrottleCount> {
    const now = this.now();
    const windowEnds = now + this.windowMs;
    await this.prune(now);
    const row = await this.db
      .insertInto('request_throttles')
      .values({
        scope: this.scope,
        tenant_id: tenantId,
        key: storedKey(key),
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
    return { hits: Number(row.hits), windowEndsMs: Number(row.window_ends_ms) };
  }

  /**
   * Counts one attempt under `key`, like {@link consumeKey}, for a limit the caller enforces
   * silently (the reset e-mails per account: over it, nothing is sent, and the answer is the
   * same as below it).
   * @returns true while the key is within its attempts in the current window, false after.
   */
  async tryConsumeKey(tenantId: number, key: string): Promise<boolean> {
    try {
      await this.consumeKey(tenantId, key);
      return true;
    } catch (error) {
      if (error instanceof ThrottledError) return false;
      throw error;
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
