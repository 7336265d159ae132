/**
 * One page of the product list (spec section 7; decisions 010, 018 and 050): filtered, ordered and
 * paged in SQL, in a bounded number of queries whatever the page size: the page itself (for a
 * search in its default order, two queries, and a count of the name matches for a page past
 * them) with the shop's rules, its total count (skipped when page 1 is not full), then the
 * page's images and attributes in one batched query each.
 */
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { ProductsTable } from './tables.ts';
import { toCount } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { CatalogErrorCode } from './errors.ts';
import { pageOffset } from '../platform/db/page-offset.ts';
import { shopRules } from './dispatch-dates.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import { binary, nameKey } from './name-matching.ts';
import { matchesSearch, nameMatchIds, nameWordsMatch } from './search/product-search.ts';
import { searchPrefixes } from './search/search-terms.ts';
import type { ProductListParams } from './product-list-params.ts';
import {
  type CatalogScope,
  deliveryTableIn,
  loadRelated,
  PRODUCT_FIELDS,
  productColumns,
  type ProductRow,
  salesOfRows,
  salesTableIn,
  toProduct,
} from './product-rows.ts';
import { shownPriceSql } from './sales.ts';

const invalidPage = () => new DomainError<CatalogErrorCode>('invalid_page', 'Invalid page.');

/**
 * Loads page `params.page` of the tenant's active products matching `params`: `count` is the
 * number of matches, `next`/`previous` are `pageLink` of the page after and before (or null:
 * none). Order: `ordering`, then the id as
 * tie-breaker; without one, a search's best matches first (the name holds every word, then
 * the description completes it: {@link searchPageInRankOrder}), then id order.
 * Filters: category slug, search (./search/search-terms.ts: every word of the term, as the
 * start of a word of the name or description, accents and case ignored), price bounds in cents
 * (inclusive), in stock or not. The price bounds and the price order read the price the cards
 * show: reduced by a running sale (./sales.ts `shownPriceSql`). Each ordering reads an index that starts with the tenant
 * (migration 2026_009), and the count reads the products' indexes alone, through `countOf`
 * (which may keep it: the catalogue cache's `count`; by default it counts every time).
 * @throws DomainError `invalid_page` ("Invalid page.") for a page past the last (page 1 is
 *   always valid) or one beyond any offset the database can hold.
 */
export async function loadProductPage(
  scope: CatalogScope,
  params: ProductListParams,
  pageLink: (page: number) => string,
  countOf: (count: () => Promise<number>) => Promise<number> = (count) => count(),
): Promise<Schemas['PaginatedProductList']> {
  const { db, dialect, tenantId } = scope;
  const { page, pageSize } = params;
  const offset = pageOffset(page, pageSize);
  if (offset === null) throw invalidPage();
  const prefixes = params.search ? searchPrefixes(params.search) : [];

  const matchesTerm = params.search ? matchesSearch(dialect, prefixes) : null;
  // The price the cards show (a running sale's, ./sales.ts), for the price bounds and order.
  const byPrice =
    params.minCents !== undefined ||
    params.maxCents !== undefined ||
    params.ordering === 'price' ||
    params.ordering === '-price';
  const now = Date.now();
  const shownPrice = byPrice
    ? shownPriceSql(await salesTableIn(scope, new Date(now)), now)
    : sql<number>`p.price_cents`;
  /**
   * The filters, on any query over `products as p` (with or without its category joined);
   * `search` stands for the term's condition (default: every word in the name or description).
   */
  const filter = <Q extends SelectQueryBuilder<Database & { p: ProductsTable }, 'p', object>>(
    query: Q,
    search: Expression<SqlBool> | null = matchesTerm,
  ): Q => {
    let q = query;
    if (params.inactiveOnly) q = q.where(sql.lit(false)) as Q;
    // Like django-filter, an empty filter value means no filter. The slug is looked up once,
    // so the products' category index does the rest.
    if (params.category) {
      q = q.where(
        'p.category_id',
        '=',
        db
          .selectFrom('categories')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('slug', '=', params.category),
      ) as Q;
    }
    if (search) q = q.where(search) as Q;
    if (params.minCents !== undefined) q = q.where(shownPrice, '>=', params.minCents) as Q;
    if (params.maxCents !== undefined) q = q.where(shownPrice, '<=', params.maxCents) as Q;
    if (params.inStock === true) q = q.where('p.stock', '>', 0) as Q;
    if (params.inStock === false) q = q.where('p.stock', '=', 0) as Q;
    return q;
  };

  /** The page's rows, not yet ordered: the filters, `search` standing for the term's. */
  const rowsOf = (search: Expression<SqlBool> | null = matchesTerm) =>
    filter(productColumns(db, tenantId), search).select(PRODUCT_FIELDS);
  /**
   * How many products pass the filters (`search` standing for the term's), counted over the
   * products alone: their tenant, activity and filter columns are all in one index. (A
   * product's category is its shop's own; the page's rows still check it.)
   */
  const countMatches = async (search: Expression<SqlBool> | null = matchesTerm) =>
    toCount(
      (
        await filter(
          db
            .selectFrom('products as p')
            .where('p.tenant_id', '=', tenantId)
            .where('p.is_active', '=', 1),
          search,
        )
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Only the search narrows the list: no category, price or stock filter. */
  const searchAlone =
    !params.inactiveOnly &&
    !params.category &&
    params.minCents === undefined &&
    params.maxCents === undefined &&
    params.inStock === undefined;
  /**
   * The two parts of a search in its default order, for {@link searchPageInRankOrder}. SQLite
   * reads both from FTS5. PostgreSQL finds the name matches in the table of the names' words
   * (./search/product-search.ts `nameMatchIds`): the page's ids in order from its index alone
   * when the search is the only filter, else with the filters on the products, and the page's
   * rows by those ids, in one query; the rest from the search vector, without those ids.
   */
  const rankedSearch = (): RankedSearch => {
    const inName =
      dialect === 'sqlite'
        ? matchesSearch(dialect, prefixes, 'name')
        : nameWordsMatch(db, tenantId, prefixes);
    const descriptionCompletes: RankedSearch['descriptionCompletes'] = (limit, skip) =>
      rowsOf(sql<SqlBool>`${matchesTerm} and not ${inName}`)
        .orderBy('p.id')
        .limit(limit)
        .offset(skip)
        .execute();
    if (dialect === 'sqlite') {
      return {
        nameMatches: (limit, skip) =>
          rowsOf(inName).orderBy('p.id').limit(limit).offset(skip).execute(),
        descriptionCompletes,
        countNameMatches: () => countMatches(inName),
      };
    }
    const nameIds = nameMatchIds(db, tenantId, prefixes);
    return {
      nameMatches: (limit, skip) => {
        // The page's ids, in a subquery the page's rows are read by (one round trip).
        const pageIds = searchAlone
          ? db
              .selectFrom(nameIds.as('n'))
              .select('n.product_id as id')
              .distinct()
              .orderBy('id')
              .limit(limit)
              .offset(skip)
          : filter(
              db
                .selectFrom('products as p')
                .select('p.id')
                .where('p.tenant_id', '=', tenantId)
                .where('p.is_active', '=', 1),
              inName,
            )
              .orderBy('p.id')
              .limit(limit)
              .offset(skip);
        return rowsOf(sql<SqlBool>`p.id in (${pageIds})`)
          .orderBy('p.id')
          .execute();
      },
      descriptionCompletes,
      countNameMatches: async () =>
        searchAlone
          ? toCount(
              (
                await db
                  .selectFrom(nameIds.as('n'))
                  .select(sql<number | string>`count(distinct n.product_id)`.as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            )
          : countMatches(inName),
    };
  };
  let ordered = rowsOf();
  switch (params.ordering) {
    case 'price':
      ordered = ordered.orderBy(shownPrice, 'asc').orderBy('p.id', 'asc');
      break;
    case '-price':
      ordered = ordered.orderBy(shownPrice, 'desc').orderBy('p.id', 'asc');
      break;
    case '-created_at':
      // Newest first, and the later-added of two products created in the same instant first.
      ordered = ordered.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
      break;
    case '-average_rating':
      // Products without reviews (a stored average of 0; a rating is 1 to 5) come last.
      ordered = ordered.orderBy('p.rating_average', 'desc').orderBy('p.id', 'asc');
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
  const [rows, rules, delivery] = await Promise.all([
    params.search && params.ordering === undefined
      ? searchPageInRankOrder({ ...rankedSearch(), offset, pageSize })
      : ordered.limit(pageSize).offset(offset).execute(),
    shopRules(db, tenantId),
    deliveryTableIn(scope),
  ]);
  if (rows.length === 0 && page > 1) throw invalidPage();
  const count =
    page === 1 && rows.length < pageSize ? rows.length : await countOf(() => countMatches());
  const [{ images, attributes }, sales] = await Promise.all([
    loadRelated(
      db,
      rows.map((r) => r.id),
    ),
    salesOfRows(scope, rows, now),
  ]);
  return {
    count,
    next: page * pageSize < count ? pageLink(page + 1) : null,
    previous: page > 1 ? pageLink(page - 1) : null,
    results: rows.map((row) =>
      toProduct(
        row,
        images.get(row.id) ?? [],
        attributes.get(row.id) ?? [],
        rules,
        delivery,
        sales.get(row.id) ?? null,
      ),
    ),
  };
}

/**
 * A search's two parts in its default order, each read in id order: `limit` rows from `skip`.
 */
interface RankedSearch {
  /** The products whose name holds every word. */
  nameMatches: (limit: number, skip: number) => Promise<ProductRow[]>;
  /** The other matches: the description completes the match. */
  descriptionCompletes: (limit: number, skip: number) => Promise<ProductRow[]>;
  /** How many products the name matches. */
  countNameMatches: () => Promise<number>;
}

/**
 * The rows at `offset` (at most `pageSize`) of a search in its default order: the products
 * whose name holds every word, by id, then those whose description completes the match, by id.
 * Read as at most two queries in id order, each stopping at the page's end: ranking every match
 * and sorting them all for one page read all 2,500 products of a common word at 100,000
 * (decision 018, "Search in rank order"). `countNameMatches` runs only for a page past every
 * name match.
 */
async function searchPageInRankOrder(
  search: RankedSearch & { offset: number; pageSize: number },
): Promise<ProductRow[]> {
  const { offset, pageSize } = search;
  const named = await search.nameMatches(pageSize, offset);
  if (named.length === pageSize) return named;
  // The page holds the last name matches (or starts after them): how many there are tells
  // where the others start.
  const nameCount =
    named.length > 0 || offset === 0 ? offset + named.length : await search.countNameMatches();
  const rest = await search.descriptionCompletes(
    pageSize - named.length,
    Math.max(0, offset - nameCount),
  );
  return [...named, ...rest];
}
