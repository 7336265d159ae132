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
