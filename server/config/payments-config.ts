/**
 * The payments part of the configuration: the sandbox card gateway, the key that seals each
 * shop's provider credentials and where a generated one is kept, the providers' API bases,
 * and the order lifecycle's timings (unpaid orders' lifetimes, the expiry sweep, the limit of
 * unpaid orders per customer).
 */
import { dirname, join } from 'node:path';
import { jwtSecretPath } from './auth-config.ts';
import {
  ConfigError,
  DAY,
  type Env,
  parseBaseUrl,
  parseBoolean,
  parseIntInRange,
  value,
} from './env-values.ts';

/** Payments (providers, the sandbox gateway, sealed credentials) and the order lifecycle. */
export interface PaymentsConfig {
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
  /**
   * How long the sandbox gateway's delayed test card (4000 0000 0000 0077) stays `pending`
   * before it succeeds (ms; default 3000).
   */
  sandboxDelayedResultMs: number;
  /** An unpaid card order expires this long after it was placed, however many payments start (s; default 3600). */
  cardOrderTtlSeconds: number;
  /** An unpaid bank-transfer or custom-method order expires this long after it was placed (s; default 7 days). */
  bankTransferOrderTtlSeconds: number;
  /** How often each API process looks for unpaid orders to expire (s; default 60; 0: never). */
  orderSweepIntervalSeconds: number;
  /** Unpaid orders a customer may have at once (default 5). */
  maxUnpaidOrders: number;
}

/**
 * PAYMENT_SECRETS_KEY: 32 bytes as 64 hex characters or as base64 (standard or URL-safe);
 * null when unset. @throws ConfigError otherwise.
 */
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

/**
 * Reads the payments and order-lifecycle settings: PAYMENT_SANDBOX (on by default when the
 * demo is seeded: `seedDemo`), PAYMENT_SECRETS_KEY, C2P_SANDBOX_API_BASE,
 * C2P_PRODUCTION_API_BASE, STRIPE_API_BASE, SANDBOX_DELAYED_RESULT_MS, CARD_ORDER_TTL_S,
 * BANK_TRANSFER_ORDER_TTL_S, ORDER_SWEEP_INTERVAL_S and MAX_UNPAID_ORDERS.
 * @throws ConfigError when one is malformed.
 */
export function loadPaymentsConfig(env: Env, { seedDemo }: { seedDemo: boolean }): PaymentsConfig {
  return {
    paymentSandbox: parseBoolean(env, 'PAYMENT_SANDBOX', seedDemo),
    paymentSecretsKey: parseSecretsKey(env, 'PAYMENT_SECRETS_KEY'),
    twoC2pSandboxApiBase:
      parseBaseUrl(env, 'C2P_SANDBOX_API_BASE', 'https://sandbox-pgw.2c2p.com') ??
      'https://sandbox-pgw.2c2p.com',
    twoC2pProductionApiBase:
      parseBaseUrl(env, 'C2P_PRODUCTION_API_BASE', 'https://pgw.2c2p.com') ??
      'https://pgw.2c2p.com',
    stripeApiBase: parseBaseUrl(env, 'STRIPE_API_BASE', null),
    sandboxDelayedResultMs: parseIntInRange(env, 'SANDBOX_DELAYED_RESULT_MS', 3000, 0, 600_000),
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
  };
}

/**
 * Where the generated payment-secrets key lives when PAYMENT_SECRETS_KEY is unset (SQLite
 * only): `payment-secrets-key` beside the SQLite file, so a dump of the database alone (or the
 * database file alone) opens no sealed credential.
 */
export function paymentSecretsKeyPath(config: {
  databaseUrl: string | null;
  sqlitePath: string;
}): string {
  return join(dirname(jwtSecretPath(config)), 'payment-secrets-key');
}
