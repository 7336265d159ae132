/**
 * Login throttling with rate-limiter-flexible (issue 3; ASVS V2.2.1): failed attempts are
 * counted per account (tenant + login id) and all attempts per client address, each in its
 * own window. A caller over either limit gets {@link ThrottledError} (answered as 429 with
 * `detail` and Retry-After). A successful login clears the account's count.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

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
   * Call before checking a password: counts the attempt for the address and refuses an
   * account that has used up its failures.
   * @throws ThrottledError
   */
  async before(tenantId: number, loginId: string, address: string): Promise<void> {
    try {
      await this.perAddress.consume(`${tenantId}:${address}`);
    } catch (result) {
      throw new ThrottledError(retryAfter(result));
    }
    const account = await this.perAccount.get(LoginThrottle.accountKey(tenantId, loginId));
    if (account && account.remainingPoints <= 0) throw new ThrottledError(retryAfter(account));
  }

  /** Records a failed password for the account. */
  async failed(tenantId: number, loginId: string): Promise<void> {
    await this.perAccount.penalty(LoginThrottle.accountKey(tenantId, loginId), 1);
  }

  /** Clears the account's failures after a successful login. */
  async succeeded(tenantId: number, loginId: string): Promise<void> {
    await this.perAccount.delete(LoginThrottle.accountKey(tenantId, loginId));
  }
}
