/**
 * Migration 2026_011_catalogue_editing: what the back office's product editing needs. Shipped
 * once released; never edit it then, add a later migration instead.
 *
 * - `products.archived_at`: when the product was archived (null: not archived). A product's
 *   status is derived, never stored twice: archived when `archived_at` is set, else active
 *   when `is_active`, else draft. Archiving also clears `is_active`, so the storefront, which
 *   reads `is_active` only (and the indexes of 2026-009 that lead with it), never shows it.
 * - `products.updated_at`: the last change made in the back office; the existing rows take
 *   their `created_at` (SQLite cannot add a column with a non-constant default, so the column
 *   is nullable and every write of the back office sets it).
 * - `products.low_stock_threshold`: at or below this stock the product is low (default 2;
 *   null: never warned, as the stock screen allows). Made-to-order products are never low.
 * - `product_slug_redirects`: a product's former slugs, each answering 301 to its current one
 *   (storefront API and pages); unique per shop. A slug a product takes again, or another
 *   product takes, leaves this table, so a slug is never both current and a redirect.
 * - Indexes of the back office's list (newest first, every status): `products_admin_idx`
 *   (tenant, created, id) for the unfiltered list and its count, `products_admin_category_idx`
 *   (tenant, category, created, id) for one category, and `products_archived_idx` (tenant,
 *   archived_at) so counting archived products reads the index alone. The active and draft
 *   lists read 2026-009's `products_newest_idx` (tenant, is_active, created, id).
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

export function catalogueEditingMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('products').addColumn('archived_at', 'timestamptz').execute();
      await db.schema.alterTable('products').addColumn('updated_at', 'timestamptz').execute();
      await sql`update products set updated_at = created_at`.execute(db);
      await db.schema
        .alterTable('products')
        .addColumn('low_stock_threshold', 'integer', (c) =>
          c.defaultTo(2).check(sql`low_stock_threshold >= 0`),
        )
        .execute();

      await withId(db.schema.createTable('product_slug_redirects'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('old_slug', 'varchar(255)', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addUniqueConstraint('product_slug_redirects_tenant_slug_key', ['tenant_id', 'old_slug'])
        .execute();
      await db.schema
        .createIndex('product_slug_redirects_product_idx')
        .on('product_slug_redirects')
        .columns(['product_id'])
        .execute();

      await db.schema
        .createIndex('products_admin_idx')
        .on('products')
        .columns(['tenant_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('products_admin_category_idx')
        .on('products')
        .columns(['tenant_id', 'category_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('products_archived_idx')
        .on('products')
        .columns(['tenant_id', 'archived_at'])
        .execute();
    },
  };
}
