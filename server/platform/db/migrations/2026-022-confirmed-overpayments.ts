/**
 * Migration 2026_022_confirmed_overpayments (after main's 2026_021_email_verification): an
 * overpayment received by hand counts only once an owner confirmed it. Shipped once released;
 * never edit it then, add a later migration instead.
 *
 * Adds to `manual_payments` (money the order desk marked received by hand):
 * - `overpayment_confirmed_at`: when an owner confirmed that the amount above the order's total
 *   was received (server/orders/mark-paid.ts). Null when the amount is the total, and for
 *   every row recorded before this rule: what such a row holds above the total is neither paid
 *   nor refundable (server/orders/order-money.ts), so a mistyped amount is never paid out.
 * - `overpayment_confirmed_by`: the owner who confirmed it (null once their row is gone; the
 *   time still says it was confirmed).
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

export function confirmedOverpaymentsMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('manual_payments')
        .addColumn('overpayment_confirmed_at', 'timestamptz')
        .execute();
      await db.schema
        .alterTable('manual_payments')
        .addColumn('overpayment_confirmed_by', 'integer', (c) =>
          c.references('staff.id').onDelete('set null'),
        )
        .execute();
    },
  };
}
