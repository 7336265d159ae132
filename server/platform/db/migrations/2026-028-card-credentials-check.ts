/**
 * Migration 2026_028_card_credentials_check (issue 38, decision 079 "Launch"): the launch
 * checklist counts card payment only once the provider accepted the shop's credentials.
 * Shipped once released; never edit it then, add a later migration instead.
 *
 * - `payment_settings.credentials_checked_at`: when the provider last accepted the current
 *   credentials (server/payments/registry.ts `checkCredentials`); null: never tested, or
 *   replaced or refused since.
 * - `payment_settings.credentials_checked_mode`: what that test found, `live` (real money) or
 *   `test` (test keys: no shopper can pay); null with the date.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './schema-helpers.ts';

export function cardCredentialsCheckMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('payment_settings')
        .addColumn('credentials_checked_at', 'timestamptz')
        .execute();
      await db.schema
        .alterTable('payment_settings')
        .addColumn('credentials_checked_mode', 'varchar(4)')
        .execute();
    },
  };
}
