/**
 * Login throttling with rate-limiter-flexible (issue 3; ASVS V2.2.1): attempts are counted
 * per account (tenant + login id) and per client address, each in its own window; a
 * successful login clears the account's count, so the account limit bounds failures. A caller over either limit gets {@link ThrottledError} (answered as 429 with
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
 * Attempts per client address in a window, for endpoints without an account to count against
 * (registration: it limits account spam and e-mail probing through 'already exists').
 */
export class AddressThrottle {
  private readonly limiter: RateLimiterMemory;

  constructor({
    keyPrefix,
    attempts,
    windowSeconds,
  }: {
    keyPrefix: string;
    attempts: number;
    windowSeconds: number;
  }) {
    this.limiter = new RateLimiterMemory({ keyPrefix, points: attempts, duration: windowSeconds });
  }

  /** @throws ThrottledError once the address has used its attempts. */
  async consume(tenantId: number, address: string): Promise<void> {
    try {
      await this.limiter.consume(`${tenantId}:${address}`);
    } catch (result) {
      if (result instanceof Error) throw result;
      throw new ThrottledError(retryAfter(result));
    }
  }
}
