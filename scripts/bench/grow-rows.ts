/**
 * What the catalogue grower (./grow-catalog.ts) writes and how: the columns it fills in each
 * table (checked against the live schema before the first row), the ids it hands out itself so
 * that rows can point at each other without a round trip (and the PostgreSQL sequences moved
 * past them afterwards), the shape of the shop being grown, the generator's streams and batch
 * size, and the small value helpers every kind of row uses (ISO timestamps, counts read back
 * from either driver).
 */
import { type BulkWriter, requireColumns } from './bulk-writer';

/** A day and a (365-day) year, in milliseconds. */
export const DAY_MS = 86_400_000;
export const YEAR_MS = 365 * DAY_MS;
/** Products generated and written per batch (bounds memory at any size). */
export const BATCH = 5000;
/** Streams of the generator: one per kind of row, so adding one kind never shifts another. */
export const STREAM = { product: 1, customer: 2, order: 3, shop: 4 } as const;

/** The columns the grower writes, per table: columns a later migration adds keep their defaults. */
export const PRODUCT_COLUMNS = [
  'id',
  'tenant_id',
  'slug',
  'name',
  'category_id',
  'price_cents',
  'price_before_discount_cents',
  'stock',
  'description',
  'long_html_description',
  'is_active',
  'created_at',
  'options',
  'made_to_order',
  'lead_time_days_min',
  'lead_time_days_max',
  'age_restricted',
] as const;
export const IMAGE_COLUMNS = [
  'product_id',
  'image_path',
  'thumb_path',
  'alt_text',
  'position',
] as const;
export const ATTRIBUTE_COLUMNS = ['product_id', 'key', 'value', 'position'] as const;
export const REVIEW_COLUMNS = [
  'tenant_id',
  'product_id',
  'username',
  'user_id',
  'rating',
  'comment',
  'is_verified_purchase',
  'created_at',
] as const;
export const USER_COLUMNS = [
  'id',
  'tenant_id',
  'email',
  'username',
  'password_hash',
  'is_active',
  'created_at',
] as const;
export const ORDER_COLUMNS = [
  'id',
  'tenant_id',
  'user_id',
  'order_number',
  'status',
  'payment_method',
  'total_cents',
  'total_items',
  'street',
  'city',
  'postal_code',
  'country',
  'fullname',
  'contact_number',
  'payment_instructions',
  'created_at',
  'paid_at',
  'updated_at',
  'expires_at',
  'closed_at',
  'subtotal_cents',
  'shipping_cents',
  'shipments',
  'needs_adult_signature',
  'attestation_dob',
  'attestation_at',
  'attestation_text',
] as const;
export const ORDER_ITEM_COLUMNS = [
  'id',
  'order_id',
  'product_id',
  'product_name',
  'product_slug',
  'thumb_path',
  'customization',
  'quantity',
  'unit_price_cents',
  'line_total_cents',
  'options',
  'made_to_order',
  'stock_taken',
  'age_restricted',
] as const;

/**
 * Checks that every column the grower writes exists in the live schema.
 * @throws Error naming the table and the missing columns (see `requireColumns`)
 */
export async function checkSchema(writer: BulkWriter): Promise<void> {
  await requireColumns(writer, 'products', PRODUCT_COLUMNS);
  await requireColumns(writer, 'product_images', IMAGE_COLUMNS);
  await requireColumns(writer, 'product_attributes', ATTRIBUTE_COLUMNS);
  await requireColumns(writer, 'reviews', REVIEW_COLUMNS);
  await requireColumns(writer, 'users', USER_COLUMNS);
  await requireColumns(writer, 'orders', ORDER_COLUMNS);
  await requireColumns(writer, 'order_items', ORDER_ITEM_COLUMNS);
}

/** Ids handed out by this run, per table: the next free one. */
export class Ids {
  private readonly next = new Map<string, number>();
  constructor(private readonly writer: BulkWriter) {}
  /** Reads `max(id)` of each table; call before the first `take`. */
  async load(tables: readonly string[]): Promise<void> {
    for (const table of tables) {
      const [row] = await this.writer.query<{ m: number | string | null }>(
        `select max(id) as m from ${table}`,
      );
      this.next.set(table, Number(row?.m ?? 0) + 1);
    }
  }
  take(table: string): number {
    const id = this.next.get(table);
    if (id === undefined) throw new Error(`ids of ${table} not loaded`);
    this.next.set(table, id + 1);
    return id;
  }
}

/** The shop being grown, as read from the database before growing. */
export interface ShopContext {
  tenantId: number;
  /** Category slug to id, the new categories included once added. */
  categoryIds: Map<string, number>;
  /** Existing image files per demo category slug (full and thumbnail paths). */
  images: Map<string, { image: string; thumb: string }[]>;
  /** Options JSON of the first product with options, per category slug. */
  options: Map<string, string>;
}

/** A time in milliseconds since the epoch as the ISO 8601 text the shop stores. */
export const iso = (ms: number) => new Date(ms).toISOString();
/** A count as either driver hands it back (number, bigint text or null) as a number. */
export const toInt = (value: unknown) => Number(value ?? 0);

/** Tables the grower writes explicit ids into: their PostgreSQL sequences must move past them. */
const ID_TABLES = [
  'tenants',
  'categories',
  'products',
  'users',
  'orders',
  'order_items',
  'shipping_zones',
];

/** Moves each PostgreSQL id sequence of ID_TABLES past the largest id the grower wrote. */
export async function moveSequencesPastIds(writer: BulkWriter): Promise<void> {
  for (const table of ID_TABLES) {
    await writer.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1))`,
    );
  }
}
