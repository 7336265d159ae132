/**
 * Migration 2026_016_shop_settings: the owner's settings. Shipped once released; never edit it then, add a later
 * migration instead.
 *
 * Adds `payment_settings.credentials_updated_at`: when the owner last replaced the card
 * provider's credentials, the one thing the back office shows about them besides the
 * provider's name (the credentials themselves are never shown back). Null for credentials
 * sealed before (the seed, `payments:configure` on an older server).
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

export function shopSettingsMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('payment_settings')
        .addColumn('credentials_updated_at', 'timestamptz')
        .execute();
    },
  };
}
