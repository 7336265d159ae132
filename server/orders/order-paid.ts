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
 * - the event that tells the shopper (and, for a card, the shop) is recorded;
 * - a gift card it bought is issued, and e-mailed to its recipient when its day has come
 *   (server/giftcards/gift-card-issue.ts; decision 090).
 */
import { PAYMENT_MESSAGES } from '../payments/messages.ts';
import type { OrderContext } from './context.ts';
import type { Trx } from './order-lock.ts';
import { moveOrderStatus } from './lifecycle.ts';
import { OPEN_ATTEMPT_COLUMNS, type OpenAttempt, openAttempt } from './payment-start.ts';
import { issueSoldCards } from '../giftcards/gift-card-issue.ts';
import { parseChoice } from '../cart/gift-card-choice.ts';

/**
 * What paid the order: a captured card payment, money received by hand (`manual_payments`), or
 * gift cards alone, at checkout (decision 090: `orders.gift_card_cents` is the whole total).
 */
export type PaidBy =
  | { kind: 'card'; paymentId: number }
  | { kind: 'manual'; manualPaymentId: number }
  | { kind: 'gift_cards' };

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
  // Paid by gift cards at checkout: the order's placed e-mail says so; no other event.
  if (by.kind !== 'gift_cards') {
    await ctx.record(
      trx,
      by.kind === 'card'
        ? { type: 'paid', orderId, paymentId: by.paymentId }
        : { type: 'marked_paid', orderId, manualPaymentId: by.manualPaymentId },
    );
  }
  await issueGiftCardsOf(ctx, trx, orderId);
  return { paid: true, attempts };
}

/**
 * Issues the gift cards a just-paid order bought (one per unit of each gift card line), and
 * e-mails those due today (server/giftcards/gift-card-issue.ts). An SPV card keeps the order's
 * VAT rate (its VAT was charged with this order); an MPV none.
 */
async function issueGiftCardsOf(ctx: OrderContext, trx: Trx, orderId: number): Promise<void> {
  const lines = await trx
    .selectFrom('order_items')
    .select(['id', 'quantity', 'gift_card'])
    .where('order_id', '=', orderId)
    .where('gift_card', 'is not', null)
    .orderBy('id')
    .execute();
  if (lines.length === 0) return;
  const order = await trx
    .selectFrom('orders as o')
    .innerJoin('tenants as t', 't.id', 'o.tenant_id')
    .select(['o.tenant_id', 'o.fullname', 'o.vat_rate_bp', 't.currency'])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();
  await issueSoldCards(
    trx,
    {
      tenantId: order.tenant_id,
      orderId,
      currency: order.currency,
      buyerName: order.fullname,
    },
    lines.map((line) => {
      const choice = parseChoice(line.gift_card)!;
      return {
        orderItemId: line.id,
        quantity: line.quantity,
        choice,
        vatRateBp: choice.voucher === 'spv' ? order.vat_rate_bp : null,
      };
    }),
    { origin: (tenantId) => ctx.storefrontOrigin(tenantId), now: ctx.now() },
  );
}
