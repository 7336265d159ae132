/**
 * Migration 2026_008_money_and_stock: order lines record the stock checkout took, and shops keep
 * the credentials of every provider they have used. Shipped once released; never edit it then,
 * add a later migration instead.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/**
 * Decisions 016 and 046:
 * - `order_items.stock_taken`: the units of the product's stock checkout took for the line (0
 *   for a made-to-order line), which is exactly what closing the order gives back. Lines
 *   placed before it took their quantity unless they were made to order (the only rule
 *   checkout has had), and are filled in so.
 * - `payment_provider_credentials`: the sealed credentials of each provider a shop has used,
 *   one row per shop and provider, so a payment started with one provider is still settled,
 *   reconciled, closed and refunded through it after the shop switched provider or turned card
 *   payments off. Filled with each shop's current provider.
 */
export function moneyAndStockMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('order_items')
        .addColumn('stock_taken', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update order_items set stock_taken = quantity where made_to_order = false`.execute(
        db,
      );

      await withId(db.schema.createTable('payment_provider_credentials'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('provider', 'varchar(20)', (c) => c.notNull())
        // A compact JWE under PAYMENT_SECRETS_KEY, as payment_settings.credentials.
        .addColumn('credentials', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payment_provider_credentials_idx')
        .on('payment_provider_credentials')
        .columns(['tenant_id', 'provider'])
        .unique()
        .execute();
      await sql`insert into payment_provider_credentials (tenant_id, provider, credentials)
        select tenant_id, provider, credentials from payment_settings
        where credentials is not null`.execute(db);
    },
  };
}
