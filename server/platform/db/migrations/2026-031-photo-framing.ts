/**
 * Migration 2026_031_photo_framing: photos keep their proportions, and the owner chooses how the
 * shop frames them. Shipped once released; never edit it then, add a later migration instead.
 *
 * - `product_images.width`, `height`: the full image's pixel size, so the storefront reserves
 *   its box before it loads (null for a photo whose size is not known: the seed's 800 x 800
 *   pictures before this, read as square). Filled here from the upload each photo came from.
 * - `product_images.focal_x`, `focal_y`: the point of the photo that matters, as fractions of its
 *   width and height (0..1, 0.5 the centre, which every photo starts at): a card cropped to the
 *   shop's aspect keeps it in view.
 * - `site_settings.card_aspect`: the one aspect of every product card (`square`, as before,
 *   `portrait` 4:5 or `landscape` 3:2).
 * - `site_settings.hero_photo_id`, `categories.image_photo_id`: the photo (a `product_images`
 *   id) the owner chose for the home page's hero and for a category's tile; null for none.
 *   Not foreign keys: a choice whose photo was removed, or whose product was archived, is read
 *   as no choice (the storefront falls back), and ids are never reused on either database.
 *
 * Uploads made before this had a thumbnail cropped to a centred square; a photo that is not
 * square uses its full image as its thumbnail from now on, so nothing of it is cut.
 */
import { type Migration, sql } from 'kysely';
import type { AnyDb } from './schema-helpers.ts';

/**
 * Migration 2026_031 (registered in ../migrations.ts): adds the columns the module comment lists,
 * on SQLite and PostgreSQL alike (plain `alter table … add column`, each nullable or with a
 * default, so existing rows stay valid), then fills the photos' sizes and whole-image thumbnails
 * (`backfillPhotoSizes`). Up only, as every migration here (../migration-rules.test.ts).
 */
export function photoFramingMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('product_images').addColumn('width', 'integer').execute();
      await db.schema.alterTable('product_images').addColumn('height', 'integer').execute();
      await db.schema
        .alterTable('product_images')
        .addColumn('focal_x', 'double precision', (c) => c.notNull().defaultTo(0.5))
        .execute();
      await db.schema
        .alterTable('product_images')
        .addColumn('focal_y', 'double precision', (c) => c.notNull().defaultTo(0.5))
        .execute();
      await db.schema
        .alterTable('site_settings')
        .addColumn('card_aspect', 'varchar(10)', (c) => c.notNull().defaultTo('square'))
        .execute();
      await db.schema.alterTable('site_settings').addColumn('hero_photo_id', 'integer').execute();
      await db.schema.alterTable('categories').addColumn('image_photo_id', 'integer').execute();

      await backfillPhotoSizes(db);
    },
  };
}

/**
 * Gives each photo the size of the upload it came from, and a photo that is not square its full
 * image as its thumbnail (the thumbnails made before were centred squares). Photos no upload
 * names (the seed's) keep a null size.
 */
export async function backfillPhotoSizes(db: AnyDb): Promise<void> {
  await sql`
    update product_images set
      width = (select u.width from media_uploads u
               where u.image_path = product_images.image_path order by u.id limit 1),
      height = (select u.height from media_uploads u
                where u.image_path = product_images.image_path order by u.id limit 1)
    where width is null
  `.execute(db);
  await sql`
    update product_images set thumb_path = image_path
    where width is not null and height is not null and width <> height
      and thumb_path in (select u.thumb_path from media_uploads u)
      and thumb_path not like '%-whole-thumb.webp'
  `.execute(db);
}
