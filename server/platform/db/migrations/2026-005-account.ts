/**
 * Migration 2026_005_account: password changes and resets, and saved delivery addresses.
 * Shipped; never edit it, add a later migration instead.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/**
 * The shopper's account: password-reset tokens (only their SHA-256 is stored), the
 * time of a user's last password change (access tokens issued before it are refused), and
 * saved delivery addresses with at most one default per user (a partial unique index, which
 * SQLite and PostgreSQL both support; the handlers keep exactly one).
 */
export function accountMigration(dialect: Dialect): Migration {
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
