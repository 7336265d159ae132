/**
 * Opens the shop database: SQLite through better-sqlite3 by default, PostgreSQL through a pg
 * Pool when a connection string is given.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  type DialectAdapter,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDatabase as SqliteDialectDatabase,
} from 'kysely';
import type pg from 'pg';
import type { Database } from './database.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The engine behind `db` (a connection or a transaction), from its adapter: for the few queries
 * whose SQL differs (date functions, `ilike`, `nulls last`, row locks).
 */
export function dialectOf(db: Pick<Kysely<Database>, 'getExecutor'>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export interface DbOptions {
  /** PostgreSQL connection string; null or undefined selects SQLite. */
  databaseUrl?: string | null;
  /** SQLite file, created with its folder when missing. */
  sqlitePath: string;
  /** Told about errors of idle PostgreSQL connections (default: one line on stderr). */
  onPoolError?: (error: Error) => void;
  /**
   * PostgreSQL time limits (ms), so a partition fails requests instead of hanging them:
   * opening a connection (`connectionTimeoutMillis`), one statement (`statement_timeout`,
   * enforced by the server, and `query_timeout`, by the client, a little later), and how long
   * an unused pooled connection is kept (`idleTimeoutMillis`).
   */
  pgTimeouts?: { connectMs: number; statementMs: number; idleMs: number };
  /**
   * Told once when an existing SQLite file (or its -wal/-shm) was readable by others and was
   * made owner-only (default: one line on stderr).
   */
  onModeTightened?: (message: string, paths: string[]) => void;
}

/** The limits when none are given (PG_CONNECT_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS, PG_IDLE_TIMEOUT_MS). */
export const DEFAULT_PG_TIMEOUTS = { connectMs: 5000, statementMs: 15_000, idleMs: 30_000 };

function defaultModeTightened(message: string, paths: string[]): void {
  console.warn(`${message}: ${paths.join(', ')}`);
}

/** Owner read and write only: the file holds password hashes, addresses and orders. */
const DATABASE_FILE_MODE = 0o600;

/**
 * Creates the SQLite file mode 0600 when it is missing (SQLite would make it 0644, and gives its
 * -wal and -shm files the database file's mode), and makes an existing one, and an existing
 * -wal or -shm beside it, 0600 when others could read them.
 * @returns the paths whose mode was tightened (none for a file this call created).
 */
function secureSqliteFiles(path: string): string[] {
  if (!existsSync(path)) {
    // 'a' creates the file with this mode, or opens one another process created meanwhile.
    closeSync(openSync(path, 'a', DATABASE_FILE_MODE));
    chmodSync(path, DATABASE_FILE_MODE);
    return [];
  }
  const tightened: string[] = [];
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (!existsSync(file)) continue;
    if ((statSync(file).mode & 0o777) === DATABASE_FILE_MODE) continue;
    chmodSync(file, DATABASE_FILE_MODE);
    tightened.push(file);
  }
  return tightened;
}

function defaultPoolError(error: Error): void {
  console.error(`PostgreSQL: an idle connection failed and was discarded: ${error.message}`);
}

/** An open database and the facts about it that queries and migrations need. */
export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

/**
 * Opens the database described by `options`. SQLite gets WAL (readers never wait for the
 * writer), foreign keys (off by default in SQLite) and a busy timeout (a second process waits
 * instead of failing with SQLITE_BUSY); its file, -wal and -shm are owner-only (0600), like the
 * key files beside them, and a looser existing one is tightened (told to `onModeTightened`).
 * @throws Error when the SQLite file cannot be created, secured or opened.
 */
export function openDatabase(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    // Loaded only here: a SQLite shop never pays pg's memory (the idle process).
    const { Pool } = createRequire(import.meta.url)('pg') as typeof pg;
    const timeouts = options.pgTimeouts ?? DEFAULT_PG_TIMEOUTS;
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      idleTimeoutMillis: timeouts.idleMs,
      statement_timeout: timeouts.statementMs,
      // The server's statement_timeout cannot fire when the server is unreachable.
      query_timeout: timeouts.statementMs + 1000,
      // A typed word this close to a name's word is suggested (pg_trgm's default of 0.6 misses
      // one wrong letter in six: "walnot"); decision 018.
      options: '-c pg_trgm.word_similarity_threshold=0.5',
    });
    // An idle pooled client whose connection drops (a database restart, a failover, a proxy
    // timeout) emits 'error' on the pool; unheard, that event would crash the process. The pool
    // discards the client by itself and the next query opens a new connection.
    pool.on('error', (error) => {
      (options.onPoolError ?? defaultPoolError)(error);
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }
  if (options.sqlitePath !== ':memory:') {
    mkdirSync(dirname(options.sqlitePath), { recursive: true });
    const tightened = secureSqliteFiles(options.sqlitePath);
    if (tightened.length > 0) {
      (options.onModeTightened ?? defaultModeTightened)(
        'the database files were readable by other users; made them owner-only (0600)',
        tightened,
      );
    }
  }
  const database = new SqliteDatabase(options.sqlitePath);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Decision 051: a page cache that holds a large catalogue's hot pages (32 MB, filled only as
  // far as the database is large), and the query planner's statistics kept fresh on a
  // long-lived connection. No mmap: every page it touches counts in the process's resident
  // memory (a sitemap of 160,000 products took it from 134 to 315 MB).
  database.pragma('cache_size = -32768');
  database.pragma('optimize = 0x10002');
  return {
    db: new Kysely<Database>({
      dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(database) }),
    }),
    dialect: 'sqlite',
  };
}

/**
 * SQLite's adapter, saying what is true of SQLite: its schema changes (CREATE, ALTER, DROP,
 * virtual tables and triggers) are transactional and roll back with the rest. Kysely's own says
 * they are not, and its Migrator then runs each migration outside any transaction, so one that
 * fails halfway leaves its first statements applied and is not recorded: the next start tries
 * it again and fails on what it already made. Read only by the Migrator (./migrations.ts, issue
 * 39), which runs each migration in a transaction of its own with it.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect with {@link TransactionalDdlSqliteAdapter}. */
class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * How a transaction starts on SQLite, in place of Kysely's `begin`: with the write lock taken
 * at once. A deferred transaction that reads before it writes (a new product checks its
 * category and slug first) fails at its first write with SQLITE_BUSY_SNAPSHOT, without
 * waiting, when another connection (a second server process on the same file, the staff CLI)
 * wrote in between; one that starts `immediate` waits for the lock (busy_timeout) and then
 * reads what is committed. The e2e suite's two servers share one file and saw it as a 500 on
 * "Create product".
 */
const BEGIN_WRITING = 'begin immediate';

/**
 * Kysely prepares every query anew; a hot route repeats the same few SQL texts, so prepared
 * statements are kept by SQL text (least recently added evicted first). A transaction's
 * `begin` is prepared as {@link BEGIN_WRITING}. Reuse is safe because
 * Kysely's SQLite driver runs one statement at a time per connection, and SQLite re-prepares a
 * statement by itself after a schema change.
 */
export function withStatementCache(database: SqliteDatabase.Database): SqliteDialectDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      // Statistics the planner learnt while the shop ran, kept for the next start.
      if (database.open && !database.readonly) database.pragma('optimize');
      database.close();
    },
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = database.prepare(sql === 'begin' ? BEGIN_WRITING : sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
