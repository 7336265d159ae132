/**
 * The e-mails of an order's events (decision 040): each event becomes the shopper's and/or the
 * shop's e-mail data (./emails/email-data.ts), written to the outbox inside
 * the transaction that made the event happen, so committed together or not at all. The outbox sends
 * them after the commit (server/platform/mail/outbox.ts). A dedupe key per event and recipient
 * means a replayed transition can never queue an e-mail twice.
 *
 *   placed  -> shopper: order_placed; shop: shop_order_awaiting_payment (an offline method)
 *   paid    -> shopper: payment_received; shop: shop_order_paid
 *   closed  -> shopper: order_closed
 *   refund  -> shopper: late_payment_refund; shop: shop_refund_needed
 *   refunded_by_shop -> shopper: order_refunded (the amount, how it comes back, the owner's
 *                       reason, and what was refunded in all: ./order-money.ts)
 *   the back office's moves (./staff-move-emails.ts):
 *   marked_paid      -> shopper: payment_received (money the shop received by hand)
 *   shipped          -> shopper: order_shipped (carrier, tracking number and link)
 *   tracking_corrected -> shopper: order_tracking_corrected (the corrected number and link)
 *   ready_to_collect -> shopper: order_ready_to_collect (where and when)
 *   canceled_by_shop -> shopper: order_canceled_by_shop (the shop's reason, the refund)
 *   payment_reminder -> shopper: payment_reminder (how to pay, by when)
 *   the 14-day right to cancel (./cancellation-emails.ts):
 *   placed           -> the shopper's order_placed also carries the cancellation terms and the
 *                       model form (Consumer Contracts Regulations 2013 reg 16, Sch. 2, Sch. 3)
 *   cancellation_requested -> shopper: cancellation_requested (the acknowledgement)
 */
import { toIsoString } from '../platform/db/mapping.ts';
import { toDecimal } from '../../common/money.ts';
import type { EmailBase, RefundReason } from './emails/email-data.ts';
import type { OrderEvent } from './events.ts';
import { isCardMethod } from '../payments/methods.ts';
import type { Trx } from './order-lock.ts';
import { orderMoney } from './order-money.ts';
import { moveEmailsOf } from './staff-move-emails.ts';
import { cancellationRequestedData, cancellationTerms } from './cancellation-emails.ts';
import {
  emailPayment,
  load,
  type Outgoing,
  placedPayment,
  queueOutgoing,
} from './order-email-parts.ts';

async function emailsOf(
  trx: Trx,
  event: OrderEvent,
  originOf: (tenantId: number) => string,
): Promise<Outgoing[]> {
  const l = await load(trx, event.orderId, originOf);
  const base: EmailBase = {
    shop: l.shop,
    customer: { name: l.order.fullname, email: l.customerEmail },
    order: l.emailOrder,
    orderUrl: l.orderUrl,
  };
  const expiresAt = l.order.expires_at ? toIsoString(l.order.expires_at) : undefined;
  const key = (what: string, who: 'shopper' | 'shop') => `order:${l.order.id}:${what}:${who}`;
  switch (event.type) {
    case 'marked_paid':
    case 'shipped':
    case 'tracking_corrected':
    case 'ready_to_collect':
    case 'canceled_by_shop':
    case 'payment_reminder':
      return moveEmailsOf(trx, event, l, base, key);
    case 'placed': {
      const payment = placedPayment(l, expiresAt);
      // The confirmation on a durable medium carries the right to cancel and the model form.
      const cancellation = await cancellationTerms(trx, l.order, l.shop.name);
      // What gift cards paid at checkout (decision 090): the rest is what the method is due.
      const giftCents = l.order.gift_card_cents ?? 0;
      const giftCards =
        giftCents > 0
          ? {
              paid: toDecimal(giftCents),
              due: toDecimal(l.order.total_cents - giftCents),
            }
          : undefined;
      const shopper: Outgoing = {
        recipient: l.customerEmail,
        key: key('placed', 'shopper'),
        data: {
          ...base,
          kind: 'order_placed',
          payment,
          cancellation,
          ...(giftCards ? { giftCards } : {}),
        },
      };
      // Paid in full by gift cards: nothing to wait for, for the shop either.
      if (payment.method === 'card' || giftCards?.due === '0.00') return [shopper];
      return [
        shopper,
        {
          recipient: l.shopEmail,
          key: key('placed', 'shop'),
          data: { ...base, kind: 'shop_order_awaiting_payment', payment },
        },
      ];
    }
    case 'paid': {
      const payment = emailPayment(
        await trx
          .selectFrom('payments')
          .selectAll()
          .where('id', '=', event.paymentId)
          .executeTakeFirstOrThrow(),
      );
      const what = `paid:${event.paymentId}`;
      return [
        {
          recipient: l.customerEmail,
          key: key(what, 'shopper'),
          data: { ...base, kind: 'payment_received', payment },
        },
        {
          recipient: l.shopEmail,
          key: key(what, 'shop'),
          data: { ...base, kind: 'shop_order_paid', payment },
        },
      ];
    }
    case 'closed':
      return [
        {
          recipient: l.customerEmail,
          key: key('closed', 'shopper'),
          data: {
            ...base,
            kind: 'order_closed',
            reason: event.reason,
            closedAt: toIsoString(l.order.closed_at ?? l.order.updated_at),
            paymentMayStillArrive: isCardMethod(l.order.payment_method),
          },
        },
      ];
    case 'refund': {
      const row = await trx
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', event.paymentId)
        .executeTakeFirstOrThrow();
      const reason: RefundReason =
        event.reason === 'duplicate'
          ? 'duplicate_payment'
          : l.order.status === 'expired'
            ? 'order_expired'
            : 'order_canceled';
      const payment = emailPayment(row);
      const what = `refund:${event.paymentId}`;
      return [
        {
          recipient: l.customerEmail,
          key: key(what, 'shopper'),
          data: {
            ...base,
            kind: 'late_payment_refund',
            reason,
            payment,
            refundStatus: event.outcome === 'refunded' ? 'refunded' : 'pending',
          },
        },
        {
          recipient: l.shopEmail,
          key: key(what, 'shop'),
          data: {
            ...base,
            kind: 'shop_refund_needed',
            reason,
            payment,
            refundedAutomatically: event.outcome === 'refunded',
            ...(row.refund_ref ? { refundRef: row.refund_ref } : {}),
          },
        },
      ];
    }
    case 'cancellation_requested':
      return [
        {
          recipient: l.customerEmail,
          key: key('cancellation_requested', 'shopper'),
          data: await cancellationRequestedData(trx, l.order, base),
        },
      ];
    case 'refunded_by_shop': {
      const refund = await trx
        .selectFrom('refunds as r')
        .leftJoin('gift_cards as g', 'g.id', 'r.gift_card_id')
        .selectAll('r')
        .select('g.last_four')
        .where('r.id', '=', event.refundId)
        .executeTakeFirstOrThrow();
      const money = await orderMoney(trx, l.order.id);
      return [
        {
          recipient: l.customerEmail,
          key: key(`refunded:${event.refundId}`, 'shopper'),
          data: {
            ...base,
            kind: 'order_refunded',
            refund: {
              amount: toDecimal(refund.amount_cents),
              ...(refund.gift_card_id !== null
                ? { method: 'gift_card' as const, giftCardLastFour: refund.last_four ?? '' }
                : {
                    method: refund.status === 'succeeded' ? ('card' as const) : ('manual' as const),
                  }),
              reason: refund.reason,
              // Settled refunds only: one still asked of its provider is not refunded yet.
              refundedTotal: toDecimal(await settledRefunds(trx, l.order.id)),
              paidTotal: toDecimal(money.paidCents),
              refundedAt: toIsoString(refund.settled_at ?? refund.created_at),
            },
          },
        },
      ];
    }
  }
}

/** What was refunded of an order and is settled (succeeded, manual or paid back), in cents. */
async function settledRefunds(trx: Trx, orderId: number): Promise<number> {
  const row = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('cents'))
    .where('order_id', '=', orderId)
    .where('status', 'in', ['succeeded', 'manual', 'paid_back'])
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

/**
 * Queues the e-mails of `event` in `trx` (see the module comment); a recipient without an
 * address (a shop without a contact e-mail) is skipped.
 * @param originOf the order's shop's origin (../http/site-origin.ts), for the links and images
 *   of the e-mails.
 */
export async function queueOrderEmails(
  trx: Trx,
  event: OrderEvent,
  originOf: (tenantId: number) => string,
): Promise<void> {
  const outgoing = await emailsOf(trx, event, originOf);
  const tenantId = (
    await trx
      .selectFrom('orders')
      .select('tenant_id')
      .where('id', '=', event.orderId)
      .executeTakeFirstOrThrow()
  ).tenant_id;
  await queueOutgoing(trx, tenantId, event.orderId, outgoing);
}
