/**
 * Migration 2026_010_back_office (decision 020): the back office's staff, their sessions and
 * invitations, the activity log, and what the order desk records on an order (money received
 * by hand, refunds, each shipment's fulfilment). Shipped once released; never edit it then,
 * add a later migration instead.
 *
 * - `staff`: a shop's staff accounts, apart from shoppers' `users` (their own tokens and
 *   roles). Removing one keeps the row (`removed_at`) so the activity log still names them.
 * - `staff_sessions`: one row per sign-in; the refresh token's SHA-256 rotates on each refresh,
 *   and a revoked session ends its access tokens at once (the staff check reads it).
 * - `staff_invitations`: one-time links an owner sends; only the token's SHA-256 is stored.
 * - `staff_policies`: per shop, whether every staff member must use two-factor sign-in.
 * - `activity_log`: append-only; who did what to which object, with before and after.
 * - `manual_payments`, `refunds`, `order_fulfilments`: the desk's records of an order.
 * - `orders` gains the reason it was canceled, when its payment reminder went, when it was
 *   fulfilled and how much of it was refunded; `email_outbox` gains the order an e-mail is
 *   about, so an order's page lists the e-mails it sent.
 * - Indexes for the desk's order list at 100,000 orders: by shop and newest first, per status,
 *   per payment method, and by e-mail.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

export function backOfficeMigration(dialect: Dialect): Migration {
  const now = dialect === 'postgres' ? sql`now()` : sql`CURRENT_TIMESTAMP`;
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('staff'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('role', 'varchar(10)', (c) => c.notNull().check(sql`role in ('owner', 'staff')`))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('password_changed_at', 'timestamptz')
        .addColumn('totp_secret', 'text')
        .addColumn('totp_enabled_at', 'timestamptz')
        .addColumn('recovery_codes', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('last_login_at', 'timestamptz')
        .addColumn('removed_at', 'timestamptz')
        .execute();
      // One live account per e-mail and shop; a removed one may be invited again.
      await sql`create unique index staff_email_idx on staff (tenant_id, email) where removed_at is null`.execute(
        db,
      );

      await withId(db.schema.createTable('staff_sessions'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('staff_id', 'integer', (c) =>
          c.notNull().references('staff.id').onDelete('cascade'),
        )
        .addColumn('refresh_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .addColumn('user_agent', 'varchar(300)')
        .addColumn('ip', 'varchar(64)')
        .execute();
      await db.schema
        .createIndex('staff_sessions_staff_idx')
        .on('staff_sessions')
        .columns(['staff_id', 'revoked_at'])
        .execute();

      await withId(db.schema.createTable('staff_invitations'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('role', 'varchar(10)', (c) => c.notNull().check(sql`role in ('owner', 'staff')`))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('invited_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('accepted_at', 'timestamptz')
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('staff_invitations_tenant_idx')
        .on('staff_invitations')
        .columns(['tenant_id', 'email'])
        .execute();

      await db.schema
        .createTable('staff_policies')
        .addColumn('tenant_id', 'integer', (c) =>
          c.primaryKey().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('require_totp', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();

      await withId(db.schema.createTable('activity_log'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        // Null: the system did it (a sweep, a provider's notification).
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
        .addColumn('staff_email', 'varchar(254)')
        .addColumn('action', 'varchar(40)', (c) => c.notNull())
        .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('activity_log_tenant_idx')
        .on('activity_log')
        .columns(['tenant_id', 'id'])
        .execute();
      await db.schema
        .createIndex('activity_log_object_idx')
        .on('activity_log')
        .columns(['tenant_id', 'object_type', 'object_id', 'id'])
        .execute();
      await db.schema
        .createIndex('activity_log_staff_idx')
        .on('activity_log')
        .columns(['tenant_id', 'staff_id', 'id'])
        .execute();

      await withId(db.schema.createTable('manual_payments'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
        .addColumn('payer_reference', 'varchar(140)', (c) => c.notNull())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('manual_payments_order_idx')
        .on('manual_payments')
        .column('order_id')
        .execute();

      await withId(db.schema.createTable('refunds'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        // The card payment refunded through its provider; null for money received by hand.
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
        .addColumn('reason', 'varchar(500)', (c) => c.notNull())
        // `manual`: owed by hand; `paid_back`: an owner recorded paying it (note in provider_ref).
        .addColumn('status', 'varchar(10)', (c) =>
          c
            .notNull()
            .check(sql`status in ('pending', 'succeeded', 'manual', 'paid_back', 'failed')`),
        )
        .addColumn('provider_ref', 'varchar(200)')
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('settled_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
      await db.schema
        .createIndex('refunds_status_idx')
        .on('refunds')
        .columns(['tenant_id', 'status'])
        .execute();

      await withId(db.schema.createTable('order_fulfilments'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('shipment_index', 'integer', (c) => c.notNull().check(sql`shipment_index >= 0`))
        .addColumn('kind', 'varchar(10)', (c) =>
          c.notNull().check(sql`kind in ('delivery', 'collection')`),
        )
        .addColumn('status', 'varchar(10)', (c) =>
          c.notNull().check(sql`status in ('shipped', 'ready', 'collected')`),
        )
        .addColumn('carrier', 'varchar(20)')
        .addColumn('tracking_number', 'varchar(64)')
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
        .addColumn('shipped_at', 'timestamptz')
        .addColumn('ready_at', 'timestamptz')
        .addColumn('collected_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('order_fulfilments_order_idx')
        .on('order_fulfilments')
        .columns(['order_id', 'shipment_index'])
        .unique()
        .execute();

      await db.schema.alterTable('orders').addColumn('cancel_reason', 'varchar(500)').execute();
      await db.schema.alterTable('orders').addColumn('reminder_sent_at', 'timestamptz').execute();
      await db.schema.alterTable('orders').addColumn('fulfilled_at', 'timestamptz').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The desk's list: a shop's orders newest first, whole or by status, method or e-mail.
      await sql`create index orders_desk_idx on orders (tenant_id, created_at desc, id desc)`.execute(
        db,
      );
      await sql`create index orders_desk_status_idx on orders (tenant_id, status, created_at desc, id desc)`.execute(
        db,
      );
      // The status rides along, so a method's counts per tab are read from the index alone.
      await sql`create index orders_desk_method_idx on orders (tenant_id, payment_method, created_at desc, id desc, status)`.execute(
        db,
      );
      // A search in names reads this narrow index, not every order's row.
      await sql`create index orders_desk_name_idx on orders (tenant_id, fullname, id)`.execute(db);
      // Today's card payments an order could not keep, still to pay back by hand.
      await sql`create index payments_refund_status_idx on payments (tenant_id, refund_status)`.execute(
        db,
      );

      await db.schema.alterTable('email_outbox').addColumn('order_id', 'integer').execute();
      await db.schema
        .createIndex('email_outbox_order_idx')
        .on('email_outbox')
        .column('order_id')
        .execute();
    },
  };
}
