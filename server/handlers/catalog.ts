/**
 * Catalogue handlers: categories (list, detail) and products (paginated list, detail by slug)
 * as spec section 7 lists them. Every query filters by the request's tenant; inactive products
 * do not exist for the storefront (absent from lists, 404 on detail).
 *
 * The list costs at most five queries whatever the page size: the page itself, its total count
 * (skipped when page 1 is not full), then the page's images, attributes and review statistics
 * in one batched query each. Answers are kept briefly in `app.catalogCache`
 * (plugins/catalog-cache.ts), keyed by the normalized parameters: whoever changes catalogue
 * data must invalidate it.
 *
 * the list's `ordering`, `min_price`, `max_price` and `in_stock`, and the header's
 * search suggestions (`listProductSuggestions`); decision 010.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { toAverage, toBool, toCount, toIsoString } from '../db/mapping.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { formatMinorUnits } from '../lib/money.ts';
import { pageOffset } from '../lib/pagination.ts';
import { dispatchOf, type ShopRules, shopRules } from '../orders/dispatch.ts';
import { parseOptions, toProductOptions } from '../orders/options.ts';
import { sendCached } from '../plugins/catalog-cache.ts';
import type { OperationHandler, OperationRequest, Schemas } from './types.ts';

type Product = Schemas['Product'];

/** Page size when the request names none, and the largest allowed (the contract's maximum). */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * GET /products/categories/ -> all the shop's categories by name (a plain array). Sorted here,
 * not in SQL, because SQLite and PostgreSQL collate text differently.
 */
export const listCategories: OperationHandler<'listCategories'> = async (request, reply) =>
  sendCached(reply, request.tenant.id, 'categories', async (): Promise<Schemas['Category'][]> => {
    const rows = await request.server.db
      .selectFrom('categories')
      .select(['id', 'slug', 'name', 'description'])
      .where('tenant_id', '=', request.tenant.id)
      .orderBy('id')
      .execute();
    return rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  });

/** GET /products/categories/{slug}/ -> Category; 404 `{"detail":"Not found."}` when unknown. */
export const getCategory: OperationHandler<'getCategory'> = async (request) => {
  const category = await request.server.db
    .selectFrom('categories')
    .select(['id', 'slug', 'name', 'description'])
    .where('tenant_id', '=', request.tenant.id)
    .where('slug', '=', request.params.slug)
    .executeTakeFirst();
  if (!category) throw notFound();
  return category;
};

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function productColumns(db: Kysely<Database>, tenantId: number) {
  return (
    db
      .selectFrom('products as p')
      // The category must be the same tenant's too: isolation never rests on the rows alone.
      .innerJoin('categories as c', (join) =>
        join.onRef('c.id', '=', 'p.category_id').on('c.tenant_id', '=', tenantId),
      )
      .where('p.tenant_id', '=', tenantId)
      .where('p.is_active', '=', 1)
  );
}

const PRODUCT_FIELDS = [
  'p.id',
  'p.slug',
  'p.name',
  'p.price_cents',
  'p.price_before_discount_cents',
  'p.stock',
  'p.description',
  'p.long_html_description',
  'c.name as category_name',
  'c.slug as category_slug',
  'p.options',
  'p.made_to_order',
  'p.lead_time_days_min',
  'p.lead_time_days_max',
  'p.age_restricted',
] as const;

type ProductRow = {
  id: number;
  slug: string;
  name: string;
  price_cents: number;
  price_before_discount_cents: number | null;
  stock: number;
  description: string;
  long_html_description: string;
  category_name: string;
  category_slug: string;
  options: string | null;
  made_to_order: boolean | number;
  lead_time_days_min: number | null;
  lead_time_days_max: number | null;
  age_restricted: boolean | number;
};

type ReviewStats = { count: number; average: number | null };

/**
 * Loads images and attributes (and, for lists, review counts and averages) of many products in
 * one batched query each, grouped by product id.
 */
async function loadRelated(db: Kysely<Database>, productIds: number[], withStats: boolean) {
  const images = new Map<number, Product['images']>();
  const attributes = new Map<number, Product['attributes']>();
  const stats = new Map<number, ReviewStats>();
  if (productIds.length === 0) return { images, attributes, stats };
  const [imageRows, attributeRows, statRows] = await Promise.all([
    db
      .selectFrom('product_images')
      .select(['id', 'product_id', 'image_path', 'thumb_path', 'alt_text', 'position'])
      .where('product_id', 'in', productIds)
      .orderBy('product_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_attributes')
      .select(['id', 'product_id', 'key', 'value', 'position'])
      .where('product_id', 'in', productIds)
      .orderBy('product_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    withStats
      ? db
          .selectFrom('reviews')
          .select((eb) => [
            'product_id',
            eb.fn.countAll<number | string>().as('n'),
            eb.fn.avg<number | string | null>('rating').as('average'),
          ])
          .where('product_id', 'in', productIds)
          .groupBy('product_id')
          .execute()
      : [],
  ]);
  for (const row of statRows) {
    stats.set(row.product_id, { count: toCount(row.n), average: toAverage(row.average) });
  }
  for (const row of imageRows) {
    let list = images.get(row.product_id);
    if (!list) images.set(row.product_id, (list = []));
    list.push({
      id: row.id,
      image: row.image_path,
      thumb_image: row.thumb_path,
      alt_text: row.alt_text,
      order: row.position,
    });
  }
  for (const row of attributeRows) {
    let list = attributes.get(row.product_id);
    if (!list) attributes.set(row.product_id, (list = []));
    list.push({ id: row.id, key: row.key, value: row.value, order: row.position });
  }
  return { images, attributes, stats };
}

function toProduct(
  row: ProductRow,
  images: Product['images'],
  attributes: Product['attributes'],
  stats: ReviewStats | undefined,
  rules: ShopRules,
): Product {
  const first = images[0];
  const madeToOrder = toBool(row.made_to_order);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    price: formatMinorUnits(row.price_cents),
    price_before_discount:
      row.price_before_discount_cents === null
        ? null
        : formatMinorUnits(row.price_before_discount_cents),
    stock: row.stock,
    is_active: true,
    description: row.description,
    long_html_description: row.long_html_description,
    main_image: first
      ? {
          image: first.image,
          thumb_image: first.thumb_image ?? first.image,
          alt_text: first.alt_text,
        }
      : null,
    images,
    category: { name: row.category_name, slug: row.category_slug },
    attributes,
    average_rating: stats && stats.count > 0 ? stats.average : null,
    review_count: stats?.count ?? 0,
    options: toProductOptions(parseOptions(row.options)),
    made_to_order: madeToOrder,
    lead_time_days_min: madeToOrder ? row.lead_time_days_min : null,
    lead_time_days_max: madeToOrder ? row.lead_time_days_max : null,
    age_restricted: toBool(row.age_restricted),
    // As of the answer: the catalogue cache keeps it a second, a rendered page ten.
    dispatch: dispatchOf(
      {
        made_to_order: madeToOrder,
        lead_time_days_min: row.lead_time_days_min,
        lead_time_days_max: row.lead_time_days_max,
      },
      rules,
      new Date(),
    ),
  };
}

/** The orderings of the product list (contract: ProductOrdering). */
export const PRODUCT_ORDERINGS = [
  'price',
  '-price',
  '-created_at',
  '-average_rating',
  'name',
] as const satisfies readonly Schemas['ProductOrdering'][];

/**
 * The product list's parameters after validation, in the units the queries use: prices in
 * integer cents, the search term trimmed, empty filters dropped (as django-filter does).
 */
export interface ProductListParams {
  /** `is_active=false`: the storefront has no inactive products, so the list is empty. */
  inactiveOnly: boolean;
  category?: string;
  search?: string;
  ordering?: Schemas['ProductOrdering'];
  minCents?: number;
  maxCents?: number;
  inStock?: boolean;
  page: number;
  pageSize: number;
}

/**
 * A price bound (a number the contract already checked: finite, 0 to 1,000,000) in cents.
 * @throws HttpError 400 `{"<field>": ["Ensure that there are no more than 2 decimal places."]}`
 */
function boundCents(field: string, value: number): number {
  const cents = Math.round(value * 100);
  // The value came from a decimal string; anything beyond two decimals leaves a remainder
  // far larger than the binary rounding error of a two-decimal amount.
  if (Math.abs(value * 100 - cents) > 1e-6) {
    throw new HttpError(400, { [field]: ['Ensure that there are no more than 2 decimal places.'] });
  }
  return cents;
}

/**
 * Reads the list's query (already checked against the contract: types, enum, ranges, NUL
 * bytes, Infinity) into {@link ProductListParams}.
 * @throws HttpError 400 with field errors for more than two decimals in a price, or for
 *   `min_price` above `max_price` (`{"max_price": ["Ensure this value is greater than or equal
 *   to min_price."]}`).
 */
export function productListParams(
  query: OperationRequest<'listProducts'>['query'],
): ProductListParams {
  const params: ProductListParams = {
    inactiveOnly: query.is_active === false,
    page: query.page ?? 1,
    pageSize: Math.min(query.page_size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
  if (query.category__slug) params.category = query.category__slug;
  // Lower-cased as the LIKE pattern uses it, so `Knife` and `knife` are one cache entry.
  const term = query.search?.trim().toLowerCase();
  if (term) params.search = term;
  if (query.ordering) params.ordering = query.ordering;
  if (query.min_price !== undefined) params.minCents = boundCents('min_price', query.min_price);
  if (query.max_price !== undefined) params.maxCents = boundCents('max_price', query.max_price);
  if (query.in_stock !== undefined) params.inStock = query.in_stock;
  if (
    params.minCents !== undefined &&
    params.maxCents !== undefined &&
    params.minCents > params.maxCents
  ) {
    throw new HttpError(400, {
      max_price: ['Ensure this value is greater than or equal to min_price.'],
    });
  }
  return params;
}

/**
 * The canonical query string of a list request for `page` (page 1 left out), in a fixed order:
 * the cache key and the `next`/`previous` links are both built from it, so unknown parameters
 * and the order they were written in never make a second entry.
 */
export function canonicalListQuery(params: ProductListParams, page: number): string {
  const out = new URLSearchParams();
  if (params.inactiveOnly) out.set('is_active', 'false');
  else out.set('is_active', 'true');
  if (params.category) out.set('category__slug', params.category);
  if (params.search) out.set('search', params.search);
  if (params.ordering) out.set('ordering', params.ordering);
  if (params.minCents !== undefined) out.set('min_price', formatMinorUnits(params.minCents));
  if (params.maxCents !== undefined) out.set('max_price', formatMinorUnits(params.maxCents));
  if (params.inStock !== undefined) out.set('in_stock', String(params.inStock));
  if (params.pageSize !== DEFAULT_PAGE_SIZE) out.set('page_size', String(params.pageSize));
  if (page > 1) out.set('page', String(page));
  return out.toString();
}

/** Text compared byte by byte on both engines (PostgreSQL's database collation may differ). */
function binary(dialect: string, expression: ReturnType<typeof sql>) {
  return dialect === 'postgres' ? sql`${expression} collate "C"` : expression;
}

/**
 * The name's sort key: ASCII letters lowered, everything else as stored, compared as bytes.
 * SQLite's lower() only knows ASCII; PostgreSQL's follows the collation, so it is pinned to
 * "C" (ASCII only too): both engines give the same order.
 */
function nameKey(dialect: string) {
  return dialect === 'postgres' ? sql`lower(p.name collate "C") collate "C"` : sql`lower(p.name)`;
}

/**
 * GET /products/products/ -> PaginatedProductList (for ordering and the price
 * and stock filters). Filters: is_active (only active products exist here), category__slug,
 * search (name or description, case-insensitive), min_price/max_price (inclusive, in the
 * shop's currency), in_stock. Order: `ordering`, then the id as tie-breaker; id order without
 * one. A page past the last answers 404 `{"detail":"Invalid page."}` as DRF does; page 1 is
 * always valid. Invalid parameters: 400 with field errors (see {@link productListParams}).
 * `next`/`previous` carry the canonical query ({@link canonicalListQuery}), not the raw one.
 */
export const listProducts: OperationHandler<'listProducts'> = async (request, reply) => {
  const params = productListParams(request.query);
  // The key names only what the query uses, in a fixed order: `search=%20`, unknown
  // parameters or another Host header are the same entry. The page links are absolute, so
  // they depend on the host: the cached JSON holds markers that each answer replaces.
  return sendCached(
    reply,
    request.tenant.id,
    `list ${canonicalListQuery(params, params.page)}`,
    () => loadProductPage(request, params),
    (json) => {
      const base = `${request.protocol}://${request.host}${request.routeOptions.url ?? ''}`;
      const link = (to: number) => {
        const query = canonicalListQuery(params, to);
        return JSON.stringify(`${base}${query ? `?${query}` : ''}`);
      };
      return json
        .replace(`"${NEXT_MARK}"`, () => link(params.page + 1))
        .replace(`"${PREVIOUS_MARK}"`, () => link(params.page - 1));
    },
  );
};

// Stand-ins for the page links in cached JSON; the serializer writes them as plain strings, and
// `count`, `next`, `previous` come before `results`, so the first occurrence is always the link.
const NEXT_MARK = 'urn:x-storefront:next-page';
const PREVIOUS_MARK = 'urn:x-storefront:previous-page';

async function loadProductPage(
  request: OperationRequest<'listProducts'>,
  params: ProductListParams,
): Promise<Schemas['PaginatedProductList']> {
  const { db, dbDialect } = request.server;
  const { page, pageSize } = params;
  const rules = await shopRules(db, request.tenant.id);

  let filtered = productColumns(db, request.tenant.id);
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
              .where('tenant_id', '=', request.tenant.id)
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
        .orderBy(nameKey(dbDialect))
        .orderBy(binary(dbDialect, sql`p.name`))
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

/** Most suggestions one answer holds (contract: maxItems). */
export const MAX_SUGGESTIONS = 6;

/**
 * GET /products/suggestions/?q= -> ProductSuggestion[]: at most six of the tenant's
 * active products whose name holds the term (case-insensitive; LIKE wildcards are literal).
 * Names that start with the term first, then the rest, each by name as the list's `name`
 * ordering sorts, then by id. Cached like the catalogue, keyed by the lowered term (the match
 * ignores case, so "Gyu" and "gyu" share an entry).
 * @throws HttpError 400 `{"q": ["Ensure this field has at least 2 characters."]}` when the
 *   trimmed term is shorter than 2 (the contract refuses a missing, long or NUL-holding one).
 */
export const listProductSuggestions: OperationHandler<'listProductSuggestions'> = async (
  request,
  reply,
) => {
  const term = request.query.q.trim().toLowerCase();
  if (term.length < 2) {
    throw new HttpError(400, { q: ['Ensure this field has at least 2 characters.'] });
  }
  return sendCached(reply, request.tenant.id, `suggest ${term}`, () =>
    loadSuggestions(request, term),
  );
};

async function loadSuggestions(
  request: OperationRequest<'listProductSuggestions'>,
  term: string,
): Promise<Schemas['ProductSuggestion'][]> {
  const { db, dbDialect } = request.server;
  const contains = likePattern(term);
  const prefix = contains.slice(1);
  const rows = await productColumns(db, request.tenant.id)
    .select((eb) => [
      'p.id',
      'p.name',
      'p.slug',
      'p.price_cents',
      eb
        .selectFrom('product_images as i')
        .select(sql<string>`coalesce(i.thumb_path, i.image_path)`.as('thumb'))
        .whereRef('i.product_id', '=', 'p.id')
        .orderBy('i.position')
        .orderBy('i.id')
        .limit(1)
        .as('thumbnail'),
    ])
    .where(sql<boolean>`lower(p.name) like ${contains} escape '\\'`)
    .orderBy(sql`case when lower(p.name) like ${prefix} escape '\\' then 0 else 1 end`)
    .orderBy(nameKey(dbDialect))
    .orderBy(binary(dbDialect, sql`p.name`))
    .orderBy('p.id')
    .limit(MAX_SUGGESTIONS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    price: formatMinorUnits(row.price_cents),
    thumbnail: row.thumbnail ?? null,
  }));
}

/**
 * GET /products/products/{slug}/ -> Product with images and attributes in their order and
 * reviews newest first; 404 `{"detail":"Not found."}` for an unknown or inactive product.
 */
export const getProduct: OperationHandler<'getProduct'> = async (request, reply) =>
  sendCached(reply, request.tenant.id, `product ${request.params.slug}`, () =>
    loadProduct(request),
  );

async function loadProduct(request: OperationRequest<'getProduct'>): Promise<Product> {
  const { db } = request.server;
  const row = await productColumns(db, request.tenant.id)
    .select(PRODUCT_FIELDS)
    .where('p.slug', '=', request.params.slug)
    .executeTakeFirst();
  if (!row) throw notFound();
  const [{ images, attributes }, reviews, rules] = await Promise.all([
    loadRelated(db, [row.id], false),
    db
      .selectFrom('reviews')
      .select([
        'id',
        'product_id',
        'username',
        'rating',
        'comment',
        'is_verified_purchase',
        'created_at',
      ])
      .where('product_id', '=', row.id)
      .where('tenant_id', '=', request.tenant.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    shopRules(db, request.tenant.id),
  ]);
  const ratingSum = reviews.reduce((sum, r) => sum + r.rating, 0);
  const stats = {
    count: reviews.length,
    average: reviews.length ? toAverage(ratingSum / reviews.length) : null,
  };
  return {
    ...toProduct(row, images.get(row.id) ?? [], attributes.get(row.id) ?? [], stats, rules),
    reviews: reviews.map((r) => ({
      id: r.id,
      product: r.product_id,
      user: r.username === null ? null : { username: r.username },
      rating: r.rating,
      comment: r.comment,
      created_at: toIsoString(r.created_at),
      is_verified_purchase: toBool(r.is_verified_purchase),
    })),
  };
}
