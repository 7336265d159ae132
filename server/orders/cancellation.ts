/**
 * The shopper's request to cancel a paid order under the 14-day right (UK Consumer Contracts
 * Regulations 2013 regs 29-38, notice of cancellation reg 32; Directive 2011/83/EU arts 9-16).
 * The window and the refusals are ./cancellation-window.ts's; what a line is exempt for is
 * server/catalog/cancellation-exemption.ts's; the words shown to the shopper are
 * common/cancellation-form.ts's. The back office answers a request with its refund.
 */
import { DomainError } from '../platform/domain-error.ts';
import type { Journal } from '../platform/journal.ts';
import { cancellationFactsOf, cancellationState } from './cancellation-window.ts';
import type { OrderContext } from './context.ts';
import type { OrderErrorCode } from './errors.ts';
import { lockOrder } from './order-lock.ts';
import { findOrder, orderShipments, type Order } from './read-model.ts';
import { shopperMoveFacts } from './shopper-moves.ts';

const refused = (detail: string) => new DomainError<OrderErrorCode>('cancellation_refused', detail);

/**
 * The shopper asks to cancel one of their paid orders (`POST
 * /orders/orders/{id}/cancellation-request/`): records when and their optional reason on the
 * order, writes the activity log (no staff member: the shopper acted), and queues the
 * shopper's acknowledgement of receipt on a durable medium, an e-mail (Directive 2011/83/EU
 * art. 11(3); the Regulations' reg. 32), all in one transaction.
 * @param reason the shopper's words, trimmed; '' or undefined: none (at most 1000 characters,
 *   checked by the contract).
 * @param journal writes the request to the activity log in the order's shop, naming no staff
 *   member (the storefront's route hands in the system's journal of `scope.tenantId`).
 * @throws DomainError `order_not_found` for an order that is not the user's in the tenant;
 *   `cancellation_refused` (409) with the shopper's reason in words: unpaid, closed, every line
 *   exempt, already asked, or past the deadline.
 */
export async function requestCancellation(
  ctx: OrderContext,
  scope: { tenantId: number; userId: number },
  orderId: number,
  reason: string | undefined,
  journal: Journal,
): Promise<Order> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, scope);
    if (!order) throw new DomainError<OrderErrorCode>('order_not_found', 'Not found.');
    const [lines, fulfilments] = await Promise.all([
      trx
        .selectFrom('order_items')
        .select('cancellation_exempt')
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute(),
      trx
        .selectFrom('order_fulfilments')
        .select(['shipment_index', 'shipped_at', 'collected_at'])
        .where('order_id', '=', order.id)
        .execute(),
    ]);
    const state = cancellationState(
      cancellationFactsOf(
        order,
        orderShipments(order),
        lines.map((l) => Boolean(Number(l.cancellation_exempt))),
        new Map(fulfilments.map((f) => [f.shipment_index, f])),
      ),
      now,
    );
    if (state.refusal !== null) throw refused(state.refusal);
    const words = reason?.trim() || null;
    await trx
      .updateTable('orders')
      .set({ cancellation_requested_at: now.toISOString(), cancellation_reason: words })
      .where('id', '=', order.id)
      .execute();
    await journal(
      trx,
      {
        action: 'order.cancellation_request',
        objectType: 'order',
        objectId: order.order_number,
        after: { reason: words, deadline: state.deadline },
      },
      now,
    );
    await ctx.record(trx, { type: 'cancellation_requested', orderId: order.id });
  });
  ctx.afterCommit();
  // The answer is read at the request's `now`, as the request was judged.
  const moves = { ...(await shopperMoveFacts(ctx, scope.tenantId)), now };
  const found = await findOrder(ctx.db, scope.tenantId, scope.userId, { id: orderId }, moves);
  if (!found) throw new DomainError<OrderErrorCode>('order_not_found', 'Not found.');
  return found.order;
}
