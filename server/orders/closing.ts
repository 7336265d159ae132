/**
 * Closing unpaid orders (decision 038): the shopper cancels one, or its time to pay runs out
 * (the sweep). Either way, in one transaction under the order lock, the order moves
 * `awaiting_payment -> canceled | expired` with a conditional UPDATE, the stock each line took
 * at checkout is given back, the order's open card attempts are marked canceled and the
 * shopper's e-mail is queued; the stock moves only in the transaction whose UPDATE made the
 * move, so it is given back once, whichever process or request gets there first. Open attempts
 * are then closed at their own provider where it can (a payment that still arrives is
 * refunded: ./payment-refunds.ts).
 *
 * What is given back is each line's `stock_taken`, recorded by checkout in the same
 * transaction as the decrement (decision 016): 0 for a made-to-order line, whose piece is made
 * for the order and takes no stock (decision 041). The product's `made_to_order` flag now is
 * never read here: a shop may switch it between the order and its closing (fire a batch of a
 * made-to-order piece and sell it from stock, or make a sold-out piece to order), and giving
 * back by the flag would then add units nobody took, or keep units an order did take.
 *
 * What gift cards paid of the order goes back on the cards in the same transaction
 * (server/giftcards/ledger.ts `giveBackSpent`; decision 090).
 */
import { givePiecesBack } from '../catalog/stock-give-back.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { OrderContext } from './context.ts';
import type { OrderErrorCode } from './errors.ts';
import { canMoveOrder, moveOrderStatus, OPEN_PAYMENT_STATES } from './lifecycle.ts';
import { PAYMENT_MESSAGES } from '../payments/messages.ts';
import { lockOrder, type OrderRow, type Trx } from './order-lock.ts';
import {
  closeAttemptsAtProvider,
  OPEN_ATTEMPT_COLUMNS,
  type OpenAttempt,
  openAttempt,
} from './payment-start.ts';
import { reconcilePayment } from './payment-moves.ts';
import { findOrder, type Order } from './read-model.ts';
import { restockedByLine } from './refund-lines.ts';
import { giveBackUse } from '../discounts/discount-codes.ts';
import { giveBackSpent } from '../giftcards/ledger.ts';
import {
  notCancelable,
  paymentInProgress,
  shopperCancelRefusal,
  shopperMoveFacts,
} from './shopper-moves.ts';

/** Why an order was closed. */
export type CloseReason = 'canceled' | 'expired';

/**
 * Gives back the stock the order's lines took at checkout (`order_items.stock_taken`, less
 * what a refund put back already, summed per product; lines that took none move nothing;
 * ../catalog/stock-give-back.ts `givePiecesBack`), in product id order as checkout takes it, so
 * two transactions never wait on each other in a circle. Call it only in the transaction whose
 * conditional UPDATE closed the order: that is what makes it once.
 * @param itemIds only these lines (a canceled paid order keeps what already left the shop);
 *   all of the order's lines when absent.
 * @returns the products whose stock moved.
 */
export async function giveBackStock(
  trx: Trx,
  order: Pick<OrderRow, 'id' | 'tenant_id'>,
  itemIds?: readonly number[],
): Promise<number[]> {
  if (itemIds && itemIds.length === 0) return [];
  let query = trx
    .selectFrom('order_items')
    .select(['id', 'product_id', 'stock_taken', 'variant_id'])
    .where('order_id', '=', order.id)
    .where('product_id', 'is not', null)
    .where('stock_taken', '>', 0);
  if (itemIds) query = query.where('id', 'in', [...itemIds]);
  const [lines, restocked] = await Promise.all([query.execute(), restockedByLine(trx, order.id)]);
  // Pieces a refund put back are on the shelf already (./refund-lines.ts).
  return givePiecesBack(
    trx,
    order.tenant_id,
    lines.map((line) => ({
      productId: line.product_id,
      variantId: line.variant_id,
      pieces: line.stock_taken - (restocked.get(line.id) ?? 0),
    })),
  );
}

/** What a close did, for `afterClose`: the products whose stock moved, the attempts to close. */
export interface Closed {
  productIds: number[];
  attempts: OpenAttempt[];
}

/**
 * Moves a locked unpaid order to `reason`, gives back its stock (`giveBackStock`) and its
 * discount code's use (../discounts/discount-codes.ts `giveBackUse`), cancels its
 * open card attempts and records the event that tells the shopper: `closed`, or
 * `canceled_by_shop` when the shop canceled it (its reason, in the shop's words, is kept in
 * `cancel_reason`). Resolves to what `afterClose` needs, or null when the order could not move
 * (it was paid or closed meanwhile).
 */
export async function closeLocked(
  ctx: OrderContext,
  trx: Trx,
  order: OrderRow,
  reason: CloseReason,
  byShop?: { reason: string },
): Promise<Closed | null> {
  if (!canMoveOrder(order.status, reason)) return null;
  const now = ctx.now().toISOString();
  const moved = await moveOrderStatus(trx, order.id, 'awaiting_payment', reason, {
    closed_at: now,
    expires_at: null,
    updated_at: now,
    ...(byShop ? { cancel_reason: byShop.reason } : {}),
  });
  if (!moved) return null;
  const productIds = await giveBackStock(trx, order);
  // Its discount code's use, and its customer's once (issue 42, decision 088).
  await giveBackUse(trx, order.discount_code_id ?? null, order.id);
  // What gift cards paid goes back on them (decision 090), once: this transaction moved it.
  await giveBackSpent(trx, order.tenant_id, order.id, ctx.now());
  const open = await trx
    .updateTable('payments')
    .set({ status: 'canceled', error_message: PAYMENT_MESSAGES.closedWithOrder, updated_at: now })
    .where('order_id', '=', order.id)
    .where('status', 'in', OPEN_PAYMENT_STATES)
    .returning(OPEN_ATTEMPT_COLUMNS)
    .execute();
  await ctx.record(
    trx,
    byShop
      ? { type: 'canceled_by_shop', orderId: order.id }
      : { type: 'closed', orderId: order.id, reason },
  );
  return { productIds, attempts: open.map(openAttempt) };
}

/**
 * Whether a card payment of the order is `pending` at its provider: its money may be on its
 * way, so the order is neither canceled nor expired meanwhile.
 */
export async function hasPendingPayment(trx: Trx, orderId: number): Promise<boolean> {
  const pending = await trx
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return pending !== undefined;
}

/**
 * Refuses to cancel an unpaid order (the shopper's cancel, the shop's) while a card payment of
 * it is `pending` at its provider.
 * @throws DomainError `payment_in_progress`.
 */
export async function refuseWhilePaymentPending(trx: Trx, orderId: number): Promise<void> {
  if (await hasPendingPayment(trx, orderId)) throw paymentInProgress();
}

/** After a close committed: tell the e-mail sender, the caches and the provider. */
export async function afterClose(
  ctx: OrderContext,
  tenantId: number,
  closed: Closed,
): Promise<void> {
  ctx.afterCommit();
  if (closed.productIds.length > 0) await ctx.stockChanged(tenantId, closed.productIds);
  closeAttemptsAtProvider(ctx, closed.attempts);
}

const orderNotFound = () => new DomainError<OrderErrorCode>('order_not_found', 'Not found.');

/**
 * The shopper cancels one of their unpaid orders ('Cancel order' in the order history), under
 * ./shopper-moves.ts `shopperCancelRefusal`, the rule the order's `actions` offer `cancel`
 * by.
 * @returns the canceled order as the contract's Order (its `actions` empty).
 * @throws DomainError `order_not_found` ("Not found.") for an order that is not the user's;
 *   `not_cancelable` ('This order can no longer be canceled.') once it is paid or closed;
 *   `payment_in_progress` while a card payment of it is `pending` at the provider (the money
 *   may be on its way).
 */
export async function cancelOrder(
  ctx: OrderContext,
  scope: { tenantId: number; userId: number },
  orderId: number,
): Promise<Order> {
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, scope);
    if (!order) throw orderNotFound();
    const refusal = shopperCancelRefusal(order, await hasPendingPayment(trx, order.id));
    if (refusal) throw refusal;
    const done = await closeLocked(ctx, trx, order, 'canceled');
    if (!done) throw notCancelable();
    return done;
  });
  await afterClose(ctx, scope.tenantId, closed);
  const moves = await shopperMoveFacts(ctx, scope.tenantId);
  const found = await findOrder(ctx.db, scope.tenantId, scope.userId, { id: orderId }, moves);
  if (!found) throw orderNotFound();
  return found.order;
}

/**
 * Expires one order whose time to pay has run out, unless it was paid or closed meanwhile, or
 * a card payment of it is `pending` at the provider. Card orders first ask each open attempt's
 * own provider (the one that started it, even when the shop has turned card payments off or
 * changed provider since) about it: a payment whose notification was lost pays the order
 * instead.
 * @returns true when this call expired it.
 */
export async function expireOrder(ctx: OrderContext, orderId: number): Promise<boolean> {
  const attempts = await ctx.db
    .selectFrom('payments')
    .select(['tenant_id', 'uuid'])
    .where('order_id', '=', orderId)
    .where('status', 'in', OPEN_PAYMENT_STATES)
    .where('provider_ref', 'is not', null)
    .execute();
  for (const attempt of attempts) {
    await reconcilePayment(ctx, attempt.tenant_id, attempt.uuid, { force: true }).catch(
      (error: unknown) =>
        ctx.log.warn(
          { err: error, payment: attempt.uuid },
          'could not ask the provider before expiring',
        ),
    );
  }
  const now = ctx.now().toISOString();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, {});
    if (!order || order.status !== 'awaiting_payment' || order.expires_at === null) return null;
    if (new Date(order.expires_at).toISOString() > now) return null;
    if (await hasPendingPayment(trx, order.id)) return null;
    const closed = await closeLocked(ctx, trx, order, 'expired');
    return closed && { tenantId: order.tenant_id, closed };
  });
  if (!result) return false;
  await afterClose(ctx, result.tenantId, result.closed);
  return true;
}

/** How many due orders one sweep looks at, at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

/**
 * Expires every unpaid order whose `expires_at` has passed (a batch per call). Safe to run in
 * several processes at once: each order is expired by exactly one of them (the conditional
 * move under the order lock), the others find it closed.
 * @returns the ids this call expired.
 */
export async function expireDueOrders(ctx: OrderContext): Promise<number[]> {
  const due = await ctx.db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'awaiting_payment')
    .where('expires_at', '<=', ctx.now().toISOString())
    .orderBy('expires_at')
    .limit(SWEEP_BATCH)
    .execute();
  const expired: number[] = [];
  for (const { id } of due) {
    try {
      if (await expireOrder(ctx, id)) expired.push(id);
    } catch (error) {
      ctx.log.error({ err: error, order: id }, 'could not expire an unpaid order');
    }
  }
  return expired;
}
