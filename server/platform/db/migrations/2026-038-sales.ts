/**
 * Migration 2026_038_sales (issue 42, decision 089): sales an owner schedules, a percentage off a
 * category or chosen products between two moments. Shipped once released; never edit it then,
 * add a later migration instead.
 *
 * - `sales`: one sale of a shop: its name, `percent` off (1-90, whole percent), the category it
 *   covers (null: only the chosen products) and when it runs, `starts_at` <= now < `ends_at`
 *   (ending one early moves `ends_at` to the moment it was ended). Read by the shop's open
 *   sales (`ends_at` after now), hence the index on (tenant_id, ends_at).
 * - `sale_products`: the products a sale covers by choice (besides its category's).
 * - `order_items.sale_id`: the sale that reduced a line's unit price when the order was
 *   placed; null for a line at its full price (and every line ordered before). No foreign
 *   key: an order keeps what it was sold at, whatever becomes of the sale.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** A sale takes 1 to 90 percent off. */
const PERCENT_RANGE = sql`percent between 1 and 90`;

/** See the module comment. */
export function salesMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('sales'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('percent', 'integer', (c) => c.notNull().check(PERCENT_RANGE))
        .addColumn('category_id', 'integer', (c) =>
          c.references('categories.id').onDelete('set null'),
        )
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sales_open')
        .on('sales')
        .columns(['tenant_id', 'ends_at'])
        .execute();
      await db.schema
        .createTable('sale_products')
        .addColumn('sale_id', 'integer', (c) =>
          c.notNull().references('sales.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sale_products_pkey', ['sale_id', 'product_id'])
        .execute();
      await db.schema.alterTable('order_items').addColumn('sale_id', 'integer').execute();
    },
  };
}
