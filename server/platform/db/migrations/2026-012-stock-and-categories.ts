/**
 * Migration 2026_012_stock_and_categories: stock movements and category order. Shipped once
 * released; never edit it then, add a later migration instead.
 *
 * - `stock_movements`: append-only, one row per change of a product's stock made by hand in the
 *   back office (or when a product is created with a stock): the signed `change`, the stock it
 *   left (`stock_after`), why (`reason`), an optional note and who did it. Sales and stock an
 *   order gives back are not written here: the history reads them from the order lines.
 * - `order_items_product_idx`: a product's order lines, which its history reads as its sales
 *   and returns (there was no index by product: the history would read every order line).
 * - `categories.position`: the order the shop shows its categories in (lowest first); 0 for
 *   every existing category, so the storefront keeps today's order (by name) until an owner
 *   reorders them.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

export function stockAndCategoriesMigration(dialect: Dialect): Migration {
  const now = dialect === 'postgres' ? sql`now()` : sql`CURRENT_TIMESTAMP`;
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('stock_movements'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('change', 'integer', (c) => c.notNull())
        .addColumn('stock_after', 'integer', (c) => c.notNull().check(sql`stock_after >= 0`))
        .addColumn('reason', 'varchar(12)', (c) =>
          c
            .notNull()
            .check(sql`reason in ('received', 'broken', 'fair', 'correction', 'initial', 'other')`),
        )
        .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        // Null: the system did it, or the member's row is gone.
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('stock_movements_product_idx')
        .on('stock_movements')
        .columns(['tenant_id', 'product_id', 'id'])
        .execute();

      await db.schema
        .createIndex('order_items_product_idx')
        .on('order_items')
        .column('product_id')
        .execute();

      await db.schema
        .alterTable('categories')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
