/**
 * Migration 2026_023_staff_credentials (decisions 061 and 054): what a member of staff needs to
 * change or reset their password, and what a session knows of the second step. Shipped once
 * released; never edit it then, add a later migration instead.
 *
 * - `staff_sessions.two_step_at`: when this session passed two-step verification (a code or a
 *   recovery code at sign-in, or the code confirming the set-up in this session); null for a
 *   session opened with the password alone. Lifting the shop's "require two-step" rule takes a
 *   session that passed it (server/staff/policy.ts).
 * - `staff_password_resets`: the links a member asked for by e-mail; only the token's SHA-256 is
 *   kept, with its expiry and when it was used (server/staff/password-reset.ts).
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

export function staffCredentialsMigration(dialect: Dialect): Migration {
  const now = dialect === 'postgres' ? sql`now()` : sql`CURRENT_TIMESTAMP`;
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('staff_sessions')
        .addColumn('two_step_at', 'timestamptz')
        .execute();

      await withId(db.schema.createTable('staff_password_resets'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('staff_id', 'integer', (c) =>
          c.notNull().references('staff.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('staff_password_resets_staff_idx')
        .on('staff_password_resets')
        .columns(['tenant_id', 'staff_id'])
        .execute();
    },
  };
}
