/**
 * Validated runtime configuration of the reference shop API: the database, accounts and
 * tokens, payments and the sandbox card gateway, throttles, e-mail and password resets,
 * caches and the order lifecycle.
 *
 * Every value comes from the environment with a documented default; a malformed value
 * throws a `ConfigError` naming the variable, so a typo fails at start-up instead of
 * surfacing later as odd behaviour.
 */
import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';

export interface AppConfig {
  /** Interface to listen on (default 127.0.0.1: never exposed on other interfaces by default). */
  host: string;
  /** TCP port, 0-65535 (0 picks a free port; default 8080). */
  port: number;
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of SQLite. */
  databaseUrl: string | null;
  /** SQLite database file (default data/shop.sqlite), created with its folder on first start. */
  sqlitePath: string;
  /** Folder of seeded media files (default data/media), served at `<publicApiPath>/media/`. */
  mediaDir: string;
  /** Path prefix of the API, starting with '/' and without a trailing slash (default /api). */
  publicApiPath: string;
  /** Serve the built SPA from dist/ on the same origin (default true). */
  serveSpa: boolean;
  /** Folder of the built SPA (default dist). */
  distDir: string;
  /** Tenant whose site settings are inlined into index.html (default demo-handcraft). */
  tenantToken: string;
  /** Pino log level; 'debug' and 'trace' also log every request. */
  logLevel: LogLevel;
  /** How long catalogue answers are cached in memory (ms; default 1000; 0 disables). */
  catalogCacheTtlMs: number;
  /**
   * How long a server-rendered page is reused (ms; default 10000; 0 disables). A write through
   * this process that pages show (an order's stock, a review, a comment) drops them at once.
   */
  pageCacheTtlMs: number;
  /**
   * Server renders at once, at most (PAGE_RENDERS_IN_FLIGHT; default one less than the cores,
   * at least 1); beyond it a page not in the cache is served as the shell.
   */
  pageRendersInFlight: number;
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
   * Origin of the storefront the sandbox card gateway sends the shopper back to
   * (`{origin}/payment/return?paymentId=...`), e.g. Vite's http://127.0.0.1:5173 in development.
   * Null: the origin the gateway page itself was requested on (the SPA served by this API).
   */
  storefrontUrl: string | null;
  /**
   * How long the sandbox gateway's delayed test card (4000 0000 0000 0077) stays `pending`
   * before it succeeds (ms; default 3000).
   */
  sandboxDelayedResultMs: number;
  /**
   * Which proxies may set X-Forwarded-For/-Proto/-Host (Fastify's `trustProxy`): false (none),
   * true (any: only when the API is reachable through the proxy alone), a hop count, or a list
   * of addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal).
   * Default: loopback (the Vite dev proxy, a reverse proxy on the same machine).
   */
  trustProxy: boolean | number | string[];
  /** Seed the demo customers (whose passwords the README prints) and the demo shops (default true). */
  seedDemo: boolean;
  /**
   * Folder where e-mails are written as `.eml` files when no SMTP server is configured
   * (OUTBOX_DIR, default data/outbox). The link of a password-reset e-mail written
   * there is also logged, so the two-command start needs no mail server.
   */
  outboxDir: string;
  /** SMTP server to send e-mail through (SMTP_URL, smtp:// or smtps://); null: the outbox. */
  smtpUrl: string | null;
  /** Sender address of the shop's e-mails (MAIL_FROM); null: the shop's contact e-mail. */
  mailFrom: string | null;
  /**
   * Register the sandbox card gateway (PAYMENT_SANDBOX; default: on with the demo seed, off
   * with SEED_DEMO=0). Anyone can pay a sandbox order with a test card, so with
   * NODE_ENV=production the configuration is refused while it is on.
   */
  paymentSandbox: boolean;
  /**
   * Key that seals each shop's payment-provider credentials in the database (PAYMENT_SECRETS_KEY:
   * 32 bytes as base64 or 64 hex characters). Null: a key generated on first start and kept in
   * `payment-secrets-key` beside the SQLite file (SQLite only; required with DATABASE_URL).
   */
  paymentSecretsKey: Uint8Array | null;
  /** 2C2P's sandbox and production API bases (C2P_SANDBOX_API_BASE, C2P_PRODUCTION_API_BASE). */
  twoC2pSandboxApiBase: string;
  twoC2pProductionApiBase: string;
  /** Stripe's API base (STRIPE_API_BASE; null: Stripe's own). Tests point it at a local fake. */
  stripeApiBase: string | null;
  /** An unpaid card order expires this long after its latest payment attempt started (s; default 3600). */
  cardOrderTtlSeconds: number;
  /** An unpaid bank-transfer or custom-method order expires this long after it was placed (s; default 7 days). */
  bankTransferOrderTtlSeconds: number;
  /** How often each API process looks for unpaid orders to expire (s; default 60; 0: never). */
  orderSweepIntervalSeconds: number;
  /** Unpaid orders a customer may have at once (default 5). */
  maxUnpaidOrders: number;
  /**
   * How long a process that took an e-mail from the outbox holds it (s; default 120): if it
   * dies before it is sent, another process sends it after that.
   */
  emailSendLockSeconds: number;
  /**
   * PostgreSQL time limits (ms): PG_CONNECT_TIMEOUT_MS (default 5000), PG_STATEMENT_TIMEOUT_MS
   * (15000) and PG_IDLE_TIMEOUT_MS (30000). Unused with SQLite.
   */
  pgTimeouts: { connectMs: number; statementMs: number; idleMs: number };
  /** Password-reset requests per client address and shop per hour (default 10). */
  passwordResetMaxPerAddress: number;
  /** Password-reset requests per e-mail address and shop per hour (default 3). */
  passwordResetMaxPerEmail: number;
  /**
   * Every password-reset request is answered no sooner than this (ms, default 300), whether
   * or not the e-mail has an account, so timing does not tell them apart.
   */
  passwordResetResponseMs: number;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** Thrown by `loadConfig` for a malformed environment variable; the message names it. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const DAY = 24 * 60 * 60;

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function parsePort(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`${name} must be an integer between 0 and 65535, got "${raw}".`);
  }
  return Number(raw);
}

function parseNonNegativeInt(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw))
    throw new ConfigError(`${name} must be a non-negative integer, got "${raw}".`);
  return Number(raw);
}

function parseIntInRange(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}".`);
  }
  return Number(raw);
}

function parseJwtSecret(env: Env, name: string): string | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters long.`);
  return raw;
}

function parseBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const lower = raw.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(env: Env, name: string): boolean | number | string[] {
  const raw = value(env, name);
  if (raw === undefined) return ['loopback'];
  const lower = raw.toLowerCase();
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (['false', 'no', 'off', 'none'].includes(lower)) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const kind = isIP(address);
    const maxBits = kind === 6 ? 128 : 32;
    const valid =
      rest.length === 0 &&
      (PROXY_NAMES.has(entry) ||
        (kind !== 0 && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits))));
    if (!valid) {
      throw new ConfigError(
        `${name} must be true, false, a hop count, or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal; "${entry}" is none of these.`,
      );
    }
  }
  return entries;
}

function parseDatabaseUrl(env: Env, name: string): string | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a postgres:// or postgresql:// URL.`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `${name} must be a postgres:// or postgresql:// URL, got protocol "${url.protocol}".`,
    );
  }
  return raw;
}

function parseOrigin(env: Env, name: string): string | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `${name} must be an absolute http(s) origin such as http://127.0.0.1:5173.`,
    );
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash
  ) {
    throw new ConfigError(
      `${name} must be an absolute http(s) origin such as http://127.0.0.1:5173 (no path, query or credentials), got "${raw}".`,
    );
  }
  return url.origin;
}

function parseSmtpUrl(env: Env, name: string): string | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an smtp:// or smtps:// URL.`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(
      `${name} must be an smtp:// or smtps:// URL, got protocol "${url.protocol}".`,
    );
  }
  return raw;
}

function parseSecretsKey(env: Env, name: string): Uint8Array | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  const bytes = /^[0-9a-fA-F]{64}$/.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw)
      ? Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (!bytes || bytes.length !== 32) {
    throw new ConfigError(
      `${name} must be 32 bytes as base64 or as 64 hex characters (e.g. from \`openssl rand -base64 32\`).`,
    );
  }
  return new Uint8Array(bytes);
}

function parseBaseUrl(env: Env, name: string, fallback: string | null): string | null {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL.`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new ConfigError(`${name} must be an absolute http(s) URL without credentials.`);
  }
  return raw.replace(/\/+$/, '');
}

function parseApiPath(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback;
  const path = raw.replace(/\/+$/, '');
  if (!/^\/[A-Za-z0-9._~\-/]+$/.test(path) || path.includes('//')) {
    throw new ConfigError(`${name} must be a path such as /api, got "${raw}".`);
  }
  return path;
}

/**
 * Reads the configuration from `env` (default `process.env`).
 * @throws ConfigError when a variable is malformed.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const logLevel = (value(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }
  const tenantToken = value(env, 'TENANT_TOKEN') ?? 'demo-handcraft';
  const databaseUrl = parseDatabaseUrl(env, 'DATABASE_URL');
  const jwtSecret = parseJwtSecret(env, 'JWT_SECRET');
  // Every process on one PostgreSQL must sign and verify with the same secret; a secret
  // generated into one machine's data/ folder would log shoppers out at the next process.
  if (databaseUrl && !jwtSecret) {
    throw new ConfigError(
      'JWT_SECRET is required when DATABASE_URL is set: every API process on the database must sign tokens with the same secret (32+ characters, e.g. from `openssl rand -base64 48`).',
    );
  }
  const seedDemo = parseBoolean(env, 'SEED_DEMO', true);
  const paymentSandbox = parseBoolean(env, 'PAYMENT_SANDBOX', seedDemo);
  if (paymentSandbox && value(env, 'NODE_ENV') === 'production') {
    throw new ConfigError(
      'PAYMENT_SANDBOX is on with NODE_ENV=production: the sandbox card gateway marks an order paid for a test card. It is on with the demo seed; set SEED_DEMO=0 (or PAYMENT_SANDBOX=0) in production.',
    );
  }
  // Absolute links (sitemap, robots.txt, canonical links, reset e-mails) need the public
  // origin; guessing it from the bound address would publish http://127.0.0.1 to the world.
  if (value(env, 'NODE_ENV') === 'production' && !value(env, 'STOREFRONT_URL')) {
    throw new ConfigError(
      'STOREFRONT_URL is required with NODE_ENV=production: the sitemap, robots.txt, canonical links and password-reset e-mails are built from it (e.g. https://shop.example).',
    );
  }
  const paymentSecretsKey = parseSecretsKey(env, 'PAYMENT_SECRETS_KEY');
  // Every process on one PostgreSQL must open the same sealed credentials.
  if (databaseUrl && !paymentSecretsKey) {
    throw new ConfigError(
      "PAYMENT_SECRETS_KEY is required when DATABASE_URL is set: every API process must open the shops' sealed payment credentials with the same key (32 bytes, e.g. from `openssl rand -base64 32`).",
    );
  }
  return {
    host: value(env, 'HOST') ?? '127.0.0.1',
    port: parsePort(env, 'PORT', 8080),
    databaseUrl,
    sqlitePath: value(env, 'SQLITE_PATH') ?? 'data/shop.sqlite',
    mediaDir: value(env, 'MEDIA_DIR') ?? 'data/media',
    publicApiPath: parseApiPath(env, 'PUBLIC_API_PATH', '/api'),
    serveSpa: parseBoolean(env, 'SERVE_SPA', true),
    distDir: value(env, 'DIST_DIR') ?? 'dist',
    tenantToken,
    logLevel: logLevel as LogLevel,
    catalogCacheTtlMs: parseNonNegativeInt(env, 'CATALOG_CACHE_TTL_MS', 1000),
    pageCacheTtlMs: parseNonNegativeInt(env, 'PAGE_CACHE_TTL_MS', 10_000),
    pageRendersInFlight: parseIntInRange(
      env,
      'PAGE_RENDERS_IN_FLIGHT',
      Math.max(1, availableParallelism() - 1),
      1,
      64,
    ),
    jwtSecret,
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
    trustProxy: parseTrustProxy(env, 'TRUST_PROXY'),
    seedDemo,
    paymentSandbox,
    paymentSecretsKey,
    twoC2pSandboxApiBase:
      parseBaseUrl(env, 'C2P_SANDBOX_API_BASE', 'https://sandbox-pgw.2c2p.com') ??
      'https://sandbox-pgw.2c2p.com',
    twoC2pProductionApiBase:
      parseBaseUrl(env, 'C2P_PRODUCTION_API_BASE', 'https://pgw.2c2p.com') ??
      'https://pgw.2c2p.com',
    stripeApiBase: parseBaseUrl(env, 'STRIPE_API_BASE', null),
    cardOrderTtlSeconds: parseIntInRange(env, 'CARD_ORDER_TTL_S', 3600, 60, 30 * DAY),
    bankTransferOrderTtlSeconds: parseIntInRange(
      env,
      'BANK_TRANSFER_ORDER_TTL_S',
      7 * DAY,
      60,
      90 * DAY,
    ),
    orderSweepIntervalSeconds: parseIntInRange(env, 'ORDER_SWEEP_INTERVAL_S', 60, 0, DAY),
    maxUnpaidOrders: parseIntInRange(env, 'MAX_UNPAID_ORDERS', 5, 1, 1000),
    emailSendLockSeconds: parseIntInRange(env, 'EMAIL_SEND_LOCK_S', 120, 1, 3600),
    pgTimeouts: {
      connectMs: parseIntInRange(env, 'PG_CONNECT_TIMEOUT_MS', 5000, 100, 120_000),
      statementMs: parseIntInRange(env, 'PG_STATEMENT_TIMEOUT_MS', 15_000, 100, 600_000),
      idleMs: parseIntInRange(env, 'PG_IDLE_TIMEOUT_MS', 30_000, 1000, 3_600_000),
    },
    storefrontUrl: parseOrigin(env, 'STOREFRONT_URL'),
    sandboxDelayedResultMs: parseIntInRange(env, 'SANDBOX_DELAYED_RESULT_MS', 3000, 0, 600_000),
    outboxDir: value(env, 'OUTBOX_DIR') ?? 'data/outbox',
    smtpUrl: parseSmtpUrl(env, 'SMTP_URL'),
    mailFrom: value(env, 'MAIL_FROM') ?? null,
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
export function jwtSecretPath(config: Pick<AppConfig, 'databaseUrl' | 'sqlitePath'>): string {
  const folder =
    config.databaseUrl || config.sqlitePath === ':memory:' ? 'data' : dirname(config.sqlitePath);
  return join(folder, 'jwt-secret');
}

/**
 * Where the generated payment-secrets key lives when PAYMENT_SECRETS_KEY is unset (SQLite
 * only): `payment-secrets-key` beside the SQLite file, so a dump of the database alone (or the
 * database file alone) opens no sealed credential.
 */
export function paymentSecretsKeyPath(
  config: Pick<AppConfig, 'databaseUrl' | 'sqlitePath'>,
): string {
  return join(dirname(jwtSecretPath(config)), 'payment-secrets-key');
}
