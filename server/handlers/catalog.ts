/**
 * Catalogue handlers: categories (list, detail) and products (paginated list, detail by slug)
 * as spec section 7 lists them. Every query filters by the request's tenant; inactive products
 * do not exist for the storefront (absent from lists, 404 on detail).
 *
 * The list costs at most five queries whatever the page size: the page itself, its total count
 * (skipped when page 1 is not full), then the page's images, attributes and review statistics
 * in one batched query each. Answers are kept briefly in `app.catalogCache`
 * (plugins/catalog-cache.ts): whoever changes catalogue data must invalidate it.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { toAverage, toBool, toCount, toIsoString } from '../db/mapping.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { formatMinorUnits } from '../lib/money.ts';
import { pageOffset, pageUrl } from '../lib/pagination.ts';
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
): Product {
  const first = images[0];
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
  };
}

/**
 * GET /products/products/ -> PaginatedProductList, in id order (stable across pages).
 * Filters: is_active (only active products exist here), category__slug, search (name or
 * description, case-insensitive). A page past the last answers 404 `{"detail":"Invalid page."}`
 * as DRF does; page 1 is always valid.
 */
export const listProducts: OperationHandler<'listProducts'> = async (request, reply) => {
  const params = listParams(request.query);
  // The key names only what the query uses: `search=%20`, unknown parameters or another Host
  // header are the same entry. next/previous depend on the URL as written and on the host, so
  // they are not cached: the cached JSON holds markers that each answer replaces.
  return sendCached(
    reply,
    request.tenant.id,
    `list ${JSON.stringify(params)}`,
    () => loadProductPage(request, params),
    (json) =>
      json
        .replace(`"${NEXT_MARK}"`, () => JSON.stringify(pageUrl(request, params.page + 1)))
        .replace(`"${PREVIOUS_MARK}"`, () => JSON.stringify(pageUrl(request, params.page - 1))),
  );
};

// Stand-ins for the page links in cached JSON; the serializer writes them as plain strings, and
// `count`, `next`, `previous` come before `results`, so the first occurrence is always the link.
const NEXT_MARK = 'urn:x-storefront:next-page';
const PREVIOUS_MARK = 'urn:x-storefront:previous-page';

/** The product-list parameters the query depends on, normalized (the cache key). */
export interface ListParams {
  page: number;
  pageSize: number;
  /** false only when the request asked for inactive products (none exist for the storefront). */
  active: boolean;
  category: string | null;
  /** Trimmed and lower-cased, as the LIKE pattern uses it; null for no search. */
  search: string | null;
}

export function listParams(query: OperationRequest<'listProducts'>['query']): ListParams {
  return {
    page: query.page ?? 1,
    pageSize: Math.min(query.page_size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    active: query.is_active !== false,
    // Like django-filter, an empty filter value means no filter.
    category: query.category__slug || null,
    search: query.search?.trim().toLowerCase() || null,
  };
}

async function loadProductPage(
  request: OperationRequest<'listProducts'>,
  { page, pageSize, active, category, search }: ListParams,
): Promise<Schemas['PaginatedProductList']> {
  const { db } = request.server;
  let filtered = productColumns(db, request.tenant.id);
  if (!active) filtered = filtered.where(sql.lit(false));
  if (category) filtered = filtered.where('c.slug', '=', category);
  if (search) {
    const pattern = likePattern(search);
    filtered = filtered.where((eb) =>
      eb.or([
        sql<boolean>`lower(p.name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(p.description) like ${pattern} escape '\\'`,
      ]),
    );
  }
  // A window count(*) would make SQLite materialise every matching row with its long texts;
  // a separate count over the index is far cheaper, and unnecessary when page 1 is not full.
  const offset = pageOffset(page, pageSize);
  if (offset === null) throw new HttpError(404, { detail: 'Invalid page.' });
  const rows = await filtered
    .select(PRODUCT_FIELDS)
    .orderBy('p.id')
    .limit(pageSize)
    .offset(offset)
    .execute();
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
      toProduct(row, images.get(row.id) ?? [], attributes.get(row.id) ?? [], stats.get(row.id)),
    ),
  };
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
  const [{ images, attributes }, reviews] = await Promise.all([
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
  ]);
  const ratingSum = reviews.reduce((sum, r) => sum + r.rating, 0);
  const stats = {
    count: reviews.length,
    average: reviews.length ? toAverage(ratingSum / reviews.length) : null,
  };
  return {
    ...toProduct(row, images.get(row.id) ?? [], attributes.get(row.id) ?? [], stats),
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
