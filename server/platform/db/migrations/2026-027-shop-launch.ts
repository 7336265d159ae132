/**
 * Migration 2026_027_shop_launch (issue 38, decision 079): a shop is prepared before it sells.
 * Shipped once released; never edit it then, add a later migration instead.
 *
 * - `tenants.status`: 'open' (selling), 'closed' (not launched yet: the storefront shows
 *   "Opening soon") or 'holiday' (launched, then closed by its owner: browsing stays, ordering
 *   stops). The shops that exist are open, as they were.
 * - `tenants.closed_message`: the owner's words on the holiday page; null for none.
 * - `tenants.preview_password_hash`: the scrypt hash of the password that shows a closed shop to
 *   someone who is not its staff; null: only staff preview it.
 * - `tenants.launched_at`: when an owner first pressed Launch; null until then.
 * - `tenants.https_seen_at`: when the shop was first reached at its primary domain over HTTPS
 *   (as the proxy in front reports it): the launch checklist's proof that the domain answers.
 */
import { type Migration } from 'kysely';
import type { AnyDb } from './schema-helpers.ts';

export function shopLaunchMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('tenants')
        .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
        .execute();
      await db.schema.alterTable('tenants').addColumn('closed_message', 'text').execute();
      await db.schema
        .alterTable('tenants')
        .addColumn('preview_password_hash', 'varchar(255)')
        .execute();
      await db.schema.alterTable('tenants').addColumn('launched_at', 'timestamptz').execute();
      await db.schema.alterTable('tenants').addColumn('https_seen_at', 'timestamptz').execute();
    },
  };
}
