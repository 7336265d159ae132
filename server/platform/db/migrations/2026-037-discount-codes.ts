/**
 * Migration 2026_037_discount_codes: discount codes an owner makes, kept on a cart, applied to
 * an order (issue 42, decision 088). Shipped once released; never edit it then, add a later
 * migration instead.
 *
 * - `discount_codes`: a shop's codes. `code` as the owner typed it, `code_key` its upper case
 *   (unique per shop: codes are matched case-insensitively). `kind` `percent` (`value` in basis
 *   points, 1000 = 10 %), `amount` (`value` in cents) or `free_delivery` (`value` 0); `scope`
 *   `order`, `categories` or `products` with the chosen ids (`target_ids`, a JSON array);
 *   `minimum_cents` (0: none); `starts_at`/`ends_at` (null: open); `usage_limit` (null: none)
 *   and `uses` (the uses held by placed orders, moved by a conditional UPDATE);
 *   `once_per_customer`; `combinable_with_sale`; `active` (false: deactivated, never deleted:
 *   orders name it).
 * - `discount_code_customers`: who used a once-per-customer code (primary key code and user:
 *   a second use by the same customer cannot be inserted).
 * - `carts.discount_code`: the code the shopper applied (its `code_key`), null when none.
 * - `orders.discount_code_id`, `orders.discount_code` (as shown), `orders.discount_cents` (taken
 *   off the goods) and `orders.free_delivery`; `order_items.discount_cents`: the line's share
 *   of the discount, on which its VAT is computed.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** See the module comment. */
export function discountCodesMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('discount_codes'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('code', 'varchar(40)', (c) => c.notNull())
        .addColumn('code_key', 'varchar(40)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) =>
          c.notNull().check(sql`kind in ('percent', 'amount', 'free_delivery')`),
        )
        .addColumn('value', 'integer', (c) => c.notNull().check(sql`value >= 0`))
        .addColumn('scope', 'varchar(16)', (c) =>
          c.notNull().check(sql`scope in ('order', 'categories', 'products')`),
        )
        .addColumn('target_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('minimum_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('starts_at', 'timestamptz')
        .addColumn('ends_at', 'timestamptz')
        .addColumn('usage_limit', 'integer')
        .addColumn('uses', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`uses >= 0`),
        )
        .addColumn('once_per_customer', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('combinable_with_sale', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        // A percent or amount code that also waives the delivery (a free-delivery code does).
        .addColumn('free_delivery', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('discount_codes_tenant_code_key', ['tenant_id', 'code_key'])
        .execute();
      await db.schema
        .createTable('discount_code_customers')
        .addColumn('code_id', 'integer', (c) =>
          c.notNull().references('discount_codes.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('discount_code_customers_pkey', ['code_id', 'user_id'])
        .execute();
      await db.schema.alterTable('carts').addColumn('discount_code', 'varchar(40)').execute();
      const orders = () => db.schema.alterTable('orders');
      await orders().addColumn('discount_code_id', 'integer').execute();
      await orders().addColumn('discount_code', 'varchar(40)').execute();
      await orders()
        .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await orders()
        .addColumn('free_delivery', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('orders_discount_code_idx')
        .on('orders')
        .columns(['tenant_id', 'discount_code_id'])
        .execute();
    },
  };
}
