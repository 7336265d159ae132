/**
 * Schema migrations, kept in code (no file scanning, so they work the same under tsx, vitest and
 * a bundle) and run at start-up by `migrateToLatest`. Each migration is written once for both
 * dialects; the only difference is how an auto-increment id is spelled.
 *
 * Later issues append migrations; never edit one that has shipped.
 */
import {
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import type { Dialect, DbHandle } from './connection.ts';

type AnyDb = Kysely<unknown>;

// `serial` and `integer primary key autoincrement` both hand out increasing ids; SQLite's
// AUTOINCREMENT also never reuses a deleted id, matching PostgreSQL's sequences.
function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function catalogMigration(dialect: Dialect): Migration {
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

function accountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('username', 'varchar(150)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('users_tenant_email_key', ['tenant_id', 'email'])
        .addUniqueConstraint('users_tenant_username_key', ['tenant_id', 'username'])
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('revoked_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // Replay detection and logout revoke a whole family at once.
      await db.schema
        .createIndex('refresh_tokens_family_idx')
        .on('refresh_tokens')
        .column('family_id')
        .execute();
      // Expired rows are pruned per user at login.
      await db.schema
        .createIndex('refresh_tokens_user_idx')
        .on('refresh_tokens')
        .columns(['user_id', 'expires_at'])
        .execute();
    },
  };
}

function ordersMigration(dialect: Dialect): Migration {
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

function contentMigration(dialect: Dialect): Migration {
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

      // Fixed-window request counters (server/auth/throttle.ts): in the database, so every API
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

/**
 * The shopper's account: password-reset tokens (only their SHA-256 is stored), the
 * time of a user's last password change (access tokens issued before it are refused), and
 * saved delivery addresses with at most one default per user (a partial unique index, which
 * SQLite and PostgreSQL both support; the handlers keep exactly one).
 */
function accountMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('users').addColumn('password_changed_at', 'timestamptz').execute();

      await withId(db.schema.createTable('password_reset_tokens'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        // Hex SHA-256 of the token: a leaked table holds nothing that can be used as a link.
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user_idx')
        .on('password_reset_tokens')
        .columns(['tenant_id', 'user_id'])
        .execute();

      await withId(db.schema.createTable('user_addresses'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('fullname', 'varchar(200)', (c) => c.notNull())
        .addColumn('contact_number', 'varchar(40)', (c) => c.notNull())
        .addColumn('street', 'varchar(200)', (c) => c.notNull())
        .addColumn('city', 'varchar(100)', (c) => c.notNull())
        .addColumn('postal_code', 'varchar(20)', (c) => c.notNull())
        .addColumn('country', 'varchar(100)', (c) => c.notNull())
        .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_addresses_user_idx')
        .on('user_addresses')
        .columns(['tenant_id', 'user_id'])
        .execute();
      // At most one default per user, whatever the handlers do (both engines read a boolean
      // column as the predicate: 1/0 on SQLite, true/false on PostgreSQL).
      await sql`create unique index user_addresses_one_default on user_addresses (user_id) where is_default`.execute(
        db,
      );
    },
  };
}

/**
 * The order lifecycle and real card providers (decision 013): orders learn when they expire
 * and when they were closed, and carry `updated_at`, which every transaction on an order
 * writes first (the order row lock); payments learn their provider, the provider's reference,
 * their attempt number and their refund; each shop names its provider and keeps its
 * credentials sealed (`credentials`, a JWE; the plaintext `gateway_secret` is emptied at
 * start-up once sealed); e-mails wait in an outbox written in the same transaction as the
 * order change they tell of; the sandbox gateway keeps its own record of charges, as a real
 * provider would.
 */
function orderLifecycleMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('orders').addColumn('updated_at', 'timestamptz').execute();
      await sql`update orders set updated_at = created_at`.execute(db);
      await db.schema.alterTable('orders').addColumn('expires_at', 'timestamptz').execute();
      await db.schema.alterTable('orders').addColumn('closed_at', 'timestamptz').execute();
      await db.schema
        .createIndex('orders_unpaid_expiry_idx')
        .on('orders')
        .columns(['status', 'expires_at'])
        .execute();

      await db.schema
        .alterTable('payments')
        .addColumn('provider', 'varchar(20)', (c) => c.notNull().defaultTo('sandbox'))
        .execute();
      await db.schema.alterTable('payments').addColumn('provider_ref', 'varchar(255)').execute();
      await db.schema
        .alterTable('payments')
        .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('payments').addColumn('captured_at', 'timestamptz').execute();
      await db.schema.alterTable('payments').addColumn('refund_status', 'varchar(20)').execute();
      await db.schema.alterTable('payments').addColumn('refund_ref', 'varchar(255)').execute();
      await db.schema.alterTable('payments').addColumn('checked_at', 'timestamptz').execute();
      await db.schema
        .createIndex('payments_provider_ref_idx')
        .on('payments')
        .columns(['tenant_id', 'provider', 'provider_ref'])
        .unique()
        .execute();

      await db.schema
        .alterTable('payment_settings')
        .addColumn('provider', 'varchar(20)', (c) => c.notNull().defaultTo('sandbox'))
        .execute();
      await db.schema.alterTable('payment_settings').addColumn('credentials', 'text').execute();

      await withId(db.schema.createTable('email_outbox'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
        // The e-mail's data as JSON (server/mail/templates/email-data.ts), rendered when sent.
        .addColumn('data', 'text', (c) => c.notNull())
        // One e-mail per event: a transition replayed by a retry cannot queue it twice.
        .addColumn('dedupe_key', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
        .addColumn('locked_until', 'timestamptz')
        .addColumn('last_error', 'varchar(500)')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('email_outbox_due_idx')
        .on('email_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await db.schema
        .createTable('sandbox_charges')
        .addColumn('ref', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('payment_uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('order_number', 'varchar(20)', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('return_url', 'varchar(1000)', (c) => c.notNull())
        .addColumn('transaction_ref', 'varchar(100)')
        .addColumn('error_message', 'varchar(500)')
        .addColumn('refunded_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * A maker's shop (decision 014): pieces declare their options (a JSON list, priced per unit),
 * may be made to order with a lead time in working days, and may be age-restricted; orders keep
 * their lines' options, dispatch estimates, shipments, shipping price and the buyer's age
 * attestation; each shop has its settings (minimum age, working days) and its shipping zones
 * (countries) with their delivery methods, and methods without a zone (collection) that serve
 * every country the shop ships to.
 */
function makersShopMigration(dialect: Dialect): Migration {
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

/** All migrations in order, keyed by a name that sorts chronologically. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '2026_001_catalog': catalogMigration(dialect),
    '2026_002_accounts': accountsMigration(dialect),
    '2026_003_orders': ordersMigration(dialect),
    '2026_004_content': contentMigration(dialect),
    '2026_005_account': accountMigration(dialect),
    '2026_006_order_lifecycle': orderLifecycleMigration(dialect),
    '2026_007_makers_shop': makersShopMigration(dialect),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations(this.dialect);
  }
}

/**
 * Brings the schema up to date; a no-op when it already is (safe on every start).
 * @returns the names of the migrations applied by this call.
 * @throws the first migration error (the failed migration is rolled back on PostgreSQL, which
 *   has transactional DDL).
 */
export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new InCodeProvider(handle.dialect),
    ...(handle.pgSchema ? { migrationTableSchema: handle.pgSchema } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
