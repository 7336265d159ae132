/**
 * How the catalogue orders product names the same way on SQLite and PostgreSQL: byte-wise text
 * comparison, and the name's sort key (used by the product list's `name` ordering and by the
 * search suggestions).
 */
import { sql } from 'kysely';

/** Text compared byte by byte on both engines (PostgreSQL's database collation may differ). */
export function binary(dialect: string, expression: ReturnType<typeof sql>) {
  return dialect === 'postgres' ? sql`${expression} collate "C"` : expression;
}

/**
 * The name's sort key: ASCII letters lowered, everything else as stored, compared as bytes.
 * SQLite's lower() only knows ASCII; PostgreSQL's follows the collation, so it is pinned to
 * "C" (ASCII only too): both engines give the same order.
 */
export function nameKey(dialect: string) {
  return dialect === 'postgres' ? sql`lower(p.name collate "C") collate "C"` : sql`lower(p.name)`;
}
