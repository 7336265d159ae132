/**
 * The row offset of a page of a list read with LIMIT/OFFSET (the product list, the order
 * history, the blog): DRF's page numbers, 1-based.
 */
import type { SelectQueryBuilder } from 'kysely';
import { toCount } from './mapping.ts';

/**
 * The row offset of a 1-based page, or null when the page lies beyond anything a table can
 * hold (a huge `page` must answer "Invalid page.", not overflow the database's OFFSET).
 */
export function pageOffset(page: number, pageSize: number): number | null {
  const offset = (page - 1) * pageSize;
  return Number.isSafeInteger(offset) && offset <= 2 ** 31 ? offset : null;
}

/**
 * Page `page` (1 when undefined) of a list `pageSize` rows a page, and its row offset.
 * @throws what `invalidPage` makes for a page that is not a whole number from 1, or lies beyond
 *   any offset a table can reach.
 */
export function pageStart(
  page: number | undefined,
  pageSize: number,
  invalidPage: () => Error,
): { page: number; offset: number } {
  const p = page ?? 1;
  const offset = Number.isInteger(p) && p >= 1 ? pageOffset(p, pageSize) : null;
  if (offset === null) throw invalidPage();
  return { page: p, offset };
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
  const { offset } = pageStart(page, pageSize, invalidPage);
  const total = await count();
  if (page > 1 && offset >= total) throw invalidPage();
  return {
    count: total,
    nextPage: offset + pageSize < total ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
    rows: total === 0 ? [] : await rows(offset),
  };
}

/**
 * How many rows `query` (a FROM with its WHERE, nothing selected yet) finds: one `count(*)`
 * query, whichever driver (PostgreSQL answers the count as text).
 * @throws the database's error
 */
export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  // A generic FROM hides the selection's name from the type; the row is `{ n }`.
  return toCount((row as { n: number | string }).n);
}

/**
 * Page `page` (1-based, `pageSize` rows) of the rows `query` finds (a FROM with its WHERE):
 * counts them ({@link countRows}), then reads the page's with `select`, which picks the columns
 * and the order, at the page's offset (see {@link readCountedPage}).
 * @throws what `invalidPage` makes for a page that is not a whole number from 1, lies beyond any
 *   offset, or past the last page (page 1 is always valid); the database's error.
 */
export async function readQueryPage<DB, TB extends keyof DB, T>(
  query: SelectQueryBuilder<DB, TB, object>,
  page: number,
  pageSize: number,
  invalidPage: () => Error,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, T>,
): Promise<CountedPage<T>> {
  return readCountedPage(
    page,
    pageSize,
    invalidPage,
    () => countRows(query),
    async (offset) => (await select(query).limit(pageSize).offset(offset).execute()) as T[],
  );
}
