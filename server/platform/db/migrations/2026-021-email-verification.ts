/**
 * Migration 2026_021_email_verification: what makes a shopper's data download hold only what is
 * provably theirs. Shipped once released; never edit it then, add a later migration instead.
 *
 * - `users.email_verified_at`: when the shopper proved they receive mail at the account's
 *   address, by opening a link sent to it (a verification link, or a password-reset link).
 *   Null until then. Registration checks nothing, so until this is set, nothing is matched to
 *   the account by its e-mail address alone (server/accounts/my-data.ts).
 * - `contact_messages.user_id`: the account that was signed in when the message was sent
 *   (null for a visitor's). Such a message is the account's whatever address it was sent from.
 * - `email_verification_tokens`: the links sent, as SHA-256 hashes only, each bound to the
 *   address it was sent to.
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

export function emailVerificationMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
      await db.schema
        .alterTable('contact_messages')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('contact_messages_user_idx')
        .on('contact_messages')
        .columns(['tenant_id', 'user_id'])
        .execute();
      // The download and the erasure match a verified address by `lower(email)`.
      await sql`create index contact_messages_email_idx on contact_messages (tenant_id, lower(email))`.execute(
        db,
      );

      await withId(db.schema.createTable('email_verification_tokens'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        // The address the link went to: it verifies that address, and no other.
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('email_verification_tokens_user_idx')
        .on('email_verification_tokens')
        .columns(['tenant_id', 'user_id'])
        .execute();
    },
  };
}
