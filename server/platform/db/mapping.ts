/**
 * Reading values that the two drivers hand back differently (see ./database.ts).
 */

/** SQLite gives 0/1, PostgreSQL true/false: both become a boolean. */
export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}

/**
 * SQLite gives the ISO string that was written, PostgreSQL a `Date`: both become
 * an ISO 8601 UTC string ("2026-10-01T08:00:00.000Z").
 */
export function toIsoString(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Counts arrive as numbers (SQLite) or bigint strings (PostgreSQL). */
export function toCount(value: number | string | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** An AVG arrives as a float (SQLite) or a numeric string (PostgreSQL); null when no rows. */
export function toAverage(value: number | string | null | undefined, decimals = 1): number | null {
  if (value === null || value === undefined) return null;
  const factor = 10 ** decimals;
  return Math.round(Number(value) * factor) / factor;
}

/** Parses a JSON object stored as text; null for null or anything that is not a string map. */
export function parseStringMap(text: string | null): Record<string, string> | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.fromEntries(
      Object.entries(parsed).filter(([, v]) => typeof v === 'string'),
    ) as Record<string, string>;
  } catch {
    return null;
  }
}
