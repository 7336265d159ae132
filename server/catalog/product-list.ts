/**
 * One page of the product list (spec section 7; decision 010): filtered, ordered and paged in
 * SQL, in at most five queries whatever the page size: the page itself, its total count
 * (skipped when page 1 is not full), then the page's images, attributes and review statistics
 * in one batched query each.
 */
import { sql } from 'kysely';
import { toCount } from '../db/mapping.ts';
import { HttpError } from '../lib/http-error.ts';
import { pageOffset } from '../lib/pagination.ts';
import { shopRules } from '../orders/dispatch.ts';
import type { Schemas } from '../handlers/types.ts';
import { binary, likePattern, nameKey } from './name-matching.ts';
import type { ProductListParams } from './product-list-params.ts';
import {
  type CatalogScope,
  loadRelated,
  PRODUCT_FIELDS,
  productColumns,
  toProduct,
} from './product-rows.ts';

// Stand-ins for the page links in cached JSON; the serializer writes them as plain strings, and
// `count`, `next`, `previous` come before `results`, so the first occurrence is always the link.
export const NEXT_MARK = 'urn:x-storefront:next-page';
export const PREVIOUS_MARK = 'urn:x-storefront:previous-page';

/**
 * Loads page `params.page` of the tenant's active products matching `params`: `count` is the
 * number of matches, `next`/`previous` are {@link NEXT_MARK}/{@link PREVIOUS_MARK} (or null)
 * for the caller to replace with the page links. Order: `ordering`, then the id as
 * tie-breaker; id order without one. Filters: category slug, search in the name or
 * description (case-insensitive), price bounds in cents (inclusive), in stock or not.
 * @throws HttpError 404 `{"detail":"Invalid page."}` for a page past the last (page 1 is
 *   always valid) or one beyond any offset the database can hold.
 */
export async function loadProductPage(
  scope: CatalogScope,
  params: ProductListParams,
): Promise<Schemas['PaginatedProductList']> {
  const { db, dialect, tenantId } = scope;
  const { page, pageSize } = params;
  const rules = await shopRules(db, tenantId);

  let filtered = productColumns(db, tenantId);
  if (params.inactiveOnly) filtered = filtered.where(sql.lit(false));
  // Like django-filter, an empty filter value means no filter.
  if (params.category) filtered = filtered.where('c.slug', '=', params.category);
  if (params.search) {
    const pattern = likePattern(params.search);
    filtered = filtered.where((eb) =>
      eb.or([
        sql<boolean>`lower(p.name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(p.description) like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (params.minCents !== undefined)
    filtered = filtered.where('p.price_cents', '>=', params.minCents);
  if (params.maxCents !== undefined)
    filtered = filtered.where('p.price_cents', '<=', params.maxCents);
  if (params.inStock === true) filtered = filtered.where('p.stock', '>', 0);
  if (params.inStock === false) filtered = filtered.where('p.stock', '=', 0);
  // A window count(*) would make SQLite materialise every matching row with its long texts;
  // a separate count over the index is far cheaper, and unnecessary when page 1 is not full.
  const offset = pageOffset(page, pageSize);
  if (offset === null) throw new HttpError(404, { detail: 'Invalid page.' });
  let ordered = filtered.select(PRODUCT_FIELDS);
  switch (params.ordering) {
    case 'price':
      ordered = ordered.orderBy('p.price_cents', 'asc').orderBy('p.id', 'asc');
      break;
    case '-price':
      ordered = ordered.orderBy('p.price_cents', 'desc').orderBy('p.id', 'asc');
      break;
    case '-created_at':
      // Newest first, and the later-added of two products created in the same instant first.
      ordered = ordered.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
      break;
    case '-average_rating':
      // Products without reviews last on both engines (NULLs sort differently by default).
      ordered = ordered
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('reviews')
              .select((r) => ['product_id', r.fn.avg<number | string>('rating').as('rating')])
              .where('tenant_id', '=', tenantId)
              .groupBy('product_id')
              .as('r'),
          (join) => join.onRef('r.product_id', '=', 'p.id'),
        )
        .orderBy(sql`case when r.rating is null then 1 else 0 end`)
        .orderBy('r.rating', 'desc')
        .orderBy('p.id', 'asc');
      break;
    case 'name':
      ordered = ordered
        .orderBy(nameKey(dialect))
        .orderBy(binary(dialect, sql`p.name`))
        .orderBy('p.id', 'asc');
      break;
    default:
      ordered = ordered.orderBy('p.id');
  }
  const rows = await ordered.limit(pageSize).offset(offset).execute();
  if (rows.length === 0 && page > 1) throw new HttpError(404, { detail: 'Invalid page.' });
  const count =
    page === 1 && rows.length < pageSize
      ? rows.length
      : toCount(
          (
            await filtered
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
  const { images, attributes, stats } = await loadRelated(
    db,
    rows.map((r) => r.id),
    true,
  );
  return {
    count,
    next: page * pageSize < count ? NEXT_MARK : null,
    previous: page > 1 ? PREVIOUS_MARK : null,
    results: rows.map((row) =>
      toProduct(
        row,
        images.get(row.id) ?? [],
        attributes.get(row.id) ?? [],
        stats.get(row.id),
        rules,
      ),
    ),
  };
}
