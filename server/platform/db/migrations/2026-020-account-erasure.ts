/**
 * Migration 2026_020_account_erasure: erased accounts: the row kept for the orders, everything personal removed. Shipped once released; never edit it then, add a later
 * migration instead.
 *
 * Adds `users.erased_at`: when the shopper erased their account (UK GDPR / GDPR art. 17;
 * server/accounts/erasure.ts). The row itself stays, because the orders the shop must keep for
 * its accounts (UK Companies Act 2006 s.388, HMRC: 6 years) point at it; its e-mail, username
 * and password hash are replaced by tombstones, and the storefront shows its reviews and
 * comments as a former customer's. Null for every live account.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

export function accountErasureMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('users').addColumn('erased_at', 'timestamptz').execute();
    },
  };
}
