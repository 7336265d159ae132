/**
 * Migration 2026_006_order_lifecycle: order expiry and closing, payment providers and refunds,
 * sealed provider credentials, the e-mail outbox and the sandbox gateway's charges. Shipped;
 * never edit it, add a later migration instead.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/**
 * The order lifecycle and real card providers (decisions 038 and 013): orders learn when they
 * expire and when they were closed, and carry `updated_at`, which every transaction on an order
 * writes first (the order row lock); payments learn their provider, the provider's reference,
 * their attempt number and their refund; each shop names its provider and keeps its
 * credentials sealed (`credentials`, a JWE; the plaintext `gateway_secret` is emptied at
 * start-up once sealed); e-mails wait in an outbox written in the same transaction as the
 * order change they tell of; the sandbox gateway keeps its own record of charges, as a real
 * provider would.
 */
export function orderLifecycleMigration(dialect: Dialect): Migration {
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
        // The e-mail's data as JSON (server/orders/emails/email-data.ts), rendered when sent.
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
