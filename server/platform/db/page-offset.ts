/**
 * The row offset of a page of a list read with LIMIT/OFFSET (the product list, the order
 * history, the blog): DRF's page numbers, 1-based.
 */

/**
 * The row offset of a 1-based page, or null when the page lies beyond anything a table can
 * hold (a huge `page` must answer "Invalid page.", not overflow the database's OFFSET).
 */
export function pageOffset(page: number, pageSize: number): number | null {
  const offset = (page - 1) * pageSize;
  return Number.isSafeInteger(offset) && offset <= 2 ** 31 ? offset : null;
}

/** A page of a list whose rows were counted first: the total, the neighbouring pages, its rows. */
export interface CountedPage<T> {
  count: number;
  nextPage: number | null;
  previousPage: number | null;
  rows: T[];
}

/**
 * Page `page` (1-based, `pageSize` rows) of a list: counts its rows with `count`, then reads the
 * page's with `rows(offset)` (not at all when there are none).
 * @throws what `invalidPage` makes for a page that is not a whole number from 1, lies beyond any
 *   offset, or past the last page (page 1 is always valid).
 */
export async function readCountedPage<T>(
  page: number,
  pageSize: number,
  invalidPage: () => Error,
  count: () => Promise<number>,
  rows: (offset: number) => Promise<T[]>,
): Promise<CountedPage<T>> {
  const offset = pageOffset(page, pageSize);
  if (offset === null || page < 1 || !Number.isInteger(page)) throw invalidPage();
  const total = await count();
  if (page > 1 && offset >= total) throw invalidPage();
  return {
    count: total,
    nextPage: offset + pageSize < total ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
    rows: total === 0 ? [] : await rows(offset),
  };
}
