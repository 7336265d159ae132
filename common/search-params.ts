/**
 * Parsers for the URL search params of the route files (architecture convention 2: a bad value
 * falls back, never an error screen). Plain functions rather than zod schemas: `validateSearch`
 * is not code-split, so whatever it uses is in every page's first load, and zod's core is
 * ~7 KB gzipped there (the script budget; decision 008). Forms keep zod, in their own chunks.
 * Each parser takes the raw value (string, number or anything a hand-edited URL holds) and
 * returns the clean value or undefined. A route's validator must return every key it owns,
 * undefined included: the router merges the result over the raw search params, so a key left
 * out would keep the raw (refused) value.
 */

/**
 * A string trimmed; blank, missing, not a string or holding a NUL character (which the API
 * refuses with a 400): undefined.
 */
export function optionalTrimmed(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.includes('\0')) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * `value` cut to its first `max` characters (Unicode code points, as the API's `maxLength`
 * counts them) and trimmed again; undefined stays undefined.
 */
export function atMost(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value.length <= max) return value;
  return Array.from(value).slice(0, max).join('').trim() || undefined;
}

/**
 * A 1-based page number: a whole number from 2 (page 1 is left out of the URL); anything
 * else, page 1 included, is undefined.
 */
export function pageParam(value: unknown): number | undefined {
  const page =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isInteger(page) && page > 1 ? page : undefined;
}

/** `value` when it is one of `allowed`, else undefined. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A string matching `pattern`, else undefined. */
export function matching(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined;
}
