/**
 * Migration 2026_030_refund_lines_and_slips: refunds that name the pieces they pay back, and the
 * address packing slips print. Shipped once released; never edit it then, add a later migration
 * instead.
 *
 * - `refund_lines`: one row per order line a refund names (server/orders/refund-lines.ts):
 *   how many pieces (`quantity`) and how many of them went back in stock (`restocked`, at most
 *   the quantity). `refund_id` is the first refund row the request made (a refund split over
 *   a card payment and money received by hand makes two); a line's refunded pieces are those
 *   of its rows whose refund the provider did not refuse. The product's stock history reads
 *   the restocked pieces as returns (server/catalog/stock-reads.ts).
 * - `site_settings.slip_address`: `legal` (the seller's legal address, the default: what the
 *   footer and invoices say) or `workshop` (the contact page's head office), printed on the
 *   packing slip as the sender and returns address.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** The migration described above: `refund_lines` and `site_settings.slip_address`. */
export function refundLinesAndSlipsMigration(dialect: Dialect): Migration {
  const now = dialect === 'postgres' ? sql`now()` : sql`CURRENT_TIMESTAMP`;
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('refund_lines'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('order_item_id', 'integer', (c) =>
          c.notNull().references('order_items.id').onDelete('cascade'),
        )
        .addColumn('refund_id', 'integer', (c) =>
          c.notNull().references('refunds.id').onDelete('cascade'),
        )
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('restocked', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`restocked >= 0 and restocked <= quantity`),
        )
        // Null: the member's row is gone.
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('refund_lines_order_idx')
        .on('refund_lines')
        .columns(['order_id', 'order_item_id'])
        .execute();
      await db.schema
        .createIndex('refund_lines_item_idx')
        .on('refund_lines')
        .column('order_item_id')
        .execute();

      await db.schema
        .alterTable('site_settings')
        .addColumn('slip_address', 'varchar(10)', (c) =>
          c
            .notNull()
            .defaultTo('legal')
            .check(sql`slip_address in ('legal', 'workshop')`),
        )
        .execute();
    },
  };
}
