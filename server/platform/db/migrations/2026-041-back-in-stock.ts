/**
 * Migration 2026_041_back_in_stock: "E-mail me when it is back" (issue 42, decision 092;
 * server/catalog/back-in-stock.ts). Shipped once released; never edit it then, add a later
 * migration instead.
 *
 * `back_in_stock_requests`: one row per address waiting for a sold-out product (or, once
 * variants exist, one of its variants). A row is pending until the link e-mailed to the address
 * is followed (`confirmed_at`), and deleted when its one "back in stock" e-mail is queued, when
 * it expires (`expires_at`: 7 days unconfirmed, a year confirmed), or with the shopper's
 * account. Only the SHA-256 of the link's token is kept (`token_hash`, unique).
 * - `variant_id`: null for the product itself; the variant's id once variants exist (no foreign
 *   key here: the variants' table comes with its own migration).
 * - one request per address and product/variant in a shop: a unique index over
 *   `(tenant_id, product_id, coalesce(variant_id, 0), email)` (NULLs are distinct in a plain
 *   unique index on both SQLite and PostgreSQL, so the expression stands for "no variant").
 * - `user_id`: the shopper signed in when asking (null for a visitor), so their data download
 *   and erasure find it whatever address they typed.
 * - `link_origin`: the shop's public origin when asked (configuration, never a Host header),
 *   for the product's link in the e-mail queued from wherever the stock comes back.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** See the module comment. */
export function backInStockMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('back_in_stock_requests'), dialect)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('variant_id', 'integer')
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('link_origin', 'varchar(300)', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('confirmed_at', 'timestamptz')
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create unique index back_in_stock_requests_one_per_address
        on back_in_stock_requests (tenant_id, product_id, coalesce(variant_id, 0), email)`.execute(
        db,
      );
      await db.schema
        .createIndex('back_in_stock_requests_user')
        .on('back_in_stock_requests')
        .columns(['tenant_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('back_in_stock_requests_expiry')
        .on('back_in_stock_requests')
        .column('expires_at')
        .execute();
    },
  };
}
