/**
 * Every kind of order e-mail: the union of the shop's order e-mails' data (./email-data.ts) and the
 * back office's (./staff-move-email-data.ts), which the outbox stores and `renderEmail` renders.
 */
import type {
  OrderCanceledByShopEmailData,
  OrderReadyToCollectEmailData,
  OrderShippedEmailData,
  OrderTrackingCorrectedEmailData,
  PaymentReminderEmailData,
  ShopAwaitingPaymentsDigestEmailData,
} from './staff-move-email-data.ts';
import type { EmailBase } from './email-data.ts';
import type {
  OrderPlacedEmailData,
  PaymentReceivedEmailData,
  OrderClosedEmailData,
  LatePaymentRefundEmailData,
  ShopOrderPaidEmailData,
  ShopOrderAwaitingPaymentEmailData,
  ShopRefundNeededEmailData,
  OrderRefundedEmailData,
  CancellationRequestedEmailData,
} from './order-email-data.ts';

/**
 * The data of any order e-mail; `kind` tells which. Every one is about one order
 * (`EmailBase`), but the shop's daily list of orders awaiting payment, which names several.
 */
export type EmailData =
  | OrderPlacedEmailData
  | PaymentReceivedEmailData
  | OrderClosedEmailData
  | LatePaymentRefundEmailData
  | ShopOrderPaidEmailData
  | ShopOrderAwaitingPaymentEmailData
  | ShopRefundNeededEmailData
  | OrderRefundedEmailData
  | OrderShippedEmailData
  | OrderTrackingCorrectedEmailData
  | OrderReadyToCollectEmailData
  | OrderCanceledByShopEmailData
  | PaymentReminderEmailData
  | ShopAwaitingPaymentsDigestEmailData
  | CancellationRequestedEmailData;

/** The e-mails about one order (all but the shop's daily list). */
export type OrderEmailData = Extract<EmailData, EmailBase>;

export type EmailKind = EmailData['kind'];

/** The data of one kind: `EmailDataOf<'order_placed'>` is `OrderPlacedEmailData`. */
export type EmailDataOf<K extends EmailKind> = Extract<EmailData, { kind: K }>;

/** Every kind, in the order of the list above. */
export const EMAIL_KINDS = [
  'order_placed',
  'payment_received',
  'order_closed',
  'late_payment_refund',
  'shop_order_paid',
  'shop_order_awaiting_payment',
  'shop_refund_needed',
  'order_refunded',
  'order_shipped',
  'order_tracking_corrected',
  'order_ready_to_collect',
  'order_canceled_by_shop',
  'payment_reminder',
  'shop_awaiting_payments_digest',
  'cancellation_requested',
] as const satisfies readonly EmailKind[];

/** E-mails that go to the shop's own contact address rather than to the shopper. */
export function isShopEmail(kind: EmailKind): boolean {
  return kind.startsWith('shop_');
}
