/**
 * Migration 2026_008_money_and_stock: order lines record the stock checkout took. Shipped once
 * released; never edit it then, add a later migration instead.
 */
import type { Migration } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

/**
 * Decision 016:
 * - `order_items.stock_taken`: the units of the product's stock checkout took for the line (0
 *   for a made-to-order line), which is exactly what closing the order gives back. Lines
 *   placed before it took their quantity unless they were made to order (the only rule
 *   checkout has had), and are filled in so.
 */
export function moneyAndStockMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('order_items')
        .addColumn('stock_taken', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update order_items set stock_taken = quantity where made_to_order = false`.execute(
        db,
      );
    },
  };
}
