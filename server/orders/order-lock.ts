/**
 * The order row lock (decision 038). Every transaction that changes an order or any of its
 * payments takes it first, with a write to the order row (`updated_at`): on PostgreSQL that
 * write holds the row lock until the commit, on SQLite it takes the database's write lock at
 * once. Because the order always comes before its payments, a payment start, a notification,
 * a cancellation and the expiry sweep on one order take turns and never deadlock (PostgreSQL's
 * 40P01 came from a start locking order-then-payments while a notification went
 * payment-then-order).
 */
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { OrdersTable } from './tables.ts';

export type OrderRow = Selectable<OrdersTable>;
export type Trx = Transaction<Database>;

/**
 * Locks the order for the rest of `trx` and answers the row as it is under the lock; undefined
 * when no order (of the tenant and the user, when given) has this id. Call it first in `trx`.
 */
export async function lockOrder(
  trx: Trx,
  orderId: number,
  scope: { tenantId?: number; userId?: number },
): Promise<OrderRow | undefined> {
  // A write first, never a read: on SQLite a transaction that read before it writes fails at
  // once when another connection wrote in between (SQLITE_BUSY_SNAPSHOT), instead of waiting.
  let query = trx
    .updateTable('orders')
    .set({ updated_at: new Date().toISOString() })
    .where('id', '=', orderId);
  if (scope.tenantId !== undefined) query = query.where('tenant_id', '=', scope.tenantId);
  if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
  return query.returningAll().executeTakeFirst();
}
