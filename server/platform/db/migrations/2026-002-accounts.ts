/**
 * Migration 2026_002_accounts: customer accounts and their refresh tokens. Shipped; never edit
 * it, add a later migration instead.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/**
 * Customer accounts (unique e-mail and username per tenant) and issued refresh tokens, grouped
 * in families so that logout and replay detection revoke a whole family at once
 * (docs/decisions/004-refresh-token-rotation.md).
 */
export function accountsMigration(dialect: Dialect): Migration {
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
