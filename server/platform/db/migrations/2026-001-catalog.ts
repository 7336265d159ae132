/**
 * Migration 2026_001_catalog: tenants and their site settings, company information and core
 * values, and the catalogue itself: categories, products with their images and attributes, and
 * product reviews. Shipped; never edit it, add a later migration instead.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/**
 * The first schema: one row per tenant (shop) and everything the catalogue pages read. Every
 * tenant-owned row cascades away with its tenant.
 */
export function catalogMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('tenants'), dialect)
        .addColumn('token', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('media_slug', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('site_settings'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().unique().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('site_title', 'varchar(255)', (c) => c.notNull())
        .addColumn('site_description', 'text', (c) => c.notNull())
        .addColumn('favicon', 'varchar(500)')
        .addColumn('theme_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('logo', 'varchar(500)')
        .addColumn('google_analytics_id', 'varchar(100)')
        .addColumn('contact_email', 'varchar(255)', (c) => c.notNull())
        .addColumn('social_media_links', 'text')
        .execute();

      await withId(db.schema.createTable('company_info'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().unique().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('tagline', 'text', (c) => c.notNull())
        .addColumn('history_summary', 'text', (c) => c.notNull())
        .addColumn('mission_statement', 'text', (c) => c.notNull())
        .addColumn('vision_statement', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('core_values'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('core_values_tenant_idx')
        .on('core_values')
        .columns(['tenant_id', 'position'])
        .execute();

      await withId(db.schema.createTable('categories'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('slug', 'varchar(255)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addUniqueConstraint('categories_tenant_slug_key', ['tenant_id', 'slug'])
        .execute();

      await withId(db.schema.createTable('products'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('slug', 'varchar(255)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
        .addColumn('price_before_discount_cents', 'integer')
        .addColumn('stock', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`stock >= 0`),
        )
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('long_html_description', 'text', (c) => c.notNull())
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('products_tenant_slug_key', ['tenant_id', 'slug'])
        .execute();
      // The list filters by tenant and activity and pages in id order; category filtering
      // narrows through the second index.
      await db.schema
        .createIndex('products_list_idx')
        .on('products')
        .columns(['tenant_id', 'is_active', 'id'])
        .execute();
      await db.schema
        .createIndex('products_category_idx')
        .on('products')
        .columns(['category_id', 'is_active', 'id'])
        .execute();

      await withId(db.schema.createTable('product_images'), dialect)
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('image_path', 'varchar(500)', (c) => c.notNull())
        .addColumn('thumb_path', 'varchar(500)', (c) => c.notNull())
        .addColumn('alt_text', 'varchar(500)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('product_images_product_idx')
        .on('product_images')
        .columns(['product_id', 'position'])
        .execute();

      await withId(db.schema.createTable('product_attributes'), dialect)
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('key', 'varchar(255)', (c) => c.notNull())
        .addColumn('value', 'varchar(1000)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('product_attributes_product_idx')
        .on('product_attributes')
        .columns(['product_id', 'position'])
        .execute();

      await withId(db.schema.createTable('reviews'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('username', 'varchar(150)')
        .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('is_verified_purchase', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reviews_product_idx')
        .on('reviews')
        .columns(['product_id', 'created_at'])
        .execute();
    },
  };
}
