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
