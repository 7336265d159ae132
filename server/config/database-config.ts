/**
 * The database part of the configuration: PostgreSQL or the SQLite file, its time limits, the
 * seeded media folder, and whether the demo shops are seeded.
 */
import {
  parseBoolean,
  parseIntInRange,
  parseUrlWithScheme,
  value,
  type Env,
} from './env-values.ts';

/** The shop database and its demo seed. */
export interface DatabaseConfig {
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of SQLite. */
  databaseUrl: string | null;
  /** SQLite database file (default data/shop.sqlite), created with its folder on first start. */
  sqlitePath: string;
  /** Folder of seeded media files (default data/media), served at `<publicApiPath>/media/`. */
  mediaDir: string;
  /** Seed the demo customers (whose passwords docs/operating.md prints) and the demo shops (default true). */
  seedDemo: boolean;
  /**
   * PostgreSQL time limits (ms): PG_CONNECT_TIMEOUT_MS (default 5000), PG_STATEMENT_TIMEOUT_MS
   * (15000) and PG_IDLE_TIMEOUT_MS (30000). Unused with SQLite.
   */
  pgTimeouts: { connectMs: number; statementMs: number; idleMs: number };
}

/**
 * Reads the database settings: DATABASE_URL, SQLITE_PATH, MEDIA_DIR, SEED_DEMO and the
 * PG_*_TIMEOUT_MS limits.
 * @throws ConfigError when one is malformed.
 */
export function loadDatabaseConfig(env: Env): DatabaseConfig {
  return {
    databaseUrl: parseUrlWithScheme(env, 'DATABASE_URL', ['postgres', 'postgresql'], 'a'),
    sqlitePath: value(env, 'SQLITE_PATH') ?? 'data/shop.sqlite',
    mediaDir: value(env, 'MEDIA_DIR') ?? 'data/media',
    seedDemo: parseBoolean(env, 'SEED_DEMO', true),
    pgTimeouts: {
      connectMs: parseIntInRange(env, 'PG_CONNECT_TIMEOUT_MS', 5000, 100, 120_000),
      statementMs: parseIntInRange(env, 'PG_STATEMENT_TIMEOUT_MS', 15_000, 100, 600_000),
      idleMs: parseIntInRange(env, 'PG_IDLE_TIMEOUT_MS', 30_000, 1000, 3_600_000),
    },
  };
}
