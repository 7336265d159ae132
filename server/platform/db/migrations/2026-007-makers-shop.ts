/**
 * Migration 2026_007_makers_shop: product options, made-to-order lead times and age
 * restriction, order shipments and age attestation, shop settings, shipping zones and methods.
 * Shipped; never edit it, add a later migration instead.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/**
 * A maker's shop (decisions 014, 041, 042 and 043): pieces declare their options (a JSON list,
 * priced per unit), may be made to order with a lead time in working days, and may be
 * age-restricted; orders keep their lines' options, dispatch estimates, shipments, shipping price
 * and the buyer's age attestation; each shop has its settings (minimum age, working days) and its
 * shipping zones (countries) with their delivery methods, and methods without a zone (collection)
 * that serve every country the shop ships to.
 */
export function makersShopMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('products').addColumn('options', 'text').execute();
      await db.schema
        .alterTable('products')
        .addColumn('made_to_order', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema.alterTable('products').addColumn('lead_time_days_min', 'integer').execute();
      await db.schema.alterTable('products').addColumn('lead_time_days_max', 'integer').execute();
      await db.schema
        .alterTable('products')
        .addColumn('age_restricted', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();

      await db.schema
        .alterTable('order_items')
        .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('made_to_order', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('age_restricted', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('dispatch_earliest', 'varchar(10)')
        .execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('dispatch_latest', 'varchar(10)')
        .execute();

      await db.schema.alterTable('orders').addColumn('subtotal_cents', 'integer').execute();
      await sql`update orders set subtotal_cents = total_cents`.execute(db);
      await db.schema
        .alterTable('orders')
        .addColumn('shipping_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('shipments', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('needs_adult_signature', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema.alterTable('orders').addColumn('attestation_dob', 'varchar(10)').execute();
      await db.schema.alterTable('orders').addColumn('attestation_at', 'timestamptz').execute();
      await db.schema.alterTable('orders').addColumn('attestation_text', 'text').execute();

      await withId(db.schema.createTable('shop_settings'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().unique().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('minimum_age', 'integer', (c) => c.notNull().defaultTo(18))
        // ISO weekdays the workshop works, Monday = 1: "1,2,3,4,5".
        .addColumn('working_days', 'varchar(20)', (c) => c.notNull().defaultTo('1,2,3,4,5'))
        .addColumn('ready_dispatch_days_min', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('ready_dispatch_days_max', 'integer', (c) => c.notNull().defaultTo(2))
        .execute();

      await withId(db.schema.createTable('shipping_zones'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        // JSON array of ISO 3166-1 alpha-2 codes.
        .addColumn('countries', 'text', (c) => c.notNull())
        .addColumn('age_restricted_allowed', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('shipping_methods'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        // Null: every country the shop ships to (collection at the workshop).
        .addColumn('zone_id', 'integer', (c) =>
          c.references('shipping_zones.id').onDelete('cascade'),
        )
        .addColumn('code', 'varchar(40)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(300)', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('age_verified', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
        .addColumn('free_over_cents', 'integer')
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('shipping_methods_code_idx')
        .on('shipping_methods')
        .columns(['tenant_id', 'code'])
        .unique()
        .execute();
    },
  };
}
