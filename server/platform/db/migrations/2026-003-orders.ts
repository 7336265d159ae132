/**
 * Migration 2026_003_orders: payment settings, carts and their lines, orders and their lines,
 * card payments and the payment notifications already applied. Shipped; never edit it, add a
 * later migration instead.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/**
 * Buying: which payment methods each shop offers, the server-side cart, orders with the
 * address and totals as they were at checkout (money in integer cents), payment attempts, and
 * the gateway notifications already applied (a replay collides on a unique key).
 */
export function ordersMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('payment_settings'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().unique().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('enable_card_payment', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('enable_bank_transfer', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('enable_custom_payment', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('bank_account_details', 'text')
        .addColumn('custom_payment_label', 'varchar(100)')
        .addColumn('custom_payment_instructions', 'text')
        .addColumn('custom_payment_redirect_url', 'varchar(500)')
        // The card gateway signs its notifications with it; in the database, not in a process,
        // so every API process on the same database verifies the same way.
        .addColumn('gateway_secret', 'varchar(128)', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('carts'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('carts_tenant_user_key', ['tenant_id', 'user_id'])
        .execute();

      await withId(db.schema.createTable('cart_items'), dialect)
        .addColumn('cart_id', 'integer', (c) =>
          c.notNull().references('carts.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('customization', 'text', (c) => c.notNull())
        // A customization may be several kilobytes, more than a PostgreSQL btree entry may
        // hold; the line's identity is indexed through the hash of its canonical JSON instead.
        .addColumn('customization_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('cart_items_line_key', ['cart_id', 'product_id', 'customization_hash'])
        .execute();

      await withId(db.schema.createTable('orders'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('order_number', 'varchar(20)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('payment_method', 'varchar(20)', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
        .addColumn('total_items', 'integer', (c) => c.notNull().check(sql`total_items > 0`))
        .addColumn('street', 'varchar(200)', (c) => c.notNull())
        .addColumn('city', 'varchar(100)', (c) => c.notNull())
        .addColumn('postal_code', 'varchar(20)', (c) => c.notNull())
        .addColumn('country', 'varchar(100)', (c) => c.notNull())
        .addColumn('fullname', 'varchar(200)', (c) => c.notNull())
        .addColumn('contact_number', 'varchar(40)', (c) => c.notNull())
        .addColumn('payment_instructions', 'text')
        .addColumn('payment_redirect_url', 'varchar(500)')
        .addColumn('idempotency_key', 'varchar(100)')
        .addColumn('request_hash', 'varchar(64)')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('paid_at', 'timestamptz')
        .addUniqueConstraint('orders_tenant_number_key', ['tenant_id', 'order_number'])
        // NULL keys never collide (both dialects), so orders without a key are unaffected.
        .addUniqueConstraint('orders_idempotency_key', ['tenant_id', 'user_id', 'idempotency_key'])
        .execute();
      // The order history: one customer's orders, newest first.
      await db.schema
        .createIndex('orders_user_created_idx')
        .on('orders')
        .columns(['tenant_id', 'user_id', 'created_at'])
        .execute();

      await withId(db.schema.createTable('order_items'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        // The snapshot below keeps the line readable when the product is gone.
        .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
        .addColumn('product_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('product_slug', 'varchar(255)', (c) => c.notNull())
        .addColumn('thumb_path', 'varchar(500)')
        .addColumn('customization', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
        .addColumn('line_total_cents', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_items_order_idx')
        .on('order_items')
        .column('order_id')
        .execute();

      await withId(db.schema.createTable('payments'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('gateway_transaction_ref', 'varchar(100)')
        .addColumn('error_message', 'varchar(500)')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payments_order_created_idx')
        .on('payments')
        .columns(['order_id', 'created_at'])
        .execute();

      await withId(db.schema.createTable('payment_notifications'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('payment_id', 'integer', (c) =>
          c.notNull().references('payments.id').onDelete('cascade'),
        )
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull())
        // A replayed notification collides here, inside the transaction of its state change.
        .addUniqueConstraint('payment_notifications_event_key', ['tenant_id', 'event_id'])
        .execute();
    },
  };
}
