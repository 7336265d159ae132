/**
 * Migration 2026_033_push_notifications (issue 40, "Told at once of a new order"): the back
 * office's Web Push notifications. Shipped once released; never edit it then, add a later
 * migration instead.
 *
 * - `staff_push_subscriptions`: one row per device a member turned notifications on in (the
 *   browser's PushSubscription: its push service `endpoint` and the keys `p256dh` and `auth`
 *   the payload is encrypted to). An endpoint is one browser's, so it is unique: the same
 *   device subscribed again by another member or shop moves to them.
 * - `staff_push_settings`: each member's switches, one per kind of event; no row means every
 *   switch is on (what a member who just turned notifications on expects).
 * - `push_outbox`: one row per event to tell of, written in the transaction that made it happen
 *   and sent after the commit (server/staff/push-notifications.ts): claimed with a conditional
 *   UPDATE, so of several API processes exactly one sends it; `dedupe_key` keeps a replayed
 *   event from being queued twice.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** The migration described above: push subscriptions, members' switches and the push outbox. */
export function pushNotificationsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('staff_push_subscriptions'), dialect)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
        .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
        .addColumn('endpoint', 'varchar(1024)', (c) => c.notNull().unique())
        .addColumn('p256dh', 'varchar(128)', (c) => c.notNull())
        .addColumn('auth', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_agent', 'varchar(300)')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_sent_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('staff_push_subscriptions_member')
        .on('staff_push_subscriptions')
        .columns(['tenant_id', 'staff_id'])
        .execute();
      await db.schema
        .createTable('staff_push_settings')
        .addColumn('staff_id', 'integer', (c) => c.primaryKey().references('staff.id'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
        .addColumn('order_paid', 'boolean', (c) => c.notNull())
        .addColumn('transfer_to_confirm', 'boolean', (c) => c.notNull())
        .addColumn('new_message', 'boolean', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('push_outbox'), dialect)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
        .addColumn('kind', 'varchar(30)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('locked_until', 'timestamptz')
        .addColumn('sent_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('push_outbox_unsent')
        .on('push_outbox')
        .columns(['sent_at', 'id'])
        .execute();
    },
  };
}
