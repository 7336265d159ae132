/**
 * How the catalogue matches and orders product names the same way on SQLite and PostgreSQL:
 * LIKE patterns whose wildcards are literal, byte-wise text comparison, and the name's sort key
 * (used by the product list's `name` ordering and by the search suggestions).
 */
import { sql } from 'kysely';

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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
