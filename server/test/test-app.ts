/**
 * Test harness for the server tests: a fresh database and media folder per test file, the real
 * app on top, and a cleanup that removes both.
 *
 * SQLite by default (a temp file). When TEST_DATABASE_URL (or DATABASE_URL) is set, the same
 * tests run on PostgreSQL, each in a database of its own on that server (`shoptest_…`), created
 * here and dropped afterwards, so parallel files never share tables. Either way a file starts
 * from a copy of a database migrated and seeded once per worker: a file copy on SQLite,
 * `CREATE DATABASE … TEMPLATE` on PostgreSQL.
 */
import { rmSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config/config.ts';
import { type DbHandle, openDatabase } from '../platform/db/connection.ts';

/** The PostgreSQL server the tests run on, or null for SQLite. */
export const testDatabaseUrl: string | null =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;

/** The prefix of every database the tests make on PostgreSQL (vitest's teardown drops them). */
export const TEST_DATABASE_PREFIX = 'shoptest_';

/** A test database plus everything needed to drop it. */
export interface TestDatabase {
  handle: DbHandle;
  dir: string;
  sqlitePath: string;
  /** On PostgreSQL, the URL of this test's own database (for a second process); else null. */
  databaseUrl: string | null;
  /** Closes the connection, drops the PostgreSQL database, deletes the temp folder. */
  drop(): Promise<void>;
}

/** Runs one statement on the test server's maintenance connection (TEST_DATABASE_URL). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl ?? undefined });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL with another database name. */
function urlOfDatabase(name: string): string {
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Opens a database: a temp SQLite file, or a fresh PostgreSQL database; a copy of `from` when
 * given (its key files too). `reopen` gives a second connection to the same data (to test
 * restarts).
 */
export async function createTestDatabase(
  from?: SeededTemplate,
): Promise<TestDatabase & { reopen(): DbHandle }> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-test-'));
  const sqlitePath = join(dir, 'shop.sqlite');
  const name = testDatabaseUrl
    ? `${TEST_DATABASE_PREFIX}${process.pid}_${Math.random().toString(36).slice(2, 10)}`
    : undefined;
  if (name) {
    // A template copies at file speed, but only while nobody is connected to it: the template's
    // own app closed its pool before it was handed out.
    await adminQuery(
      `CREATE DATABASE ${name}${from?.database ? ` TEMPLATE ${from.database} STRATEGY FILE_COPY` : ''}`,
    );
  } else if (from) {
    await copyFile(from.sqlitePath, sqlitePath);
  }
  if (from) {
    for (const file of KEY_FILES) {
      // A key the template's start did not need was not made.
      await copyFile(join(from.dir, file), join(dir, file)).catch(() => undefined);
    }
  }
  const databaseUrl = name ? urlOfDatabase(name) : null;
  const open = () => openDatabase({ databaseUrl, sqlitePath });
  const handle = open();
  return {
    handle,
    dir,
    sqlitePath,
    databaseUrl,
    reopen: open,
    async drop() {
      await handle.db.destroy();
      if (name) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A migrated (and maybe seeded) database, and the keys beside it, to copy from. */
interface SeededTemplate {
  dir: string;
  sqlitePath: string;
  /** On PostgreSQL, the template database's name. */
  database?: string;
}

/**
 * The keys made beside the database file on first start (config.jwtSecretPath,
 * paymentSecretsKeyPath): a copy of the database needs them to open what the seed sealed.
 */
const KEY_FILES = ['jwt-secret', 'payment-secrets-key'];

/**
 * This worker's templates by what the seed reads from the config. The server tests share one
 * module graph per worker (vitest.config.ts, `isolate: false`), so each kind of database is
 * migrated and seeded once per worker and then copied (a file on SQLite, a template database on
 * PostgreSQL), instead of twenty migrations and the seed's few hundred statements for each of
 * some two hundred apps a run.
 */
const templates = new Map<string, Promise<SeededTemplate>>();

/** The template for `config` and `seed`, made on first use in this worker. */
function templateFor(
  config: AppConfig,
  seed: false | { skipMedia: boolean },
): Promise<SeededTemplate> {
  // What the seed reads from the config: image addresses, the demo users' hashes, the key
  // that seals the demo's payment credentials.
  const key = seed
    ? [
        'seeded',
        config.publicApiPath,
        config.passwordHashCost,
        Buffer.from(config.paymentSecretsKey ?? []).toString('hex'),
      ].join('|')
    : 'migrated';
  let template = templates.get(key);
  if (!template) {
    template = makeTemplate(config, seed);
    templates.set(key, template);
  }
  return template;
}

async function makeTemplate(
  config: AppConfig,
  seed: false | { skipMedia: boolean },
): Promise<SeededTemplate> {
  const database = await createTestDatabase();
  // Left for the worker's end: copies are made from it until then (vitest's teardown drops a
  // PostgreSQL template, server/test/postgres-teardown.ts).
  process.once('exit', () => rmSync(database.dir, { recursive: true, force: true }));
  const app = await buildApp({
    config: {
      ...config,
      sqlitePath: database.sqlitePath,
      mediaDir: join(database.dir, 'media'),
      outboxDir: join(database.dir, 'outbox'),
    },
    database: database.handle,
    seed,
    logger: false,
    background: false,
  });
  await app.close();
  // Closing the last connection folds SQLite's write-ahead log into the file.
  await database.handle.db.destroy();
  const name = database.databaseUrl ? new URL(database.databaseUrl).pathname.slice(1) : undefined;
  return { dir: database.dir, sqlitePath: database.sqlitePath, database: name };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
  /**
   * A second app on the same database with its own connection, as a second API process would
   * be (the caller closes it before `close`).
   */
  reopen(): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  /** Closes the app and drops its database and media folder. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the demo shops (default true). */
  seed?: boolean;
  /** Render the seed's image files too (default false: only media tests need them). */
  media?: boolean;
  /** The storefront's server render (see BuildAppOptions.loadRenderer; default: none built). */
  loadRenderer?: BuildAppOptions['loadRenderer'];
  /** Fastify's logger (default off). */
  logger?: BuildAppOptions['logger'];
  /** Kysely plugins the app's database goes through (server/test/query-counter.ts). */
  plugins?: KyselyPlugin[];
  /**
   * Run the e-mail outbox and the order sweep in the background (default false: tests call
   * `app.emailOutbox.drain()` and `app.sweepOrders()` when they want them).
   */
  background?: boolean;
  /** See BuildAppOptions.compileSchemasAtStart (default false). */
  compileSchemasAtStart?: boolean;
}

/** Builds the real app on a fresh, seeded database; `overrides` adjust the config. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  /** The test's config, its files in `dir`. */
  const configIn = (dir: string): AppConfig => ({
    ...loadConfig({}),
    sqlitePath: join(dir, 'shop.sqlite'),
    mediaDir: join(dir, 'media'),
    distDir: join(dir, 'no-dist'),
    serveSpa: false,
    logLevel: 'silent',
    // Tests change rows directly and expect to see it; cache.test.ts turns the cache on.
    catalogCacheTtlMs: 0,
    catalogCountTtlMs: 0,
    pageCacheTtlMs: 0,
    // Fast password hashes (scrypt N = 1024); the JWT secret is generated beside the temp
    // SQLite file (config.jwtSecretPath), never under the repository's data/.
    passwordHashCost: 10,
    jwtSecret: null,
    // Every injected request comes from 127.0.0.1: only the brute-force test wants the
    // per-address limit low enough to reach.
    loginMaxAttemptsPerAddress: 10_000,
    registerMaxPerAddress: 10_000,
    contactMaxPerAddress: 10_000,
    backInStockMaxPerAddress: 10_000,
    passwordResetMaxPerAddress: 10_000,
    passwordResetMaxPerEmail: 10_000,
    // Reset e-mails land in the test's own folder, and its answers need not wait long.
    outboxDir: join(dir, 'outbox'),
    passwordResetResponseMs: 20,
    ...overrides,
  });
  const seed = (options.seed ?? true) && { skipMedia: !options.media };
  // Made afresh when the seed writes image files, or when the test reads the app's log (the
  // start's lines included). Made without the test's STOREFRONT_URL: a start records its host as
  // the default shop's domain (server/shops/default-domain.ts), which every later copy of the
  // worker's template would otherwise carry; each app's own start records its own.
  const template =
    (seed && !seed.skipMedia) || options.logger
      ? null
      : await templateFor({ ...configIn(tmpdir()), storefrontUrl: null }, seed);
  const database = await createTestDatabase(template ?? undefined);
  const config = configIn(database.dir);
  // A test that names a PostgreSQL URL (to be told of changes as a second process is,
  // server/http/cache-sync.ts) means its own database's.
  if (config.databaseUrl && database.databaseUrl) config.databaseUrl = database.databaseUrl;
  const handle = {
    ...database.handle,
    db: (options.plugins ?? []).reduce((db, plugin) => db.withPlugin(plugin), database.handle.db),
  };
  const app = await buildApp({
    config,
    database: handle,
    seed,
    logger: options.logger ?? false,
    background: options.background ?? false,
    compileSchemasAtStart: options.compileSchemasAtStart ?? false,
    ...(options.loadRenderer !== undefined ? { loadRenderer: options.loadRenderer } : {}),
  });
  return {
    app,
    config,
    database,
    async reopen() {
      const handle = database.reopen();
      const second = await buildApp({
        config,
        database: handle,
        seed: false,
        logger: false,
        background: false,
      });
      return {
        app: second,
        async close() {
          await second.close();
          await handle.db.destroy();
        },
      };
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Headers of a request made as the given shop. */
export function asTenant(token: string): Record<string, string> {
  return { 'x-tenant-token': token };
}

/**
 * One test app for the calling file or `describe` block: built in `beforeAll`, closed in
 * `afterAll`, so a file split by behaviour does not repeat the same two hooks in each part.
 * `overrides` may be a function, read in `beforeAll`, for settings an earlier hook makes (a
 * temp folder). The answer stands for the app built then; read its fields inside tests and hooks
 * only (reading them while the file is being collected throws, as the app does not exist yet).
 */
export function useTestApp(
  overrides: Partial<AppConfig> | (() => Partial<AppConfig>) = {},
  options: TestAppOptions = {},
): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(
      typeof overrides === 'function' ? overrides() : overrides,
      options,
    );
  });
  afterAll(async () => {
    await current?.close();
  });
  const built = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app is built in beforeAll; read it in a test');
    return current;
  };
  return {
    get app() {
      return built().app;
    },
    get config() {
      return built().config;
    },
    get database() {
      return built().database;
    },
    reopen: () => built().reopen(),
    close: () => built().close(),
  };
}
