/**
 * The shop cancels an order (the back office), with a reason the shopper reads:
 *
 * - an unpaid order (`awaiting_payment`), by any member (`orders.fulfil`): closed as the
 *   shopper's own cancel closes it (./closing.ts: stock given back once, open card attempts
 *   closed at their provider), with the reason kept in `cancel_reason`, and the shopper's
 *   "canceled by the shop" e-mail instead of the shopper's own;
 * - a paid order not yet handed over (`paid`, `processing`, `ready_to_collect`), by an owner
 *   only (`orders.money`): in one transaction, the order moves to `canceled` with a
 *   conditional UPDATE naming the status it moves from, the stock of every line that has not
 *   left the shop is given back (a shipped or collected piece is with the shopper: it is not
 *   back on the shelf), and everything still refundable is refunded in full through
 *   `refundInFull` (server/orders/shop-refunds.ts: card money through its provider, money
 *   received by hand by the shop, as manual refunds), whose provider calls are made after the
 *   commit. The shopper's e-mail says the order was canceled and refunded; each refund's own
 *   e-mail follows when it is made.
 *
 * A shipped or completed order is not canceled: it is refunded instead. Every cancel is
 * written to the activity log with the status before and after and the reason.
 */
import { toDecimal } from '../../common/money.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import { type RefundOutcome, refundInFull } from './shop-refunds.ts';
import { forbidden } from '../staff/roles.ts';
import { afterClose, closeLocked, giveBackStock, refuseWhilePaymentPending } from './closing.ts';
import type { OrderContext } from './context.ts';
import {
  checkText,
  type OrderMoveResult,
  orderIdForMove,
  lockOrderForMove,
  logOrderMove,
  moveRefused,
  throwIfInvalid,
} from './staff-moves.ts';
import { ORDER_MOVE_LIMITS, ORDER_MOVE_MESSAGES } from './staff-move-messages.ts';
import { CANCELABLE_PAID, type OrderActing, isHandedOver } from './staff-actions.ts';
import { orderMoney } from './order-money.ts';
import type { OrderRow, Trx } from './order-lock.ts';
import { moveOrderStatus } from './lifecycle.ts';
import { orderShipments } from './read-model.ts';

/** Why the shop cancels: told to the shopper, 1 to 500 characters (line breaks kept). */
export interface CancelInput {
  reason: string;
}

/** A cancel's answer: the move, and what became of the refund of a paid order. */
export interface CancelResult extends OrderMoveResult {
  /** What the cancel refunded (cents); 0 for an unpaid order. */
  refundedCents: number;
  /** Each refund's outcome after its provider was asked (`succeeded`, `manual`, `failed`, `pending`). */
  refunds: RefundOutcome[];
}

/** The lines of a paid order that have not left the shop (in no shipment handed over). */
async function linesStillHere(trx: Trx, order: OrderRow): Promise<number[]> {
  const [items, fulfilments] = await Promise.all([
    trx.selectFrom('order_items').select('id').where('order_id', '=', order.id).execute(),
    trx
      .selectFrom('order_fulfilments')
      .select(['shipment_index', 'kind', 'status'])
      .where('order_id', '=', order.id)
      .execute(),
  ]);
  const shipments = orderShipments(order);
  const gone = new Set<number>();
  for (const f of fulfilments) {
    if (!isHandedOver({ kind: f.kind, fulfilment: f.status })) continue;
    for (const id of shipments[f.shipment_index]?.item_ids ?? []) gone.add(id);
  }
  return items.map((i) => i.id).filter((id) => !gone.has(id));
}

/** Why the order's status refuses a cancel, or null. */
function cancelRefusal(order: OrderRow): string | null {
  switch (order.status) {
    case 'awaiting_payment':
    case 'paid':
    case 'processing':
    case 'ready_to_collect':
      return null;
    case 'shipped':
      return ORDER_MOVE_MESSAGES.sentRefundInstead;
    case 'completed':
      return ORDER_MOVE_MESSAGES.handedOverRefundInstead;
    case 'refunded':
      return ORDER_MOVE_MESSAGES.refunded;
    case 'canceled':
    case 'expired':
      return ORDER_MOVE_MESSAGES.alreadyClosed;
  }
}

/**
 * Cancels order `orderNumber` of the actor's shop with `reason` (see the module comment).
 * @param actor the member as the door hands them over: their shop, their journal for the
 *   activity log (and the refunds' rows), and whether they may cancel a paid order
 *   (`may.money`).
 * @returns the order's new status (`canceled`), the amount refunded and each refund's outcome
 *   (a refund its provider refused is `failed` and may be made again; one whose provider could
 *   not be reached stays `pending` and the sweep asks again).
 * @throws DomainError `forbidden` (403): a paid order by a member the door did not grant
 *   `money` (it checked `orders.fulfil`: server/http/admin/permissions.ts); `invalid_order_input`
 *   (400: `reason` blank, over 500 characters or with control characters); `order_not_found` (404);
 *   `payment_in_progress` (409) while a card payment of an unpaid order is pending at its provider;
 *   `order_move_refused` (409): closed already ("This order is already closed."), shipped ("This
 *   order has been sent; refund it instead."), completed or refunded.
 */
export async function cancelByShop(
  ctx: OrderContext,
  actor: OrderActing,
  orderNumber: string,
  input: CancelInput,
): Promise<CancelResult> {
  const errors: FieldErrors = {};
  const reason = checkText(errors, 'reason', input.reason, {
    max: ORDER_MOVE_LIMITS.cancelReason,
    lines: true,
  });
  throwIfInvalid(errors);
  const orderId = await orderIdForMove(ctx.db, actor.tenantId, orderNumber);
  const at = ctx.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderForMove(trx, orderId, actor.tenantId);
    const refusal = cancelRefusal(order);
    if (refusal) throw moveRefused(refusal);
    const log = (after: Record<string, unknown>) =>
      logOrderMove(trx, actor.journal, order, 'order.cancel', { status: order.status }, after, at);

    if (order.status === 'awaiting_payment') {
      await refuseWhilePaymentPending(trx, order.id);
      const closed = await closeLocked(ctx, trx, order, 'canceled', { reason });
      if (!closed) throw moveRefused(ORDER_MOVE_MESSAGES.alreadyClosed);
      await log({ status: 'canceled', reason });
      return { order, closed, reserved: null };
    }

    if (!CANCELABLE_PAID.includes(order.status))
      throw moveRefused(ORDER_MOVE_MESSAGES.alreadyClosed);
    if (!actor.may.money) throw forbidden();
    const now = at.toISOString();
    const moved = await moveOrderStatus(trx, order.id, order.status, 'canceled', {
      closed_at: now,
      cancel_reason: reason,
      updated_at: now,
    });
    if (!moved) throw moveRefused(ORDER_MOVE_MESSAGES.alreadyClosed);
    const productIds = await giveBackStock(trx, order, await linesStillHere(trx, order));
    const refundable = (await orderMoney(trx, order.id)).refundableCents;
    // Told first, with the amount still refundable; each refund's own e-mail follows it.
    await ctx.record(trx, { type: 'canceled_by_shop', orderId: order.id });
    const reserved = await refundInFull(ctx, trx, actor, order, reason);
    await log({ status: 'canceled', reason, refunded: toDecimal(refundable) });
    return { order, closed: { productIds, attempts: [] }, reserved };
  });
  await afterClose(ctx, actor.tenantId, done.closed);
  let refunds: RefundOutcome[] = [];
  if (done.reserved) {
    try {
      refunds = await done.reserved.settle();
    } catch (error) {
      // The cancel stands; the refunds' rows say what became of them, and the sweep asks again.
      ctx.log.error({ err: error, order: done.order.id }, 'the refund of a canceled order failed');
    }
  }
  return {
    orderId: done.order.id,
    orderNumber: done.order.order_number,
    status: 'canceled',
    refundedCents: done.reserved?.amountCents ?? 0,
    refunds,
  };
}
