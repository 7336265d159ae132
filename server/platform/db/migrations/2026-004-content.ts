/**
 * Migration 2026_004_content: blog posts and comments, FAQs, legal documents, the contact
 * page's locations, addresses and social profiles, contact messages, review authorship and the
 * database-backed request throttle. Shipped; never edit it, add a later migration instead.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/**
 * The shop's content and what shoppers write to it: comment moderation setting, one review per
 * customer per product, the blog, FAQs, legal documents, contact details and messages, and
 * fixed-window request counters shared by every API process.
 */
export function contentMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      // Whether a new blog comment is shown at once or waits for moderation. Off by
      // default: a shop that never looked at the setting moderates.
      await db.schema
        .alterTable('site_settings')
        .addColumn('comments_auto_approve', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();

      // Reviews by customers: one per customer per product. Seeded reviews without an
      // account keep user_id NULL, and NULLs never collide in a unique index (both dialects).
      await db.schema
        .alterTable('reviews')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('reviews_product_user_key')
        .on('reviews')
        .columns(['product_id', 'user_id'])
        .unique()
        .execute();

      await withId(db.schema.createTable('blog_posts'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('slug', 'varchar(255)', (c) => c.notNull())
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('featured_image_path', 'varchar(500)')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('excerpt', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) =>
          c.notNull().check(sql`status in ('draft', 'published', 'archived')`),
        )
        .addColumn('published_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('blog_posts_tenant_slug_key', ['tenant_id', 'slug'])
        .execute();
      // The blog list: a tenant's published posts, newest first.
      await db.schema
        .createIndex('blog_posts_list_idx')
        .on('blog_posts')
        .columns(['tenant_id', 'status', 'published_at'])
        .execute();

      await withId(db.schema.createTable('blog_comments'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('post_id', 'integer', (c) =>
          c.notNull().references('blog_posts.id').onDelete('cascade'),
        )
        .addColumn('parent_id', 'integer', (c) =>
          c.references('blog_comments.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('is_approved', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        // 0 for a top-level comment; a reply is its parent's depth + 1 (bounded by the API).
        .addColumn('depth', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`depth >= 0`),
        )
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // A post's whole thread is read at once (one query) and counted per post for the list.
      await db.schema
        .createIndex('blog_comments_post_idx')
        .on('blog_comments')
        .columns(['post_id', 'is_approved', 'created_at'])
        .execute();
      await db.schema
        .createIndex('blog_comments_parent_idx')
        .on('blog_comments')
        .column('parent_id')
        .execute();

      await withId(db.schema.createTable('faqs'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('question', 'varchar(500)', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('faqs_tenant_idx')
        .on('faqs')
        .columns(['tenant_id', 'position'])
        .execute();

      await withId(db.schema.createTable('legal_documents'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('document_type', 'varchar(30)', (c) =>
          c.notNull().check(sql`document_type in ('refund_policy', 'privacy_policy')`),
        )
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        // One current document of each type per shop.
        .addUniqueConstraint('legal_documents_tenant_type_key', ['tenant_id', 'document_type'])
        .execute();

      await withId(db.schema.createTable('contact_locations'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('is_hq', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'varchar(40)')
        .addColumn('map_embed_link', 'varchar(1000)')
        .addColumn('map_location_url', 'varchar(1000)')
        .addColumn('image_path', 'varchar(500)')
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('contact_locations_tenant_idx')
        .on('contact_locations')
        .columns(['tenant_id', 'position'])
        .execute();

      await withId(db.schema.createTable('contact_emails'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'varchar(200)', (c) => c.notNull())
        .addColumn('email_address', 'varchar(254)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('contact_emails_tenant_idx')
        .on('contact_emails')
        .columns(['tenant_id', 'position'])
        .execute();

      await withId(db.schema.createTable('social_profiles'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('platform', 'varchar(50)', (c) => c.notNull())
        .addColumn('platform_display', 'varchar(100)', (c) => c.notNull())
        .addColumn('link', 'varchar(1000)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('social_profiles_tenant_idx')
        .on('social_profiles')
        .columns(['tenant_id', 'position'])
        .execute();

      await withId(db.schema.createTable('contact_messages'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('phone_number', 'varchar(40)')
        .addColumn('subject', 'varchar(200)', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('client_address', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('contact_messages_tenant_idx')
        .on('contact_messages')
        .columns(['tenant_id', 'created_at'])
        .execute();

      // Fixed-window request counters (server/platform/credentials/throttle.ts): in the database, so every API
      // process on it counts the same attempts (architecture guide, convention 14).
      await db.schema
        .createTable('request_throttles')
        .addColumn('scope', 'varchar(50)', (c) => c.notNull())
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('key', 'varchar(255)', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        // Epoch milliseconds: compared in SQL, where integers mean the same on both engines.
        .addColumn('window_ends_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('request_throttles_pkey', ['scope', 'tenant_id', 'key'])
        .execute();
      await db.schema
        .createIndex('request_throttles_expiry_idx')
        .on('request_throttles')
        .column('window_ends_ms')
        .execute();
    },
  };
}
