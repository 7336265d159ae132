/// <reference types="node" />
/**
 * Fast bulk writes for the bench's data generator (./grow-catalog.ts), the same calls on both
 * engines the shop runs on:
 *
 * - SQLite: better-sqlite3 directly (not Kysely: its per-query overhead would dominate a million
 *   rows), one prepared single-row INSERT per table run in a loop inside one transaction, which
 *   is the fastest way into SQLite from Node;
 * - PostgreSQL: one pg client, multi-row `INSERT ... VALUES (...), (...)` statements of up to
 *   MAX_PG_PARAMS parameters each, inside one transaction.
 *
 * Every INSERT names its columns, and `requireColumns` checks them against the live schema
 * first, so a column added later with a default (another migration) is left to its default, and
 * a column that disappeared fails with a message naming it rather than a driver error. Values are
 * written as the shop's own code writes them (server/platform/db/database.ts): booleans as 0/1,
 * timestamps as ISO 8601 strings, money as integer cents, JSON as text.
 */
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/** A cell value as both drivers accept it. */
export type Cell = string | number | null;

/** Where the generator writes: a SQLite file, or a PostgreSQL database (optionally one schema). */
export type BulkTarget = { sqlitePath: string } | { databaseUrl: string };

/** The small surface the generator needs; every method runs on the one open connection. */
export interface BulkWriter {
  readonly dialect: 'sqlite' | 'postgres';
  /**
   * Runs one statement written with `?` placeholders (turned into `$1...` on PostgreSQL; so the
   * text must hold no other `?`) and returns its rows, with column names as the SQL gives them.
   */
  query<T = Record<string, unknown>>(sql: string, params?: Cell[]): Promise<T[]>;
  /** Inserts `rows` (each one value per column, in `columns`' order) into `table`. */
  insert(table: string, columns: readonly string[], rows: Cell[][]): Promise<void>;
  /** The columns `table` has now, lowercased (empty when the table does not exist). */
  columnsOf(table: string): Promise<Set<string>>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL's limit is 65535 parameters per statement; batches stay well under it. */
const MAX_PG_PARAMS = 30_000;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function checkIdentifiers(names: readonly string[]): void {
  for (const name of names) {
    if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  }
}

/**
 * Opens `target` for bulk writing.
 * @throws Error when the SQLite file does not exist (the API creates and seeds it) or PostgreSQL
 *   refuses the connection.
 */
export async function openBulkWriter(target: BulkTarget): Promise<BulkWriter> {
  if ('databaseUrl' in target) return openPostgres(target.databaseUrl);
  return openSqlite(target.sqlitePath);
}

function openSqlite(path: string): BulkWriter {
  const db = new SqliteDatabase(path, { fileMustExist: true });
  db.pragma('journal_mode = WAL');
  // A scratch database: a crash mid-growth means growing again, so no fsync per commit.
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 10000');
  // Enough page cache for the indexes being appended to (negative: KiB).
  db.pragma('cache_size = -131072');
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    dialect: 'sqlite',
    async query<T>(sql: string, params: Cell[] = []) {
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    },
    async insert(table, columns, rows) {
      checkIdentifiers([table, ...columns]);
      const sql = `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`;
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      for (const row of rows) statement.run(...row);
    },
    async columnsOf(table) {
      checkIdentifiers([table]);
      const rows = db.prepare(`select name from pragma_table_info('${table}')`).all() as {
        name: string;
      }[];
      return new Set(rows.map((r) => r.name.toLowerCase()));
    },
    async transaction(work) {
      db.exec('begin immediate');
      try {
        const result = await work();
        db.exec('commit');
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec('rollback');
        throw error;
      }
    },
    async close() {
      // Fold the large WAL the growth left back into the file, so the API starts on a small one.
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

async function openPostgres(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    dialect: 'postgres',
    async query<T>(sql: string, params: Cell[] = []) {
      return (await client.query(numbered(sql), params)).rows as T[];
    },
    async insert(table, columns, rows) {
      checkIdentifiers([table, ...columns]);
      const perStatement = Math.max(1, Math.floor(MAX_PG_PARAMS / columns.length));
      for (let start = 0; start < rows.length; start += perStatement) {
        const batch = rows.slice(start, start + perStatement);
        const params: Cell[] = [];
        const tuples = batch.map((row) => {
          const marks = row.map((cell) => {
            params.push(cell);
            return `$${params.length}`;
          });
          return `(${marks.join(', ')})`;
        });
        await client.query(
          `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
          params,
        );
      }
    },
    async columnsOf(table) {
      const result = await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_name = $1 and table_schema = current_schema()`,
        [table],
      );
      return new Set(result.rows.map((r) => r.column_name.toLowerCase()));
    },
    async transaction(work) {
      await client.query('begin');
      try {
        const result = await work();
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    },
    async close() {
      await client.end();
    },
  };
}

/**
 * Checks that `table` has every column of `columns`.
 * @throws Error naming the table and the missing columns (the schema moved on: update the
 *   generator's column list).
 */
export async function requireColumns(
  writer: BulkWriter,
  table: string,
  columns: readonly string[],
): Promise<void> {
  const present = await writer.columnsOf(table);
  const missing = columns.filter((c) => !present.has(c));
  if (missing.length > 0) {
    throw new Error(
      `table ${table} has no column ${missing.join(', ')}: the schema changed; update scripts/bench/grow-rows.ts`,
    );
  }
}
