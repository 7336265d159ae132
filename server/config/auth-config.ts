/**
 * The accounts part of the configuration: the JWT signing secret and where a generated one is
 * kept, token lifetimes, the password hash's work factor, and the throttles of login,
 * registration, the contact form and password resets.
 */
import { dirname, join } from 'node:path';
import { ConfigError, DAY, type Env, parseIntInRange, value } from './env-values.ts';

/** Accounts: token signing and lifetimes, password hashing, and the request throttles. */
export interface AuthConfig {
  /**
   * JWT signing secret (JWT_SECRET, at least 32 characters). When null, a random secret is
   * generated on first start and kept in `jwt-secret` beside the SQLite file (see jwtSecretPath).
   */
  jwtSecret: string | null;
  /** Lifetime of an access token in seconds (default 300). */
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a refresh-token family in seconds, counted from login (default 7 days). */
  refreshTokenTtlSeconds: number;
  /** How long a spent refresh token may still be exchanged (two tabs at once; default 10 s). */
  refreshReuseGraceSeconds: number;
  /** scrypt work factor of new password hashes as log2 N (default 15; 4-20). */
  passwordHashCost: number;
  /**
   * Consecutive failed logins allowed per account and client address pair (an IPv6 address
   * counts by its /64) within 15 minutes (default 5); a success clears the pair's count.
   */
  loginMaxFailures: number;
  /** Login attempts allowed per client address (IPv6: per /64) per 5 minutes (default 30). */
  loginMaxAttemptsPerAddress: number;
  /** Registrations allowed per client address per hour (default 20). */
  registerMaxPerAddress: number;
  /** Contact-form messages accepted per client address per hour (default 10). */
  contactMaxPerAddress: number;
  /**
   * "E-mail me when it is back" asks per client address and shop per hour (default 10), and,
   * counted apart, their confirmations; over either: 429 (server/catalog/back-in-stock.ts).
   */
  backInStockMaxPerAddress: number;
  /**
   * Password-reset requests per client address and shop per hour (default 10), and, counted
   * apart, reset confirmations per client address and shop per hour; over either: 429.
   */
  passwordResetMaxPerAddress: number;
  /**
   * Password-reset e-mails sent per account per hour (default 3). Past it a request is answered
   * the same and sends nothing; the links already sent keep working (never a 429, which would
   * let a stranger lock the owner out of their own reset).
   */
  passwordResetMaxPerEmail: number;
  /**
   * Every password-reset request is answered no sooner than this (ms, default 300), whether
   * or not the e-mail has an account, so timing does not tell them apart.
   */
  passwordResetResponseMs: number;
}

/** JWT_SECRET: at least 32 characters; null when unset. @throws ConfigError when shorter. */
function parseJwtSecret(env: Env, name: string): string | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters long.`);
  return raw;
}

/**
 * Reads the accounts settings: JWT_SECRET, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS,
 * REFRESH_REUSE_GRACE_SECONDS, PASSWORD_HASH_COST, and the LOGIN_*, REGISTER_*, CONTACT_* and
 * PASSWORD_RESET_* limits.
 * @throws ConfigError when one is malformed.
 */
export function loadAuthConfig(env: Env): AuthConfig {
  return {
    jwtSecret: parseJwtSecret(env, 'JWT_SECRET'),
    accessTokenTtlSeconds: parseIntInRange(env, 'ACCESS_TOKEN_TTL_SECONDS', 300, 1, DAY),
    refreshTokenTtlSeconds: parseIntInRange(
      env,
      'REFRESH_TOKEN_TTL_SECONDS',
      7 * DAY,
      1,
      365 * DAY,
    ),
    refreshReuseGraceSeconds: parseIntInRange(env, 'REFRESH_REUSE_GRACE_SECONDS', 10, 0, 300),
    passwordHashCost: parseIntInRange(env, 'PASSWORD_HASH_COST', 15, 4, 20),
    loginMaxFailures: parseIntInRange(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginMaxAttemptsPerAddress: parseIntInRange(
      env,
      'LOGIN_MAX_ATTEMPTS_PER_ADDRESS',
      30,
      1,
      100_000,
    ),
    registerMaxPerAddress: parseIntInRange(env, 'REGISTER_MAX_PER_ADDRESS', 20, 1, 100_000),
    contactMaxPerAddress: parseIntInRange(env, 'CONTACT_MAX_PER_ADDRESS', 10, 1, 100_000),
    backInStockMaxPerAddress: parseIntInRange(env, 'BACK_IN_STOCK_MAX_PER_ADDRESS', 10, 1, 100_000),
    passwordResetMaxPerAddress: parseIntInRange(
      env,
      'PASSWORD_RESET_MAX_PER_ADDRESS',
      10,
      1,
      100_000,
    ),
    passwordResetMaxPerEmail: parseIntInRange(env, 'PASSWORD_RESET_MAX_PER_EMAIL', 3, 1, 100_000),
    passwordResetResponseMs: parseIntInRange(env, 'PASSWORD_RESET_RESPONSE_MS', 300, 0, 10_000),
  };
}

/**
 * Where the generated JWT secret lives when JWT_SECRET is unset: `jwt-secret` in the SQLite
 * file's folder (data/ by default, git-ignored), or data/ with PostgreSQL or an in-memory SQLite.
 * Derived from the final config, so a test that moves the SQLite file moves the secret with it.
 */
export function jwtSecretPath(config: { databaseUrl: string | null; sqlitePath: string }): string {
  const folder =
    config.databaseUrl || config.sqlitePath === ':memory:' ? 'data' : dirname(config.sqlitePath);
  return join(folder, 'jwt-secret');
}
