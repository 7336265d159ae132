/**
 * Migration 2026_013_media: uploaded images. Shipped once released; never edit it then, add a later
 * migration instead.
 *
 * - `media_uploads`: one row per image the back office uploaded, already made into the
 *   storefront's sizes and kept in the media store under content-hashed keys (`image_key`,
 *   `thumb_key`) with the addresses they are served at (`image_path`, `thumb_path`). Something
 *   that shows it (a product photo, a blog post, the site logo) claims it (`claimed_at`); an
 *   upload never claimed can be swept later, by `created_at`.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

export function mediaMigration(dialect: Dialect): Migration {
  const now = dialect === 'postgres' ? sql`now()` : sql`CURRENT_TIMESTAMP`;
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('media_uploads'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('image_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('thumb_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('image_path', 'varchar(500)', (c) => c.notNull())
        .addColumn('thumb_path', 'varchar(500)', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('claimed_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('media_uploads_unclaimed_idx')
        .on('media_uploads')
        .columns(['claimed_at', 'created_at'])
        .execute();
      await db.schema
        .createIndex('media_uploads_key_idx')
        .on('media_uploads')
        .columns(['image_key'])
        .execute();
    },
  };
}
