/**
 * Migration 2026_017_cancellation_rights: the 14-day cancellation right (Consumer Contracts
 * Regulations 2013 regs 29-38, exemption reg 28(1)(b); Directive 2011/83/EU arts 9-16). Shipped
 * once released; never edit it then, add a later migration instead.
 *
 * - `products.cancellation_exempt`: the owner's flag for a piece made to the buyer's
 *   specification or personalised (false for every existing piece; made-to-order pieces are
 *   exempt whatever it says, server/orders/cancellation.ts).
 * - `order_items.cancellation_exempt`: the line's exemption as it was at checkout (the product's
 *   flag, made to order, or a text option filled in). Existing lines get it from `made_to_order`
 *   and their customization's text options are not known here, so they are not exempt (the
 *   shopper's side of the doubt).
 * - `orders.cancellation_requested_at` and `cancellation_reason`: the shopper's one request to
 *   cancel (when, and their optional words), which the order desk lists and filters on; the
 *   owner answers it with the desk's refund. An index serves the desk's "open requests" filter.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

/** See the module comment. */
export function cancellationRightsMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('products')
        .addColumn('cancellation_exempt', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('cancellation_exempt', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await sql`update order_items set cancellation_exempt = made_to_order`.execute(db);
      await db.schema
        .alterTable('orders')
        .addColumn('cancellation_requested_at', 'timestamptz')
        .execute();
      await db.schema.alterTable('orders').addColumn('cancellation_reason', 'text').execute();
      await db.schema
        .createIndex('orders_cancellation_requests_idx')
        .on('orders')
        .columns(['tenant_id', 'cancellation_requested_at'])
        .execute();
    },
  };
}
