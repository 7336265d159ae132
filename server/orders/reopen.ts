/**
 * An owner reopens an expired order (the back office): typically a bank transfer that arrived
 * after the order's week ran out. The order takes its stock again (each line's `stock_taken`,
 * what expiring it gave back) and waits for its payment with a new deadline, as long from now
 * as a new order of its method gets (the offline methods' BANK_TRANSFER_ORDER_TTL_S, the
 * card's CARD_ORDER_TTL_S); a payment reminder may go again before it.
 *
 * All in one transaction under the order lock: every product is checked first (still on sale,
 * with the stock the lines need) so the refusal names every piece that is gone, then each is
 * taken with a conditional UPDATE (`stock >= n`) in product id order as checkout takes them,
 * and the order moves `expired -> awaiting_payment` naming the state it moves from. A line
 * made to order took no stock and needs none. The move is written to the activity log; the
 * shopper is not e-mailed (the shop reopens an order it has heard from the shopper about).
 */
import { retakeUse } from '../discounts/discount-codes.ts';
import { takeVariantStock } from '../catalog/variant-stock.ts';
import { sql } from 'kysely';
import { DomainError } from '../platform/domain-error.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import type { Acting } from '../platform/journal.ts';
import { PAYMENT_METHODS } from '../payments/methods.ts';
import type { OrderContext } from './context.ts';
import {
  type OrderMoveResult,
  orderIdForMove,
  lockOrderForMove,
  logOrderMove,
  moveRefused,
} from './staff-moves.ts';
import { ORDER_MOVE_MESSAGES } from './staff-move-messages.ts';
import type { OrderErrorCode } from './errors.ts';
import type { OrderRow, Trx } from './order-lock.ts';
import { moveOrderStatus } from './lifecycle.ts';

/** What the order's lines need of each product, and the pieces whose product is gone. */
async function stockNeeded(
  trx: Trx,
  order: OrderRow,
): Promise<{ perProduct: Map<number, { name: string; quantity: number }>; deleted: string[] }> {
  const lines = await trx
    .selectFrom('order_items')
    .select(['product_id', 'product_name', 'stock_taken'])
    .where('order_id', '=', order.id)
    .where('stock_taken', '>', 0)
    .orderBy('id')
    .execute();
  const perProduct = new Map<number, { name: string; quantity: number }>();
  const deleted: string[] = [];
  for (const line of lines) {
    if (line.product_id === null) {
      deleted.push(line.product_name);
      continue;
    }
    const entry = perProduct.get(line.product_id);
    if (entry) entry.quantity += line.stock_taken;
    else perProduct.set(line.product_id, { name: line.product_name, quantity: line.stock_taken });
  }
  return { perProduct, deleted };
}

const stockGone = (pieces: string[]) =>
  new DomainError<OrderErrorCode>('stock_gone', ORDER_MOVE_MESSAGES.stockGone(pieces));

/**
 * Reopens expired order `orderNumber` of the actor's shop (see the module comment).
 * @param actor the owner, as the door hands them over (it checked `orders.money`): their shop
 *   and their journal for the activity log.
 * @returns the order, `awaiting_payment` again.
 * @throws DomainError `order_not_found` (404); `order_move_refused` (409, "Only an expired order
 *   can be reopened.") for any other status; `stock_gone` (409) naming every piece no longer on
 *   sale or without the stock its lines need ("Damascus Gyuto 210mm is out of stock, so this order
 *   cannot be reopened.").
 */
export async function reopenOrder(
  ctx: OrderContext,
  actor: Acting,
  orderNumber: string,
): Promise<OrderMoveResult> {
  const orderId = await orderIdForMove(ctx.db, actor.tenantId, orderNumber);
  const at = ctx.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderForMove(trx, orderId, actor.tenantId);
    if (order.status !== 'expired') throw moveRefused(ORDER_MOVE_MESSAGES.onlyExpired);
    const { perProduct, deleted } = await stockNeeded(trx, order);
    const productIds = [...perProduct.keys()].sort((a, b) => a - b);
    const products =
      productIds.length === 0
        ? []
        : await trx
            .selectFrom('products')
            .select(['id', 'stock', 'is_active'])
            .where('tenant_id', '=', order.tenant_id)
            .where('id', 'in', productIds)
            .execute();
    const found = new Map(products.map((p) => [p.id, p]));
    const gone = [...deleted];
    for (const [id, need] of perProduct) {
      const product = found.get(id);
      if (!product || !toBool(product.is_active) || product.stock < need.quantity) {
        gone.push(need.name);
      }
    }
    if (gone.length > 0) throw stockGone(gone);
    for (const id of productIds) {
      const need = perProduct.get(id)!;
      const taken = await trx
        .updateTable('products')
        .set({ stock: sql<number>`stock - ${need.quantity}` })
        .where('id', '=', id)
        .where('tenant_id', '=', order.tenant_id)
        .where('stock', '>=', need.quantity)
        .executeTakeFirst();
      // A checkout took the last pieces between the read and here.
      if (taken.numUpdatedRows !== 1n) throw stockGone([need.name]);
    }
    // A variant's line takes its variant's pieces again too (issue 42).
    const variantLines = await trx
      .selectFrom('order_items')
      .select(['product_name', 'variant_label', 'variant_id', 'stock_taken'])
      .where('order_id', '=', order.id)
      .where('stock_taken', '>', 0)
      .where('variant_id', 'is not', null)
      .orderBy('variant_id')
      .execute();
    for (const line of variantLines) {
      const ok = await takeVariantStock(trx, order.tenant_id, line.variant_id!, line.stock_taken, {
        productToo: false,
      });
      if (!ok) throw stockGone([`${line.product_name} (${line.variant_label})`]);
    }
    const ttl = PAYMENT_METHODS[order.payment_method].offline
      ? ctx.settings.bankTransferOrderTtlSeconds
      : ctx.settings.cardOrderTtlSeconds;
    const expiresAt = new Date(at.getTime() + ttl * 1000).toISOString();
    const moved = await moveOrderStatus(trx, order.id, 'expired', 'awaiting_payment', {
      expires_at: expiresAt,
      closed_at: null,
      reminder_sent_at: null,
      updated_at: at.toISOString(),
    });
    if (!moved) throw moveRefused(ORDER_MOVE_MESSAGES.onlyExpired);
    // Expiring put what gift cards paid back on the cards (decision 090), which may have been
    // spent since: the reopened order is due in full from its own means of payment.
    await trx
      .updateTable('orders')
      .set({ gift_card_cents: 0 })
      .where('id', '=', order.id)
      .execute();
    // The discount code's use expiring gave back (../discounts/discount-codes.ts).
    await retakeUse(trx, order.discount_code_id ?? null, order.user_id, order.id);
    await logOrderMove(
      trx,
      actor.journal,
      order,
      'order.reopen',
      {
        status: 'expired',
        expired_at: order.closed_at === null ? null : toIsoString(order.closed_at),
      },
      { status: 'awaiting_payment', expires_at: expiresAt },
      at,
    );
    return { order, productIds };
  });
  if (done.productIds.length > 0) await ctx.stockChanged(actor.tenantId, done.productIds);
  return {
    orderId: done.order.id,
    orderNumber: done.order.order_number,
    status: 'awaiting_payment',
  };
}
