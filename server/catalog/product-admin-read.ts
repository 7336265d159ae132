/**
 * What the back office reads of the catalogue's products: the list (`GET /products/`: search,
 * category, status and stock filters, newest first, 25 a page) and one product with every
 * field the storefront shows or uses (`GET /products/{id}/`), in the admin contract's shapes.
 *
 * A product's status is derived (migration 2026_011): `archived` when `archived_at` is set,
 * else `active` when `is_active`, else `draft`.
 *
 * The list reads at most three queries: the page, its count (skipped when page 1 is not full)
 * and the page's thumbnails. Its indexes: `products_admin_idx` (tenant, created, id) for all
 * statuses, 2026-009's `products_newest_idx` (tenant, is_active, created, id) for one status,
 * `products_admin_category_idx` (tenant, category, created, id) for one category: each page is
 * read in index order and stops after 25 rows. A search (part of the name or slug) and the
 * stock filters read every row of the shop that the other filters leave (a scan of one shop's
 * rows, not of the table).
 */
import { giftCardOffer } from './product-rows.ts';
import { type Kysely, sql } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import { toBool, toCount, toIsoString } from '../platform/db/mapping.ts';
import { pageStart } from '../platform/db/page-offset.ts';
import { shopCurrency } from '../platform/shop-currency.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { CatalogErrorCode } from './errors.ts';
import { parseOptions } from './options.ts';
import { parseSafety } from '../../common/product-safety.ts';
import { shopSafetyDefault } from './product-safety.ts';
import { openRecallOf } from './recalls.ts';
import { discountState } from './price-history.ts';
import { dialectOf } from '../platform/db/connection.ts';

export type AdminProduct = Schemas['AdminProduct'];
export type AdminProductSummary = Schemas['AdminProductSummary'];
export type ProductStatus = Schemas['ProductStatus'];
export type ProductStockFilter = Schemas['ProductStockFilter'];

/** Products a page of the back office's list. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

/** What the list filters by; every field is optional. */
export interface AdminProductFilters {
  /** Part of the name or the slug, case-insensitive (at most 100 characters used). */
  search?: string;
  categoryId?: number;
  status?: ProductStatus;
  stock?: ProductStockFilter;
  /** 1-based; default 1. */
  page?: number;
}

/** A page of the list. */
export interface AdminProductPage {
  count: number;
  results: AdminProductSummary[];
  nextPage: number | null;
  previousPage: number | null;
}

/** The status of a product row. */
export function statusOf(row: {
  is_active: boolean | number;
  archived_at: Date | string | null;
}): ProductStatus {
  if (row.archived_at !== null) return 'archived';
  return toBool(row.is_active) ? 'active' : 'draft';
}

/** What the list and the product's own answer both show of a product row read with its category. */
function basicsOf(
  row: Parameters<typeof statusOf>[0] & {
    id: number;
    name: string;
    slug: string;
    price_cents: number;
    category_id: number;
    category_name: string;
    category_slug: string;
  },
) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: statusOf(row),
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    price: toDecimal(row.price_cents),
  };
}

/** `text` as itself inside a LIKE pattern (`%`, `_` and the escape character escaped). */
function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function notFound(): DomainError<CatalogErrorCode> {
  return new DomainError<CatalogErrorCode>('product_not_found', 'Not found.');
}

/** The base of the list and its count: the shop's products under every filter. */
function filtered(db: Kysely<Database>, tenantId: number, filters: AdminProductFilters) {
  const postgres = dialectOf(db) === 'postgres';
  let query = db.selectFrom('products as p').where('p.tenant_id', '=', tenantId);
  if (filters.status === 'active') query = query.where('p.is_active', '=', 1);
  else if (filters.status === 'draft') {
    query = query.where('p.is_active', '=', 0).where('p.archived_at', 'is', null);
  } else if (filters.status === 'archived') query = query.where('p.archived_at', 'is not', null);
  if (filters.categoryId !== undefined)
    query = query.where('p.category_id', '=', filters.categoryId);
  if (filters.stock === 'sold_out') {
    query = query.where('p.stock', '=', 0).where('p.made_to_order', '=', 0);
  } else if (filters.stock === 'low') {
    query = query
      .where('p.made_to_order', '=', 0)
      .where('p.low_stock_threshold', 'is not', null)
      .whereRef('p.stock', '<=', 'p.low_stock_threshold');
  }
  const term = (filters.search ?? '').trim().slice(0, 100);
  if (term !== '') {
    const pattern = likeContaining(postgres ? term : term.toLowerCase());
    const like = sql.raw(postgres ? 'ilike' : 'like');
    query = query.where(
      sql<boolean>`(p.name ${like} ${pattern} escape '\\' or p.slug ${like} ${pattern} escape '\\')`,
    );
  }
  return query;
}

/** The stock state a list row shows. */
function stockState(row: {
  stock: number;
  made_to_order: boolean | number;
  low_stock_threshold: number | null;
}): AdminProductSummary['stock_state'] {
  if (toBool(row.made_to_order)) return 'made_to_order';
  if (row.stock === 0) return 'sold_out';
  if (row.low_stock_threshold !== null && row.stock <= row.low_stock_threshold) return 'low';
  return 'in_stock';
}

/**
 * A page of the shop's products, newest first (see the module comment).
 * @throws DomainError `invalid_page` (404 "Invalid page.") past the last page.
 */
export async function listAdminProducts(
  db: Kysely<Database>,
  tenantId: number,
  filters: AdminProductFilters,
): Promise<AdminProductPage> {
  const invalidPage = () => new DomainError<CatalogErrorCode>('invalid_page', 'Invalid page.');
  const { page, offset } = pageStart(filters.page, ADMIN_PRODUCTS_PAGE_SIZE, invalidPage);
  const rows = await filtered(db, tenantId, filters)
    .innerJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 'p.category_id').on('c.tenant_id', '=', tenantId),
    )
    .select([
      'p.id',
      'p.name',
      'p.slug',
      'p.is_active',
      'p.archived_at',
      'p.price_cents',
      'p.stock',
      'p.made_to_order',
      'p.low_stock_threshold',
      'p.created_at',
      'p.updated_at',
      'c.id as category_id',
      'c.name as category_name',
      'c.slug as category_slug',
    ])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(ADMIN_PRODUCTS_PAGE_SIZE)
    .offset(offset)
    .execute();
  if (rows.length === 0 && page > 1) throw invalidPage();
  const count =
    page === 1 && rows.length < ADMIN_PRODUCTS_PAGE_SIZE
      ? rows.length
      : toCount(
          (
            await filtered(db, tenantId, filters)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n as number,
        );
  const thumbs = await thumbnailsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    count,
    nextPage: offset + rows.length < count ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
    results: rows.map((row) => ({
      ...basicsOf(row),
      stock: row.stock,
      made_to_order: toBool(row.made_to_order),
      low_stock_threshold: row.low_stock_threshold,
      stock_state: stockState(row),
      thumbnail: thumbs.get(row.id) ?? null,
      created_at: toIsoString(row.created_at),
      updated_at: toIsoString(row.updated_at ?? row.created_at),
    })),
  };
}

/** The first photo's thumbnail of each product that has one. */
async function thumbnailsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  const thumbs = new Map<number, string>();
  if (ids.length === 0) return thumbs;
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'thumb_path', 'image_path'])
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    if (!thumbs.has(row.product_id)) thumbs.set(row.product_id, row.thumb_path || row.image_path);
  }
  return thumbs;
}

/**
 * Product `productId` of the shop as the back office edits it: every field, its attributes and
 * photos in their order, its options as stored (money as decimal strings), and whether the
 * storefront shows its discount and why not (`discount`, ./price-history.ts).
 * @throws DomainError `product_not_found` (404 "Not found.") for no such product in the shop.
 */
export async function getAdminProduct(
  db: Kysely<Database>,
  tenantId: number,
  productId: number,
): Promise<AdminProduct> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 'p.category_id').on('c.tenant_id', '=', tenantId),
    )
    .selectAll('p')
    .select(['c.name as category_name', 'c.slug as category_slug'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const [images, attributes, currency, safetyDefault, openRecall] = await Promise.all([
    db
      .selectFrom('product_images')
      .select(['id', 'image_path', 'thumb_path', 'alt_text', 'position'])
      .where('product_id', '=', row.id)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_attributes')
      .select(['key', 'value'])
      .where('product_id', '=', row.id)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    shopCurrency(db, tenantId),
    shopSafetyDefault(db, tenantId),
    openRecallOf(db, tenantId, row.id),
  ]);
  return {
    ...basicsOf(row),
    price_before_discount:
      row.price_before_discount_cents === null ? null : toDecimal(row.price_before_discount_cents),
    stock: row.stock,
    low_stock_threshold: row.low_stock_threshold,
    attributes: attributes.map((a) => ({ name: a.key, value: a.value })),
    description: row.description,
    long_html_description: row.long_html_description,
    options: parseOptions(row.options).map((o) => ({
      key: o.key,
      label: o.label,
      kind: o.kind,
      required: o.required,
      values:
        o.kind === 'choice'
          ? (o.values ?? []).map((v) => ({
              value: v.value,
              label: v.label,
              price_delta: toDecimal(v.price_delta_cents),
            }))
          : [],
      max_length: o.kind === 'text' ? (o.max_length ?? null) : null,
      price_delta: toDecimal(o.kind === 'text' ? (o.price_delta_cents ?? 0) : 0),
    })),
    made_to_order: toBool(row.made_to_order),
    lead_time_days_min: row.lead_time_days_min,
    lead_time_days_max: row.lead_time_days_max,
    age_restricted: toBool(row.age_restricted),
    cancellation_exempt: toBool(row.cancellation_exempt),
    gift_card: toBool(row.gift_card)
      ? (giftCardOffer(row as Parameters<typeof giftCardOffer>[0]).gift_card ?? null)
      : null,
    images: images.map((i) => ({
      id: i.id,
      image: i.image_path,
      thumbnail: i.thumb_path || i.image_path,
      alt_text: i.alt_text,
      position: i.position,
    })),
    storefront_path: `/products/${row.slug}`,
    created_at: toIsoString(row.created_at),
    updated_at: toIsoString(row.updated_at ?? row.created_at),
    archived_at: row.archived_at === null ? null : toIsoString(row.archived_at),
    discount: discountState(row, currency),
    safety: parseSafety(row.safety),
    safety_default: safetyDefault,
    open_recall: openRecall,
  };
}
