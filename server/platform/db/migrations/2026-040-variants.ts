/**
 * Migration 2026_040_variants: one piece in several sizes (issue 42, decision 091). Shipped once
 * released; never edit it then, add a later migration instead.
 *
 * - `products.variant_axes`: the names of the one or two axes the owner sells the piece along
 *   (`["Blade length"]`, `["Blade length", "Finish"]`) as a JSON array; null: no variants.
 * - `product_variants`: each combination the shop sells: its values along the axes (`value2`
 *   null with one axis), its SKU (unique per shop), price and stock (never negative, a CHECK as
 *   on products), weight for shipping in grams and optional photo (a `product_images.id` of the
 *   same product). A combination without a row is not sold ("unavailable"). A product with
 *   variants keeps `products.stock` as the sum of its variants' stocks (server/catalog/
 *   variant-stock.ts keeps it), so lists, filters and the low-stock count read it as before.
 * - `cart_items.variant_id`: the variant a line is of; null for a product without variants.
 *   A line's identity stays `(cart_id, product_id, customization_hash)` (SQLite cannot alter
 *   that constraint without a rebuild): the hash of a variant's line covers its variant id
 *   (server/catalog/variants.ts `variantLineHash`).
 * - `order_items.variant_id`, `variant_label` ("240 mm", "240 mm / Kurouchi") and `sku`: the
 *   variant as it was when ordered; null for a line without one.
 * - `stock_movements.variant_id`: the variant whose stock a back-office change moved.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** The migration described above. */
export function variantsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('products').addColumn('variant_axes', 'text').execute();
      await withId(db.schema.createTable('product_variants'), dialect)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('sku', 'varchar(64)', (c) => c.notNull())
        .addColumn('value1', 'varchar(60)', (c) => c.notNull())
        .addColumn('value2', 'varchar(60)')
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('stock', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`stock >= 0`),
        )
        .addColumn('weight_grams', 'integer')
        .addColumn('image_id', 'integer')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('product_variants_sku', ['tenant_id', 'sku'])
        .execute();
      await db.schema
        .createIndex('product_variants_product')
        .on('product_variants')
        .columns(['product_id', 'position'])
        .execute();
      await db.schema.alterTable('cart_items').addColumn('variant_id', 'integer').execute();
      const items = () => db.schema.alterTable('order_items');
      await items().addColumn('variant_id', 'integer').execute();
      await items().addColumn('variant_label', 'varchar(130)').execute();
      await items().addColumn('sku', 'varchar(64)').execute();
      await db.schema.alterTable('stock_movements').addColumn('variant_id', 'integer').execute();
    },
  };
}
