/**
 * Migration 2026_019_price_history_and_delivery: each product's price history (the lowest price
 * of the 30 days before a reduction) and the shop's default delivery country. Shipped once
 * released; never edit it then, add a later migration instead.
 *
 * - `product_prices`: append-only, one row per price a product has had and from when
 *   (`effective_from`); written whenever a product's price is set (server/catalog/
 *   price-history.ts). Backfilled with each existing product's current price from its
 *   `created_at`: nothing older is known, so no earlier price is recorded for anyone.
 * - `products.lowest_prior_price_cents`: the lowest price the product had in the 30 days before
 *   its current price took effect, kept with the history (null: none recorded). The storefront
 *   compares it with `price_before_discount_cents` on the row itself (Directive 98/6/EC art.
 *   6a), so the product list never reads the history. Null for every existing product, so a
 *   discount stays hidden until its shop's history shows it is honest.
 * - `shop_settings.default_country`: the ISO 3166-1 alpha-2 country the headline "+ delivery
 *   from" is quoted to (UK DMCC Act 2024); null: the first country of the first shipping zone.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** See the module comment. */
export function priceHistoryAndDeliveryMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('product_prices'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
        .addColumn('effective_from', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('product_prices_product_idx')
        .on('product_prices')
        .columns(['product_id', 'effective_from', 'id'])
        .execute();
      await sql`insert into product_prices (tenant_id, product_id, price_cents, effective_from)
        select tenant_id, id, price_cents, created_at from products`.execute(db);

      await db.schema
        .alterTable('products')
        .addColumn('lowest_prior_price_cents', 'integer')
        .execute();
      await db.schema
        .alterTable('shop_settings')
        .addColumn('default_country', 'varchar(2)')
        .execute();
    },
  };
}
