/**
 * The back office's push notifications of an order's events (server/staff/push-notifications.ts),
 * queued in the transaction that made the event happen, beside the order's e-mails
 * (./order-emails.ts), which stay as they are:
 *
 *   paid        -> order_paid: a card payment paid the order
 *   marked_paid -> order_paid: the shop confirmed money received by hand, once the order is paid
 *   placed      -> transfer_to_confirm: an order to pay by bank transfer (or the shop's own
 *                  method), whose money the shop must look for and confirm
 *
 * What a notification says is what a lock screen may show: the order number and its amount in
 * the shop's currency, never the shopper's name or address.
 */
import { formatPrice, toDecimal } from '../../common/money.ts';
import { isCardMethod } from '../payments/methods.ts';
import { queuePushNotice } from '../staff/push-notifications.ts';
import type { OrderEvent } from './events.ts';
import { BOUGHT_ORDER_STATES } from '../content/reviews.ts';
import type { Trx } from './order-lock.ts';

/**
 * An order's statuses in which it has been paid (paid, or moved on from it): the same states in
 * which its shopper may review what it holds (server/content/reviews.ts).
 */
const PAID_OR_LATER: ReadonlySet<string> = new Set(BOUGHT_ORDER_STATES);

/** The back office's page of order `number`. */
export const orderPage = (number: string) => `/admin/orders/${encodeURIComponent(number)}`;

/**
 * Queues the push notice of `event` in `trx`, when it is one the back office tells of (see the
 * module comment); any other event queues nothing.
 */
export async function queueOrderPush(trx: Trx, event: OrderEvent): Promise<void> {
  if (event.type !== 'paid' && event.type !== 'marked_paid' && event.type !== 'placed') return;
  const order = await trx
    .selectFrom('orders as o')
    .innerJoin('tenants as t', 't.id', 'o.tenant_id')
    .select(['o.tenant_id', 'o.order_number', 'o.status', 'o.payment_method', 'o.total_cents'])
    .select('t.currency')
    .where('o.id', '=', event.orderId)
    .executeTakeFirstOrThrow();
  const amount = formatPrice(toDecimal(order.total_cents), order.currency);
  const url = orderPage(order.order_number);
  const tag = `order-${order.order_number}`;
  if (event.type === 'placed') {
    if (isCardMethod(order.payment_method)) return;
    const how = order.payment_method === 'bank_transfer' ? 'a bank transfer' : 'a payment';
    await queuePushNotice(
      trx,
      order.tenant_id,
      'transfer_to_confirm',
      `order:${event.orderId}:placed`,
      {
        title: `Order ${order.order_number}: ${amount} to confirm`,
        body: `Waiting for ${how}. Mark it paid when the money arrives.`,
        url,
        tag,
      },
    );
    return;
  }
  if (!PAID_OR_LATER.has(order.status)) return;
  await queuePushNotice(trx, order.tenant_id, 'order_paid', `order:${event.orderId}:paid`, {
    title: `New paid order: ${amount}`,
    body: `Order ${order.order_number} is paid and ready to prepare.`,
    url,
    tag,
  });
}
