/**
 * Migration 2026_034_product_safety (issue 41, EU General Product Safety Regulation (EU)
 * 2023/988 arts 16, 19 and 35-37; decision 083). Shipped once released; never edit it then, add
 * a later migration instead.
 *
 * - `products.safety`: the product's own safety information (manufacturer, EU responsible
 *   person, identifiers, warnings and a pictogram) as JSON (common/product-safety.ts
 *   `SafetyFields`); null: nothing of its own, the shop's default shows.
 * - `shop_settings.product_safety`: the shop's default of the same fields, as JSON; null: none.
 * - `product_recalls`: a recall the owner published on a product (title, what is wrong, what to
 *   do, whether it took the product off sale), until withdrawn. At most one open (not
 *   withdrawn) recall a product: a unique partial index, so a double click or two processes
 *   publishing at once make one recall, and its e-mails go out once (their outbox keys).
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** The migration described above: the safety columns and the recalls. */
export function productSafetyMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('products').addColumn('safety', 'text').execute();
      await db.schema.alterTable('shop_settings').addColumn('product_safety', 'text').execute();
      await withId(db.schema.createTable('product_recalls'), dialect)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('problem', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('off_sale', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published_by', 'varchar(200)', (c) => c.notNull())
        .addColumn('published_at', 'timestamptz', (c) => c.notNull())
        .addColumn('withdrawn_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('product_recalls_product')
        .on('product_recalls')
        .columns(['tenant_id', 'product_id'])
        .execute();
      await db.schema
        .createIndex('product_recalls_one_open')
        .on('product_recalls')
        .column('product_id')
        .unique()
        .where(sql.ref('withdrawn_at'), 'is', null)
        .execute();
    },
  };
}
