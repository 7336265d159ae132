/**
 * Reading products for the storefront: the base query (the tenant's active products with their
 * category, isolated by tenant on both tables), the columns a product needs, its images,
 * attributes and review statistics loaded in one batched query each, and the mapping of it all
 * to the contract's Product (money from integer cents to decimal strings).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../platform/db/connection.ts';
import type { Database } from '../platform/db/database.ts';
import { toAverage, toBool, toCount } from '../platform/db/mapping.ts';
import { toDecimal } from '../../common/money.ts';
import { dispatchOf, type ShopRules } from './dispatch-dates.ts';
import { parseOptions, toProductOptions } from './options.ts';
import { productExempt } from './cancellation-exemption.ts';
import { offeredAmounts } from './gift-card-amounts.ts';
import { honestBeforePrice } from './price-history.ts';
import { deliveryFrom, type DeliveryTable, loadDeliveryTable } from './delivery-from.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import { toStorefrontImage } from '../media/photo-framing.ts';
import {
  loadOpenSales,
  pricesBeforeSales,
  type ProductSale,
  saleOf,
  salePrice,
  type SaleTable,
} from './sales.ts';

type Product = Schemas['Product'];

/** Where a catalogue read happens: the shop database, its engine, and the request's tenant. */
export interface CatalogScope {
  db: Kysely<Database>;
  dialect: Dialect;
  tenantId: number;
  /** The shop's delivery table (./delivery-from.ts), kept by the caller's cache; absent: read
   * from the database at each call. */
  deliveryTable?: () => Promise<DeliveryTable>;
  /** The shop's open sales (./sales.ts), kept by the caller's cache; absent: read at each call. */
  sales?: () => Promise<SaleTable>;
}

/** A product's running sale with its honest "was" price (cents; null: none may show). */
export interface PricedSale {
  sale: ProductSale;
  wasCents: number | null;
}

/**
 * The running sale of each of `rows` at `at` (epoch ms; default now), by product id, with the
 * lowest price of the 30 days before it started (./sales.ts): the scope's sales, applied in code,
 * and one query of the price history of the rows on sale (none when no row is).
 */
export async function salesOfRows(
  scope: CatalogScope,
  rows: readonly { id: number; category_id: number }[],
  at: number = Date.now(),
): Promise<Map<number, PricedSale>> {
  const priced = new Map<number, PricedSale>();
  if (rows.length === 0) return priced;
  const table = await salesTableIn(scope, new Date(at));
  if (table.sales.length === 0) return priced;
  const onSale = new Map<number, ProductSale>();
  for (const row of rows) {
    const sale = saleOf(table, row, at);
    if (sale) onSale.set(row.id, sale);
  }
  const was = await pricesBeforeSales(scope.db, scope.tenantId, onSale);
  for (const [id, sale] of onSale) priced.set(id, { sale, wasCents: was.get(id) ?? null });
  return priced;
}

/** The scope's open sales (./sales.ts): its cached table, or read now (`at`: default now). */
export function salesTableIn(scope: CatalogScope, at = new Date()) {
  return scope.sales?.() ?? loadOpenSales(scope.db, scope.tenantId, at);
}

/** The scope's delivery table: its cached one, or read now. */
export function deliveryTableIn(scope: CatalogScope): Promise<DeliveryTable> {
  return scope.deliveryTable?.() ?? loadDeliveryTable(scope.db, scope.tenantId);
}

/**
 * The tenant's active products joined to their category (`p` and `c`), before any column is
 * selected: every catalogue query starts here, so none can forget the tenant or activity.
 */
export function productColumns(db: Kysely<Database>, tenantId: number) {
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

/**
 * The product columns (`p`) a cart or order line's options, dispatch dates, age check and
 * cancellation right are read from.
 */
export const LINE_TERMS_FIELDS = [
  'p.options',
  'p.made_to_order',
  'p.lead_time_days_min',
  'p.lead_time_days_max',
  'p.age_restricted',
  'p.cancellation_exempt',
] as const;

/** The columns {@link toProduct} reads, selected from {@link productColumns}. */
export const PRODUCT_FIELDS = [
  'p.id',
  'p.slug',
  'p.name',
  'p.category_id',
  'p.price_cents',
  'p.price_before_discount_cents',
  'p.lowest_prior_price_cents',
  'p.stock',
  'p.description',
  'p.long_html_description',
  'c.name as category_name',
  'c.slug as category_slug',
  ...LINE_TERMS_FIELDS,
  'p.review_count',
  'p.rating_average',
  'p.gift_card',
  'p.gift_card_amounts',
  'p.gift_card_min_cents',
  'p.gift_card_max_cents',
] as const;

/** A product row as {@link PRODUCT_FIELDS} selects it. */
export type ProductRow = {
  id: number;
  slug: string;
  name: string;
  /** Which sales cover it (./sales.ts). */
  category_id: number;
  price_cents: number;
  price_before_discount_cents: number | null;
  /** The lowest price of the 30 days before the price took effect (migration 2026_019). */
  lowest_prior_price_cents: number | null;
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
  /** The owner's flag (migration 2026_017); see ./cancellation-exemption.ts. */
  cancellation_exempt: boolean | number;
  /** Kept by triggers on `reviews` (migration 2026_009). */
  review_count: number;
  /** The exact mean rating, 0 without reviews (same triggers). */
  rating_average: number;
  /** A gift card and its amounts (migration 2026-039, decision 090). */
  gift_card: boolean | number;
  gift_card_amounts: string;
  gift_card_min_cents: number | null;
  gift_card_max_cents: number | null;
};

/**
 * A gift card product's offer as the contract's GiftCardOffer (its amounts lowest first, the
 * custom range or nulls), or nothing for another product (decision 090).
 */
export function giftCardOffer(row: ProductRow): { gift_card?: Product['gift_card'] } {
  if (!toBool(row.gift_card)) return {};
  const amounts = offeredAmounts(row);
  const ranged = row.gift_card_min_cents !== null && row.gift_card_max_cents !== null;
  return {
    gift_card: {
      amounts: [...amounts].sort((a, b) => a - b).map(toDecimal),
      min_amount: ranged ? toDecimal(row.gift_card_min_cents!) : null,
      max_amount: ranged ? toDecimal(row.gift_card_max_cents!) : null,
    },
  };
}

/**
 * Loads images and attributes of many products in one batched query each, grouped by product
 * id. (Review statistics are columns of the product row.)
 */
export async function loadRelated(db: Kysely<Database>, productIds: number[]) {
  const images = new Map<number, Product['images']>();
  const attributes = new Map<number, Product['attributes']>();
  if (productIds.length === 0) return { images, attributes };
  const [imageRows, attributeRows] = await Promise.all([
    db
      .selectFrom('product_images')
      .select(['id', 'product_id', 'image_path', 'thumb_path', 'alt_text', 'position'])
      .select(['width', 'height', 'focal_x', 'focal_y'])
      // The shop's card aspect, for where its cards show each photo (`card_x`, `card_y`).
      .select((eb) =>
        eb
          .selectFrom('products as p')
          .innerJoin('site_settings as s', 's.tenant_id', 'p.tenant_id')
          .select('s.card_aspect')
          .whereRef('p.id', '=', 'product_images.product_id')
          .as('card_aspect'),
      )
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
  ]);
  for (const row of imageRows) {
    let list = images.get(row.product_id);
    if (!list) images.set(row.product_id, (list = []));
    // The photo's size and focal point (server/media/photo-framing.ts) ride along with it.
    const { image, thumb_image, alt_text, ...framing } = toStorefrontImage(row);
    list.push({ id: row.id, image, thumb_image, alt_text, order: row.position, ...framing });
  }
  for (const row of attributeRows) {
    let list = attributes.get(row.product_id);
    if (!list) attributes.set(row.product_id, (list = []));
    list.push({ id: row.id, key: row.key, value: row.value, order: row.position });
  }
  return { images, attributes };
}

/**
 * A product row and its related rows as the contract's Product, without reviews; the average
 * rating rounded to one decimal (null without reviews); `dispatch` is estimated from the shop's
 * rules as of now; `price_before_discount` only when it is an honest was-price
 * (./price-history.ts, Directive 98/6/EC art. 6a); `delivery_from` from the shop's delivery
 * table (./delivery-from.ts). With a running `sale` (./sales.ts): `price` is the reduced price,
 * `price_before_discount` the lowest price of the 30 days before the sale started when the
 * reduced price is below it (else null), and `sale` says its percent and end.
 */
export function toProduct(
  row: ProductRow,
  images: Product['images'],
  attributes: Product['attributes'],
  rules: ShopRules,
  delivery: DeliveryTable,
  sale: PricedSale | null = null,
): Product {
  const reviewCount = toCount(row.review_count);
  const first = images[0];
  const madeToOrder = toBool(row.made_to_order);
  const priceCents = sale ? salePrice(row.price_cents, sale.sale.percent) : row.price_cents;
  const was = sale?.wasCents ?? null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    price: toDecimal(priceCents),
    ...giftCardOffer(row),
    // A gift card is never discounted (decision 090): no sale reaches it (./sales.ts
    // `discountableLine`), and it shows no earlier price.
    price_before_discount: toBool(row.gift_card)
      ? null
      : sale
        ? was !== null && priceCents < was
          ? toDecimal(was)
          : null
        : honestBeforePrice(row),
    sale: sale
      ? { percent: sale.sale.percent, ends_at: new Date(sale.sale.endsAt).toISOString() }
      : null,
    // A gift card is e-mailed (decision 090): no delivery to quote.
    delivery_from: toBool(row.gift_card)
      ? null
      : deliveryFrom(delivery, { priceCents, ageRestricted: toBool(row.age_restricted) }),
    stock: row.stock,
    is_active: true,
    description: row.description,
    long_html_description: row.long_html_description,
    main_image: first
      ? {
          image: first.image,
          thumb_image: first.thumb_image ?? first.image,
          alt_text: first.alt_text,
          ...(first.width && first.height ? { width: first.width, height: first.height } : {}),
          focal_x: first.focal_x,
          focal_y: first.focal_y,
          card_x: first.card_x,
          card_y: first.card_y,
        }
      : null,
    images,
    category: { name: row.category_name, slug: row.category_slug },
    attributes,
    average_rating: reviewCount > 0 ? toAverage(row.rating_average) : null,
    review_count: reviewCount,
    options: toProductOptions(parseOptions(row.options)),
    made_to_order: madeToOrder,
    lead_time_days_min: madeToOrder ? row.lead_time_days_min : null,
    lead_time_days_max: madeToOrder ? row.lead_time_days_max : null,
    age_restricted: toBool(row.age_restricted),
    cancellation_exempt: productExempt(row),
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
