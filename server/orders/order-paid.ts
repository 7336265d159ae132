/**
 * The one rule of an order becoming paid (decision 038), whoever saw the money: a card capture
 * its provider reported (server/orders/payment-moves.ts) or money the shop received by hand
 * and confirmed at the back office (./mark-paid.ts). In the caller's transaction, under the
 * order lock (./order-lock.ts):
 *
 * - the order moves `awaiting_payment -> paid` with a conditional UPDATE, so of two payments,
 *   two clicks or two processes exactly one makes it;
 * - `paid_at` is set and `expires_at` cleared: the sweep never expires it, and no payment
 *   reminder goes for it;
 * - its card attempts still waiting for the shopper (`initiated`) are canceled as superseded,
 *   so no second payment can be made on them; the caller closes them at their provider after
 *   the commit (`closeAttemptsAtProvider`). An attempt already `pending` at its provider is left
 *   to report: money it takes is refunded as a duplicate.
 * - the event that tells the shopper (and, for a card, the shop) is recorded.
 */
import { PAYMENT_MESSAGES } from '../payments/messages.ts';
import type { OrderContext } from './context.ts';
import type { Trx } from './order-lock.ts';
import { moveOrderStatus } from './lifecycle.ts';
import { OPEN_ATTEMPT_COLUMNS, type OpenAttempt, openAttempt } from './payment-start.ts';

/** What paid the order: a captured card payment, or money received by hand (`manual_payments`). */
export type PaidBy =
  { kind: 'card'; paymentId: number } | { kind: 'manual'; manualPaymentId: number };

/**
 * Makes a locked order paid (see the module comment). Call it after locking the order in `trx`.
 * @returns `paid`: true when this call made the move (false: the order was not waiting for its
 *   payment, and nothing changed); `attempts`: the superseded attempts to close at their
 *   provider after the commit.
 */
export async function orderBecomesPaid(
  ctx: OrderContext,
  trx: Trx,
  orderId: number,
  by: PaidBy,
): Promise<{ paid: boolean; attempts: OpenAttempt[] }> {
  const now = ctx.now().toISOString();
  const moved = await moveOrderStatus(trx, orderId, 'awaiting_payment', 'paid', {
    paid_at: now,
    expires_at: null,
    updated_at: now,
  });
  if (!moved) return { paid: false, attempts: [] };
  // The order's other open pages can no longer be paid.
  let superseded = trx
    .updateTable('payments')
    .set({ status: 'canceled', error_message: PAYMENT_MESSAGES.superseded, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'initiated');
  if (by.kind === 'card') superseded = superseded.where('id', '!=', by.paymentId);
  const attempts = (await superseded.returning(OPEN_ATTEMPT_COLUMNS).execute()).map(openAttempt);
  await ctx.record(
    trx,
    by.kind === 'card'
      ? { type: 'paid', orderId, paymentId: by.paymentId }
      : { type: 'marked_paid', orderId, manualPaymentId: by.manualPaymentId },
  );
  return { paid: true, attempts };
}
