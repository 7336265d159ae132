/**
 * Migration 2026_014_moderation_and_inbox: moderation of reviews and comments, and the contact
 * inbox. Shipped once released; never edit it then, add a later migration instead.
 *
 * - `reviews.status` and `blog_comments.status`: `pending | approved | rejected | hidden`
 *   (server/content/moderation.ts). Every existing review was shown, so it is `approved`;
 *   a comment's `is_approved` becomes `approved` (1) or `pending` (0), and the column goes.
 * - The review statistics' triggers (migration 2026_009) count only `approved` reviews, and
 *   fire on a status change too, so a hidden review leaves the product's count and mean.
 * - The shop's replies: on a review, `shop_reply`, `shop_reply_at`, `shop_reply_staff_id`;
 *   on a comment, a reply row of the thread with `is_shop_reply` 1 (no customer) and the
 *   member who wrote it (`staff_id`).
 * - `site_settings.reviews_auto_approve` (true: reviews show at once, as before), next to
 *   `comments_auto_approve`.
 * - The inbox: `contact_messages.read_at` and `archived_at`, and `contact_message_replies`
 *   (each reply e-mailed from the back office: who, when, what).
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** The statistics of one product over its approved reviews (SQLite trigger body). */
const restate = (product: string) =>
  sql.raw(`update products set
      review_count = (select count(*) from reviews
        where product_id = ${product} and status = 'approved'),
      rating_average = coalesce((select avg(rating) from reviews
        where product_id = ${product} and status = 'approved'), 0)
    where id = ${product};`);

async function sqliteTriggers(db: AnyDb): Promise<void> {
  for (const name of ['reviews_stats_insert', 'reviews_stats_delete', 'reviews_stats_update']) {
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await sql`create trigger reviews_stats_insert after insert on reviews begin
    ${restate('new.product_id')}
  end`.execute(db);
  await sql`create trigger reviews_stats_delete after delete on reviews begin
    ${restate('old.product_id')}
  end`.execute(db);
  await sql`create trigger reviews_stats_update
    after update of rating, product_id, status on reviews begin
    ${restate('old.product_id')}
    ${restate('new.product_id')}
  end`.execute(db);
}

async function postgresTriggers(db: AnyDb): Promise<void> {
  await sql`create or replace function storefront_review_stats() returns trigger
    language plpgsql as $$
    declare
      product integer;
    begin
      foreach product in array array[
        case when tg_op in ('UPDATE', 'DELETE') then old.product_id end,
        case when tg_op in ('UPDATE', 'INSERT') then new.product_id end
      ] loop
        if product is not null then
          update products set
            review_count = (select count(*) from reviews
              where product_id = product and status = 'approved'),
            rating_average = coalesce(
              (select avg(rating)::double precision from reviews
                where product_id = product and status = 'approved'), 0)
          where id = product;
        end if;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists reviews_stats on reviews`.execute(db);
  await sql`create trigger reviews_stats after insert or delete or update of rating, product_id, status
    on reviews for each row execute function storefront_review_stats()`.execute(db);
}

/** See the module comment. */
export function moderationAndInboxMigration(dialect: Dialect): Migration {
  const timestamp = 'timestamptz';
  return {
    async up(db: AnyDb) {
      // Reviews: a status (every existing review was shown) and the shop's reply.
      await db.schema
        .alterTable('reviews')
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('approved'))
        .execute();
      await db.schema.alterTable('reviews').addColumn('shop_reply', 'text').execute();
      await db.schema.alterTable('reviews').addColumn('shop_reply_at', timestamp).execute();
      await db.schema.alterTable('reviews').addColumn('shop_reply_staff_id', 'integer').execute();
      await db.schema
        .createIndex('reviews_moderation_idx')
        .on('reviews')
        .columns(['tenant_id', 'status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('reviews_product_status_idx')
        .on('reviews')
        .columns(['product_id', 'status', 'created_at'])
        .execute();
      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);

      // Comments: `is_approved` becomes a status; shop replies are rows of the thread.
      await db.schema
        .alterTable('blog_comments')
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
        .execute();
      await sql`update blog_comments
        set status = case when is_approved then 'approved' else 'pending' end`.execute(db);
      await db.schema.dropIndex('blog_comments_post_idx').execute();
      await db.schema.alterTable('blog_comments').dropColumn('is_approved').execute();
      await db.schema
        .createIndex('blog_comments_post_idx')
        .on('blog_comments')
        .columns(['post_id', 'status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('blog_comments_moderation_idx')
        .on('blog_comments')
        .columns(['tenant_id', 'status', 'created_at'])
        .execute();
      await db.schema
        .alterTable('blog_comments')
        .addColumn('is_shop_reply', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema.alterTable('blog_comments').addColumn('staff_id', 'integer').execute();
      await db.schema.alterTable('blog_comments').addColumn('updated_at', timestamp).execute();

      await db.schema
        .alterTable('site_settings')
        .addColumn('reviews_auto_approve', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        .execute();

      // The inbox.
      await db.schema.alterTable('contact_messages').addColumn('read_at', timestamp).execute();
      await db.schema.alterTable('contact_messages').addColumn('archived_at', timestamp).execute();
      await db.schema
        .createIndex('contact_messages_inbox_idx')
        .on('contact_messages')
        .columns(['tenant_id', 'created_at'])
        .execute();
      await withId(db.schema.createTable('contact_message_replies'), dialect)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
        .addColumn('message_id', 'integer', (c) =>
          c.notNull().references('contact_messages.id').onDelete('cascade'),
        )
        .addColumn('staff_id', 'integer')
        .addColumn('staff_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('contact_message_replies_message_idx')
        .on('contact_message_replies')
        .columns(['message_id', 'created_at'])
        .execute();
    },
  };
}
