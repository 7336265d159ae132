/**
 * The subject line of every order e-mail. The shopper's subjects name the order; the shop's
 * start with the shop's name in brackets, so a maker with several shops, or a mail filter,
 * tells them apart at a glance; an offline payment method's words are ./payment-texts.ts's.
 * Kept apart from the templates so the order module's tests can quote them without loading React.
 */
import { offlineTermsOf, type RefundReason } from './email-data.ts';
import { type EmailData, type EmailDataOf, type EmailKind } from './email-kinds.ts';
import { fillWords, oneLine } from '../../platform/mail/templates/format.ts';
import { offlineTexts } from './payment-texts.ts';

type SubjectBuilders = { [K in EmailKind]: (data: EmailDataOf<K>) => string };

/** The shop e-mails' prefix: "[Ember & Oak]". */
export function shopTag(shopName: string): string {
  return `[${oneLine(shopName)}]`;
}

/** How the shop reads the reason for a refund, in a subject or a sentence. */
export const REFUND_REASON_SHORT: Readonly<Record<RefundReason, string>> = {
  order_canceled: 'paid after cancellation',
  order_expired: 'paid after expiry',
  duplicate_payment: 'duplicate payment',
};

/**
 * One subject builder per kind. Every value that comes from the data is folded to one line, so
 * a line break in a shop or product name never reaches a mail header.
 */
export const EMAIL_SUBJECTS: Readonly<SubjectBuilders> = {
  order_placed: (d) => `Your order ${oneLine(d.order.number)} at ${oneLine(d.shop.name)}`,
  payment_received: (d) => `Payment received for order ${oneLine(d.order.number)}`,
  order_closed: (d) =>
    d.reason === 'canceled'
      ? `Order ${oneLine(d.order.number)} was cancelled`
      : `Order ${oneLine(d.order.number)} has expired`,
  late_payment_refund: (d) =>
    d.refundStatus === 'refunded'
      ? `Your payment for order ${oneLine(d.order.number)} has been refunded`
      : `Your payment for order ${oneLine(d.order.number)} will be refunded`,
  shop_order_paid: (d) => `${shopTag(d.shop.name)} Order ${oneLine(d.order.number)} is paid`,
  shop_order_awaiting_payment: (d) =>
    `${shopTag(d.shop.name)} ${fillWords(offlineTexts(d.payment.method).shop.subject, {
      number: oneLine(d.order.number),
      label: oneLine(offlineTermsOf(d.payment).label),
    })}`,
  shop_refund_needed: (d) =>
    d.refundedAutomatically
      ? `${shopTag(d.shop.name)} Refunded automatically: order ${oneLine(d.order.number)} (${REFUND_REASON_SHORT[d.reason]})`
      : `${shopTag(d.shop.name)} Refund needed: order ${oneLine(d.order.number)} (${REFUND_REASON_SHORT[d.reason]})`,
  order_refunded: (d) =>
    d.refund.refundedTotal === d.refund.paidTotal
      ? `Order ${oneLine(d.order.number)} has been refunded`
      : `A refund for order ${oneLine(d.order.number)}`,
  order_shipped: (d) =>
    d.stillToCome > 0
      ? `Part of order ${oneLine(d.order.number)} is on its way`
      : `Order ${oneLine(d.order.number)} is on its way`,
  order_tracking_corrected: (d) =>
    `A corrected tracking number for order ${oneLine(d.order.number)}`,
  order_ready_to_collect: (d) => `Order ${oneLine(d.order.number)} is ready to collect`,
  order_canceled_by_shop: (d) =>
    `${oneLine(d.shop.name)} has cancelled order ${oneLine(d.order.number)}`,
  payment_reminder: (d) => `Reminder: order ${oneLine(d.order.number)} is waiting for your payment`,
  cancellation_requested: (d) =>
    `We received your withdrawal from order ${oneLine(d.order.number)}`,
  shop_awaiting_payments_digest: (d) =>
    `${shopTag(d.shop.name)} ${d.orders.length} ${d.orders.length === 1 ? 'order' : 'orders'} awaiting payment`,
};

/** The subject of an e-mail, e.g. "Your order ORD-7K3F-9QXD at Ember & Oak". */
export function subjectOf(data: EmailData): string {
  const build = EMAIL_SUBJECTS[data.kind] as (data: EmailData) => string;
  return build(data);
}
