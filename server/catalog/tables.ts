/**
 * The catalog tables: categories, products (prices in integer cents, stock, options), their prices
 * over time, former slugs, images, attributes and stock movements.
 *
 * Owned here (issue 37: each noun owns its tables); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below, so Kysely sees them wherever
 * the database is typed.
 */
import type { ColumnType, Generated, Insertable } from 'kysely';
import type { Bool, Timestamp } from '../platform/db/tables/column-types.ts';

export interface CategoriesTable {
  id: Generated<number>;
  tenant_id: number;
  slug: string;
  name: string;
  /** HTML, sanitized by the SPA before display. */
  description: string;
  /** The order the shop shows its categories in, lowest first; ties by name (2026-012). */
  position: ColumnType<number, number | undefined, number>;
  /** Whether a new product in it is sold to adults only by default (2026-032). */
  adults_only: ColumnType<boolean | number, number | undefined, number>;
  /** The photo (`product_images.id`) the owner chose for its tile; null for none (2026-031). */
  image_photo_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * PostgreSQL only (migration 2026_025): one row per word of an active product's name, written by
 * a trigger on products, never by the app; read by ../../../catalog/search/product-search.ts.
 */
export interface ProductNameWordsTable {
  tenant_id: number;
  /** Lowered, without diacritics (`to_tsvector('simple', storefront_unaccent(name))`). */
  word: string;
  /** The name index's key: ASCII letters lowered, compared as bytes. */
  name_key: string;
  name: string;
  product_id: number;
}

export interface ProductsTable {
  id: Generated<number>;
  tenant_id: number;
  slug: string;
  name: string;
  category_id: number;
  price_cents: number;
  price_before_discount_cents: number | null;
  /** Never negative (CHECK constraint); orders decrement it with `stock = stock - n WHERE stock >= n`. */
  stock: number;
  description: string;
  long_html_description: string;
  is_active: Bool;
  created_at: Timestamp;
  /** JSON array of ProductOption (server/catalog/options.ts); null: the piece takes no options. */
  options: ColumnType<string | null, string | null | undefined, string | null>;
  /** Made for each order within its lead time: orderable at stock 0, stock never taken. */
  made_to_order: ColumnType<boolean | number, number | undefined, number>;
  /** Working days to make it, at least and at most (made to order). */
  lead_time_days_min: ColumnType<number | null, number | null | undefined, number | null>;
  lead_time_days_max: ColumnType<number | null, number | null | undefined, number | null>;
  /** Sold only to adults (a bladed article). */
  age_restricted: ColumnType<boolean | number, number | undefined, number>;
  /**
   * The owner's flag: made to the buyer's specification or personalised, so without the 14-day
   * cancellation right (reg 28(1)(b); 2026-017). A made-to-order piece is exempt anyway.
   */
  cancellation_exempt: ColumnType<boolean | number, number | undefined, number>;
  /** How many reviews it has: kept by triggers on `reviews`, never written by the app. */
  review_count: ColumnType<number, never, never>;
  /** The mean of its reviews' ratings (1-5), 0 without reviews: kept by the same triggers. */
  rating_average: ColumnType<number, never, never>;
  /** When it was archived; null: not archived (2026-011). Archived products are not active. */
  archived_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /**
   * A gift card (2026-039, decision 090): sold in `gift_card_amounts` (JSON array of cents) or
   * a custom amount within `gift_card_min_cents`..`gift_card_max_cents` (both null: none),
   * delivered by e-mail, never discounted and never shipped.
   */
  gift_card: ColumnType<boolean | number, number | undefined, number>;
  gift_card_amounts: ColumnType<string, string | undefined, string>;
  gift_card_min_cents: ColumnType<number | null, number | null | undefined, number | null>;
  gift_card_max_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** The back office's last change (2026-011); null only for rows written before it by SQL. */
  updated_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Low at or below this stock (default 2); null: never warned (2026-011). */
  low_stock_threshold: ColumnType<number | null, number | null | undefined, number | null>;
  /** The lowest price of the 30 days before the current price took effect; null: none
   * recorded (2026-019, kept by server/catalog/price-history.ts). */
  lowest_prior_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its own safety information as JSON (common/product-safety.ts); null: none (2026-034). */
  safety: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The names of the one or two axes its variants differ along, as a JSON array; null: no
   * variants (2026-040, ./variants.ts). With variants, `stock` is the sum of theirs.
   */
  variant_axes: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * One combination of a product's axes the shop sells (2026-040, ./variants.ts): its own SKU,
 * price, stock, weight and photo. A combination without a row is not sold.
 */
export interface ProductVariantsTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  /** Unique per shop. */
  sku: string;
  /** Its value along the first axis ("240 mm"). */
  value1: string;
  /** Along the second axis; null when the product has one. */
  value2: ColumnType<string | null, string | null | undefined, string | null>;
  price_cents: number;
  /** Never negative (CHECK); orders take it with `stock = stock - n WHERE stock >= n`. */
  stock: ColumnType<number, number | undefined, number>;
  /** Its weight for shipping, grams; null: not given. */
  weight_grams: ColumnType<number | null, number | null | undefined, number | null>;
  /** One of the product's photos (`product_images.id`); null: the product's main photo. */
  image_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The order the variants are listed in, lowest first. */
  position: ColumnType<number, number | undefined, number>;
}

/**
 * A recall the owner published on a product (GPSR arts 35-37; 2026-034, ./recalls.ts): shown
 * on its page and e-mailed to its buyers until withdrawn; at most one open a product.
 */
export interface ProductRecallsTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  title: string;
  /** What is wrong, plain text. */
  problem: string;
  /** What the buyer should do, plain text. */
  action: string;
  /** Whether publishing it took the product off sale. */
  off_sale: ColumnType<boolean | number, number | undefined, number>;
  /** How many buyers it was e-mailed to. */
  recipients: ColumnType<number, number | undefined, number>;
  /** The member who published it, by name. */
  published_by: string;
  published_at: Timestamp;
  withdrawn_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** A price a product had, from when (2026-019); append-only. */
export interface ProductPricesTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  price_cents: number;
  /** When this price took effect. */
  effective_from: Timestamp;
}

/** A product's former slug, answering 301 to its current one (2026-011). */
export interface ProductSlugRedirectsTable {
  id: Generated<number>;
  tenant_id: number;
  /** Unique per shop; never a product's current slug. */
  old_slug: string;
  product_id: number;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  /** Root-relative URL path of the full image. */
  image_path: string;
  /** Root-relative URL path of the thumbnail. */
  thumb_path: string;
  alt_text: string;
  /** Display order; the lowest is the main image. `order` is reserved in SQL, hence the name. */
  position: number;
  /** Pixel size of the full image; null when unknown (the seed's squares before 2026-031). */
  width: ColumnType<number | null, number | null | undefined, number | null>;
  height: ColumnType<number | null, number | null | undefined, number | null>;
  /** The point that matters, fractions of the width and height (0..1; 0.5 the centre). */
  focal_x: ColumnType<number, number | undefined, number>;
  focal_y: ColumnType<number, number | undefined, number>;
}

export interface ProductAttributesTable {
  id: Generated<number>;
  product_id: number;
  key: string;
  value: string;
  position: number;
}

/** Why a product's stock was changed by hand (`initial`: the stock it was created with). */
export type StockMovementReason =
  'received' | 'broken' | 'fair' | 'correction' | 'initial' | 'other';

/** One change of a product's stock made in the back office; append-only (2026-012). */
export interface StockMovementsTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  /** Signed: pieces added (positive) or taken away (negative). */
  change: number;
  /** The product's stock right after this change; never negative. */
  stock_after: number;
  reason: StockMovementReason;
  /** Optional free text ('' when none). */
  note: ColumnType<string, string | undefined, string>;
  /** Who changed it; null for the system or a member whose row is gone. */
  staff_id: number | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
  /** The variant whose stock moved (2026-040); null: the product's own stock. */
  variant_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A sale the owner scheduled (2026-038, ./sales.ts): `percent` off the products of its category
 * and its chosen products (`sale_products`) from `starts_at` until `ends_at`.
 */
export interface SalesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** Whole percent off, 1 to 90. */
  percent: number;
  /** The category whose products it covers; null: only its chosen products. */
  category_id: number | null;
  starts_at: Timestamp;
  /** When it ends (ending it early sets this to that moment). */
  ends_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A product a sale covers by choice (2026-038). */
export interface SaleProductsTable {
  sale_id: number;
  product_id: number;
  tenant_id: number;
}

/**
 * A shopper's "E-mail me when it is back" on a sold-out product or variant (2026-041,
 * ./back-in-stock.ts): pending until its link is followed, deleted once its one e-mail is queued,
 * when it expires, or with the shopper's account.
 */
export interface BackInStockRequestsTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  /** Null: the product itself; else the variant (variants plug in at merge). */
  variant_id: number | null;
  /** Trimmed and lowered. */
  email: string;
  /** The shopper signed in when asking; null for a visitor. */
  user_id: number | null;
  /** Hex SHA-256 of the confirmation link's token; unique. */
  token_hash: string;
  /** The shop's public origin when asked, for the product's link in the e-mail. */
  link_origin: string;
  created_at: Timestamp;
  /** When the link was followed; null: pending (never e-mailed about the product). */
  confirmed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Deleted after this (7 days pending, a year confirmed). */
  expires_at: Timestamp;
}

/** A product as inserted. */
export type NewProduct = Insertable<ProductsTable>;

declare module '../platform/db/database.ts' {
  interface Database {
    categories: CategoriesTable;
    products: ProductsTable;
    /** PostgreSQL only: each word of each active product's name, kept by a trigger (2026-025). */
    product_name_words: ProductNameWordsTable;
    /** Each product's prices and from when (2026-019). */
    product_prices: ProductPricesTable;
    product_images: ProductImagesTable;
    product_attributes: ProductAttributesTable;
    stock_movements: StockMovementsTable;
    product_slug_redirects: ProductSlugRedirectsTable;
    product_recalls: ProductRecallsTable;
    /** The shop's sales (2026-038). */
    sales: SalesTable;
    sale_products: SaleProductsTable;
    back_in_stock_requests: BackInStockRequestsTable;
    product_variants: ProductVariantsTable;
  }
}
