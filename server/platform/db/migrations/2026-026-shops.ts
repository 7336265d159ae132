/**
 * Migration 2026_026_shops (issue 38, decision 079): what a shop needs to be opened by its maker
 * rather than by the demo seed. Shipped once released; never edit it then, add a later
 * migration instead.
 *
 * - `tenants.currency`: the shop's currency, an ISO 4217 code; 'USD' for the shops that exist
 *   (the demo's, as the spec has them).
 * - `tenant_domains`: the names a shop answers at, each held by one shop only (unique, stored
 *   lowercased without a port), one of them its primary (where canonical links point).
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

export function shopsMigration(dialect: Dialect): Migration {
  const now = dialect === 'postgres' ? sql`now()` : sql`CURRENT_TIMESTAMP`;
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('tenants')
        .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
        .execute();

      await withId(db.schema.createTable('tenant_domains'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('domain', 'varchar(253)', (c) => c.notNull().unique())
        .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('tenant_domains_tenant_idx')
        .on('tenant_domains')
        .column('tenant_id')
        .execute();
    },
  };
}
