/**
 * Validated runtime configuration of the reference shop API: the database, accounts and
 * tokens, payments and the sandbox card gateway, throttles, e-mail and password resets,
 * caches and the order lifecycle.
 *
 * Every value comes from the environment with a documented default; a malformed value
 * throws a `ConfigError` naming the variable, so a typo fails at start-up instead of
 * surfacing later as odd behaviour.
 *
 * Each area reads its own variables in ./config/ (serving, database, accounts, payments and
 * the order lifecycle, e-mail); this module puts them together and enforces the rules that
 * span areas (secrets every process on one PostgreSQL must share, what production requires).
 */
import { type AuthConfig, loadAuthConfig } from './auth-config.ts';
import { type BackupConfig, loadBackupConfig } from './backup-config.ts';
import { type DatabaseConfig, loadDatabaseConfig } from './database-config.ts';
import { ConfigError, type Env, value } from './env-values.ts';
import { type MailConfig, loadMailConfig } from './mail-config.ts';
import { type MediaConfig, loadMediaConfig } from './media-config.ts';
import { type MetricsConfig, loadMetricsConfig } from './metrics-config.ts';
import { type PaymentsConfig, loadPaymentsConfig } from './payments-config.ts';
import { type PushConfig, loadPushConfig } from './push-config.ts';
import { type ServerConfig, loadServerConfig } from './server-config.ts';

export { ConfigError } from './env-values.ts';
export { jwtSecretPath } from './auth-config.ts';
export { paymentSecretsKeyPath } from './payments-config.ts';
export { pushKeysPath } from './push-config.ts';
export type { LogLevel } from './server-config.ts';

/** What deploy/shop.env writes where the operator must put a value of their own. */
export const PLACEHOLDER = 'CHANGE-ME';

/** The whole configuration: every area's settings in one flat object. */
export type AppConfig = ServerConfig &
  DatabaseConfig &
  AuthConfig &
  PaymentsConfig &
  MailConfig &
  MediaConfig &
  MetricsConfig &
  BackupConfig &
  PushConfig;

/**
 * Reads the configuration from `env` (default `process.env`).
 * @throws ConfigError when a variable is malformed or still holds deploy/shop.env's
 *   {@link PLACEHOLDER}, or when a rule that spans areas is broken:
 *   DATABASE_URL without JWT_SECRET or PAYMENT_SECRETS_KEY, NODE_ENV=production with the
 *   sandbox gateway on or without STOREFRONT_URL.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  // deploy/shop.env's secrets read CHANGE-ME until the operator makes them: a copied example
  // must not start a shop whose token-signing secret the whole internet can read.
  const placeholders = Object.keys(env).filter((name) => env[name]?.includes(PLACEHOLDER));
  if (placeholders.length > 0) {
    throw new ConfigError(
      `${placeholders.sort().join(', ')} still ${placeholders.length === 1 ? 'holds' : 'hold'} the example's ${PLACEHOLDER} placeholder: set a real value (secrets: \`openssl rand -hex 32\`).`,
    );
  }
  const server = loadServerConfig(env);
  const database = loadDatabaseConfig(env);
  const auth = loadAuthConfig(env);
  const payments = loadPaymentsConfig(env, database);
  const mail = loadMailConfig(env);
  const media = loadMediaConfig(env);
  const backup = loadBackupConfig(env, database);
  const metrics = loadMetricsConfig(env);
  const push = loadPushConfig(env);
  const production = value(env, 'NODE_ENV') === 'production';
  // Every process on one PostgreSQL must sign and verify with the same secret; a secret
  // generated into one machine's data/ folder would log shoppers out at the next process.
  if (database.databaseUrl && !auth.jwtSecret) {
    throw new ConfigError(
      'JWT_SECRET is required when DATABASE_URL is set: every API process on the database must sign tokens with the same secret (32+ characters, e.g. from `openssl rand -base64 48`).',
    );
  }
  if (payments.paymentSandbox && production) {
    throw new ConfigError(
      'PAYMENT_SANDBOX is on with NODE_ENV=production: the sandbox card gateway marks an order paid for a test card. It is on with the demo seed; set SEED_DEMO=0 (or PAYMENT_SANDBOX=0) in production.',
    );
  }
  // Absolute links (sitemap, robots.txt, canonical links, reset e-mails) need the public
  // origin; guessing it from the bound address would publish http://127.0.0.1 to the world.
  if (production && !value(env, 'STOREFRONT_URL')) {
    throw new ConfigError(
      'STOREFRONT_URL is required with NODE_ENV=production: the sitemap, robots.txt, canonical links and password-reset e-mails are built from it (e.g. https://shop.example).',
    );
  }
  // Every process on one PostgreSQL must open the same sealed credentials.
  if (database.databaseUrl && !payments.paymentSecretsKey) {
    throw new ConfigError(
      "PAYMENT_SECRETS_KEY is required when DATABASE_URL is set: every API process must open the shops' sealed payment credentials with the same key (32 bytes, e.g. from `openssl rand -base64 32`).",
    );
  }
  return {
    ...server,
    ...database,
    ...auth,
    ...payments,
    ...mail,
    ...media,
    ...metrics,
    ...backup,
    ...push,
  };
}
