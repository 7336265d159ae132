import * as z from 'zod/mini';

/**
 * List answers (spec section 7): "List responses may be a plain array or an object with a
 * results array." The reference API pages products and posts; other shops may not.
 */
export type ListAnswer<T> = T[] | { results: T[] };

/** The items of a list answer, whichever shape it came in; an unknown shape gives []. */
export function toList<T>(data: ListAnswer<T> | null | undefined): T[] {
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data.results)) return data.results;
  return [];
}

/**
 * A 1-based `page` search param for paginated screens (architecture convention 2): anything
 * that is not a whole number from 1 falls back to undefined (page 1), and page 1 itself is left
 * out of the URL. zod/mini, as every search schema that loads with the first page.
 */
export const pageSearchParam = z.catch(
  z.optional(
    z.pipe(
      z.coerce.number().check(z.refine(Number.isInteger), z.gte(1)),
      z.transform((page) => (page === 1 ? undefined : page)),
    ),
  ),
  undefined,
);
