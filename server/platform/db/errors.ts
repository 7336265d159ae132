/**
 * Recognising database errors that both drivers report differently (see ./database.ts).
 */

/** True for a unique-constraint violation: PostgreSQL's 23505, or SQLite's SQLITE_CONSTRAINT_UNIQUE. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The largest id a table's integer primary key can hold (PostgreSQL `serial`). A larger
 * number in a path or a body names nothing, and must not reach PostgreSQL, which refuses it
 * as out of range.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** True when `value` can be a row id: a whole number from 1 to MAX_ROW_ID. */
export function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;
}
