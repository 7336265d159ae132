/**
 * The guard between the outbox and the templates: `parseEmailData` checks that stored JSON is
 * an `EmailData` (./email-data.ts) before an e-mail is rendered from it, with one shape per
 * kind of e-mail built from server/platform/mail/templates/json-checks.ts, and the payment
 * methods ./payment-texts.ts knows.
 */
import type {
  EmailAddress,
  EmailCustomer,
  EmailOrder,
  EmailOrderLine,
  BankTransferInstructions,
  CardPaymentInstructions,
  EmailPayment,
  EmailShipping,
  LineOption,
  OfflinePaymentInstructions,
} from './email-data.ts';
import { emailShopCheck } from '../../platform/mail/templates/email-shop.ts';
import type {
  CancellationRequestedEmailData,
  EmailCancellationLine,
  EmailCancellationTerms,
  LatePaymentRefundEmailData,
  OrderClosedEmailData,
  OrderPlacedEmailData,
  OrderRefundedEmailData,
  EmailShopRefund,
  PaymentReceivedEmailData,
  ShopOrderAwaitingPaymentEmailData,
  ShopOrderPaidEmailData,
  ShopRefundNeededEmailData,
} from './order-email-data.ts';
import type { EmailData, EmailKind } from './email-kinds.ts';
import type {
  DigestOrder,
  EmailCollectionPlace,
  EmailShipment,
  OrderCanceledByShopEmailData,
  OrderReadyToCollectEmailData,
  OrderShippedEmailData,
  OrderTrackingCorrectedEmailData,
  PaymentReminderEmailData,
  ShopAwaitingPaymentsDigestEmailData,
} from './staff-move-email-data.ts';
import {
  type Check,
  EmailDataError,
  anyString,
  bool,
  currency,
  dateTime,
  email,
  httpUrl,
  isRecord,
  list,
  literal,
  maybeBlank,
  money,
  object,
  optional,
  positiveInteger,
  text,
  union,
} from '../../platform/mail/templates/json-checks.ts';
import { OFFLINE_METHODS } from './payment-texts.ts';

const lineCheck = object<EmailOrderLine>({
  name: text,
  quantity: positiveInteger,
  unitPrice: money,
  lineTotal: money,
  options: optional(list(object<LineOption>({ label: text, value: anyString }))),
  notes: optional(list(text)),
  imageUrl: optional(anyString),
  safety: optional(
    object<NonNullable<EmailOrderLine['safety']>>({ warnings: text, pictogram: optional(text) }),
  ),
});

const orderCheck = object<EmailOrder>({
  number: text,
  placedAt: dateTime,
  currency: optional(currency),
  lines: list(lineCheck, { nonEmpty: true }),
  subtotal: money,
  discount: optional(object<NonNullable<EmailOrder['discount']>>({ code: text, amount: money })),
  shipping: optional(
    union('kind', {
      charged: object<Extract<EmailShipping, { kind: 'charged' }>>({
        kind: text,
        amount: money,
        method: optional(text),
      }),
      free: object<Extract<EmailShipping, { kind: 'free' }>>({
        kind: text,
        method: optional(text),
      }),
    }),
  ),
  total: money,
  vatNote: optional(text),
  deliveryAddress: object<EmailAddress>({
    fullName: text,
    street: maybeBlank,
    city: maybeBlank,
    region: optional(text),
    postalCode: maybeBlank,
    country: text,
    phone: optional(text),
    collected: optional(bool),
  }),
  orderNotes: optional(list(text)),
});

const paymentCheck = object<EmailPayment>({
  amount: money,
  currency: optional(currency),
  receivedAt: dateTime,
  method: literal('card', ...OFFLINE_METHODS),
  provider: text,
  providerRef: optional(text),
  transactionRef: optional(text),
});

/** Each offline method's instructions: the bank transfer's older shape, or the common one. */
const offlineInstructions: Record<string, Check> = Object.fromEntries(
  OFFLINE_METHODS.map((method) => [
    method,
    method === 'bank_transfer'
      ? object<BankTransferInstructions>({ method: text, bankDetails: text, expiresAt: dateTime })
      : object<OfflinePaymentInstructions>({
          method: text,
          label: text,
          instructions: text,
          paymentUrl: optional(httpUrl),
          expiresAt: optional(dateTime),
        }),
  ]),
);

const base = {
  kind: text,
  shop: emailShopCheck,
  customer: object<EmailCustomer>({ name: text, email }),
  order: orderCheck,
  orderUrl: httpUrl,
};

/** A shipment as the back office's e-mails show it. */
const shipmentCheck = object<EmailShipment>({
  method: text,
  lines: list(object<EmailShipment['lines'][number]>({ name: text, quantity: positiveInteger }), {
    nonEmpty: true,
  }),
  adultSignature: bool,
});

/** A count that may be 0. */
const wholeNumber: Check = (value, path, issues) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    issues.push(`${path}: a whole number of at least 0`);
  }
};

/** A day, YYYY-MM-DD. */
const day: Check = (value, path, issues) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    issues.push(`${path}: a date such as "2026-11-23"`);
  }
};

const refundReason = literal('order_canceled', 'order_expired', 'duplicate_payment');

const sellerCheck = object<EmailCancellationTerms['seller']>({
  name: text,
  address: maybeBlank,
  email,
});

const cancellationCheck = object<EmailCancellationTerms>({
  seller: sellerCheck,
  returnCostsPaidBy: literal('shopper', 'shop'),
  lines: list(
    object<EmailCancellationLine>({ name: text, exempt: bool, exemptBecause: optional(text) }),
  ),
});

const kindChecks: { [K in EmailKind]: Check } = {
  order_placed: object<OrderPlacedEmailData>({
    ...base,
    payment: union('method', {
      card: object<CardPaymentInstructions>({ method: text, expiresAt: optional(dateTime) }),
      ...offlineInstructions,
    }),
    cancellation: optional(cancellationCheck),
    giftCards: optional(object<{ paid: string; due: string }>({ paid: money, due: money })),
  }),
  cancellation_requested: object<CancellationRequestedEmailData>({
    ...base,
    requestedAt: dateTime,
    reason: optional(text),
    seller: sellerCheck,
    returnCostsPaidBy: literal('shopper', 'shop'),
    exemptLines: optional(list(text)),
    withdrawnLines: optional(list(text)),
  }),
  payment_received: object<PaymentReceivedEmailData>({
    ...base,
    payment: paymentCheck,
    nextSteps: optional(text),
  }),
  order_closed: object<OrderClosedEmailData>({
    ...base,
    reason: literal('canceled', 'expired'),
    closedAt: dateTime,
    paymentMayStillArrive: bool,
  }),
  late_payment_refund: object<LatePaymentRefundEmailData>({
    ...base,
    reason: refundReason,
    payment: paymentCheck,
    refundStatus: literal('refunded', 'pending'),
  }),
  shop_order_paid: object<ShopOrderPaidEmailData>({ ...base, payment: paymentCheck }),
  shop_order_awaiting_payment: object<ShopOrderAwaitingPaymentEmailData>({
    ...base,
    payment: union('method', offlineInstructions),
  }),
  shop_refund_needed: object<ShopRefundNeededEmailData>({
    ...base,
    reason: refundReason,
    payment: paymentCheck,
    refundedAutomatically: bool,
    refundRef: optional(text),
    dashboardUrl: optional(httpUrl),
  }),
  order_refunded: object<OrderRefundedEmailData>({
    ...base,
    refund: object<EmailShopRefund>({
      amount: money,
      method: literal('card', 'manual', 'gift_card'),
      giftCardLastFour: optional(text),
      reason: text,
      refundedTotal: money,
      paidTotal: money,
      refundedAt: dateTime,
    }),
  }),
  order_shipped: object<OrderShippedEmailData>({
    ...base,
    shipment: shipmentCheck,
    carrier: text,
    trackingNumber: text,
    trackingUrl: optional(httpUrl),
    shippedAt: dateTime,
    stillToCome: wholeNumber,
  }),
  order_tracking_corrected: object<OrderTrackingCorrectedEmailData>({
    ...base,
    shipment: shipmentCheck,
    carrier: text,
    trackingNumber: text,
    trackingUrl: optional(httpUrl),
    previousTrackingNumber: text,
    correctedAt: dateTime,
  }),
  order_ready_to_collect: object<OrderReadyToCollectEmailData>({
    ...base,
    shipment: shipmentCheck,
    readyAt: dateTime,
    collectFrom: optional(
      object<EmailCollectionPlace>({ name: text, address: text, phone: optional(text) }),
    ),
    instructions: optional(text),
  }),
  order_canceled_by_shop: object<OrderCanceledByShopEmailData>({
    ...base,
    reason: text,
    canceledAt: dateTime,
    refund: optional(object<{ amount: string }>({ amount: money })),
    paymentMayStillArrive: bool,
  }),
  payment_reminder: object<PaymentReminderEmailData>({
    ...base,
    payment: union('method', offlineInstructions),
  }),
  shop_awaiting_payments_digest: object<ShopAwaitingPaymentsDigestEmailData>({
    kind: text,
    shop: emailShopCheck,
    date: day,
    currency: optional(currency),
    orders: list(
      object<DigestOrder>({
        number: text,
        customerName: text,
        customerEmail: email,
        total: money,
        method: text,
        placedAt: dateTime,
        expiresAt: optional(dateTime),
        orderUrl: httpUrl,
      }),
      { nonEmpty: true },
    ),
    listUrl: httpUrl,
  }),
};

/**
 * Checks that `value` (typically `JSON.parse` of an outbox row) is an `EmailData` and returns
 * it, unchanged and typed. Unknown fields are allowed and ignored. Decorative fields (theme
 * colours, logo and thumbnail URLs) only need to be strings: a bad one is dropped when
 * rendering rather than stopping the e-mail.
 * @throws EmailDataError naming every field that is missing or malformed (a permanent failure:
 *   retrying the same data fails the same way).
 */
export function parseEmailData(value: unknown): EmailData {
  const issues: string[] = [];
  if (!isRecord(value)) throw new EmailDataError(['(root): an object']);
  // hasOwn: a kind such as "toString" must not find Object.prototype's function.
  const kind = value.kind;
  const check =
    typeof kind === 'string' && Object.hasOwn(kindChecks, kind)
      ? kindChecks[kind as EmailKind]
      : undefined;
  if (!check) {
    throw new EmailDataError([
      `kind: one of ${Object.keys(kindChecks)
        .map((k) => `'${k}'`)
        .join(', ')}`,
    ]);
  }
  check(value, '', issues);
  if (issues.length > 0) throw new EmailDataError(issues);
  return value as unknown as EmailData;
}
