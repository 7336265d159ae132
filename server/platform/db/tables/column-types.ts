/**
 * Column types shared by every table, describing what both drivers hand back for the same
 * column (see ../database.ts for the rules on reading and writing them).
 */
import type { ColumnType } from 'kysely';

/** A boolean column: 0/1 on SQLite, true/false on PostgreSQL; written as 0/1. */
export type Bool = ColumnType<boolean | number, number, number>;
/** A timestamptz column: an ISO 8601 string on SQLite, a `Date` on PostgreSQL; written as ISO. */
export type Timestamp = ColumnType<Date | string, string, string>;
