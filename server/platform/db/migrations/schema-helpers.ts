/**
 * What every migration in this folder builds tables with: the untyped Kysely a migration
 * receives (it runs against whatever schema exists at its point in history, so it cannot use
 * today's `Database` types), and `withId`, the one place the two dialects differ.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';

/** The database as a migration sees it: untyped, since the schema is what it is building. */
export type AnyDb = Kysely<unknown>;

/**
 * Adds the auto-increment primary key `id` to a table being created: `serial` on PostgreSQL,
 * `integer primary key autoincrement` on SQLite. Both hand out increasing ids; SQLite's
 * AUTOINCREMENT also never reuses a deleted id, matching PostgreSQL's sequences.
 * @returns the same builder, now with an `id` column.
 */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
