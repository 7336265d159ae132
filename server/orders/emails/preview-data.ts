/**
 * Realistic sample data for every order e-mail and each of its variants (payment method,
 * reason, refund state), for the tests and for screenshots. The demo shop is Ember & Oak
 * (server/seed); the URLs are on `.example` and the logo and thumbnails are not served, so a
 * screenshot test answers those requests itself.
 */
import {
  offlinePaymentInstructions,
  type EmailCustomer,
  type EmailOrder,
  type EmailPayment,
} from './email-data.ts';
import { type EmailShop } from '../../platform/mail/templates/email-shop.ts';
import { type EmailData, type EmailDataOf } from './email-kinds.ts';
import type { OfflineMethod } from './payment-texts.ts';
import { movePreviewEmails } from './preview-data-moves.ts';

export const PREVIEW_SHOP: EmailShop = {
  name: 'Ember & Oak',
  shopUrl: 'https://emberandoak.example/',
  contactEmail: 'hello@emberandoak.example',
  logoUrl: 'https://emberandoak.example/media/email/logo.png',
  theme: { accent: '#9a4a1c', ink: '#1f1b16', background: '#faf7f2' },
};

/** The same shop without a logo: the header shows its name. */
export const PREVIEW_SHOP_WITHOUT_LOGO: EmailShop = {
  name: PREVIEW_SHOP.name,
  shopUrl: PREVIEW_SHOP.shopUrl,
  contactEmail: PREVIEW_SHOP.contactEmail,
  theme: PREVIEW_SHOP.theme,
};

export const PREVIEW_CUSTOMER: EmailCustomer = { name: 'Ada Lovelace', email: 'ada@example.com' };

const MEDIA = 'https://emberandoak.example/api/media/demo/products';

/**
 * A knife with its handle wood and two mugs made to order, all collected from the workshop
 * (free), with the age-restricted handover and the collection notes.
 */
export const PREVIEW_ORDER: EmailOrder = {
  number: 'ORD-7K3F-9QXD',
  placedAt: '2026-11-22T09:30:00Z',
  currency: 'USD',
  lines: [
    {
      name: 'Damascus Gyuto 210mm',
      quantity: 1,
      unitPrice: '385.00',
      lineTotal: '385.00',
      options: [{ label: 'Handle wood', value: 'Walnut' }],
      notes: ['Collect from the workshop'],
      imageUrl: `${MEDIA}/damascus-gyuto-210mm-1-thumb.png`,
    },
    {
      name: 'Tenmoku Tea Mug',
      quantity: 2,
      unitPrice: '45.00',
      lineTotal: '90.00',
      notes: [
        'Made to order: leaves the workshop between 30 November 2026 and 3 December 2026',
        'Collect from the workshop',
      ],
      imageUrl: `${MEDIA}/tenmoku-tea-mug-1-thumb.png`,
    },
  ],
  subtotal: '475.00',
  shipping: { kind: 'free', method: 'Collect from the workshop' },
  total: '475.00',
  deliveryAddress: {
    fullName: 'Ada Lovelace',
    street: '7 Wren Close',
    city: 'York',
    postalCode: 'YO1 7HH',
    country: 'United Kingdom',
    phone: '+44 1904 496 0123',
    collected: true,
  },
  orderNotes: [
    'Age-restricted pieces are handed over only to an adult who shows proof of age, at the door or at the workshop.',
    'Collect from the workshop: 12 Forge Lane, Sheffield S1 2AB, Tuesday to Saturday, 10:00-17:00',
  ],
};

/** One painting with paid shipping and no notes or images. */
export const PREVIEW_ORDER_SIMPLE: EmailOrder = {
  number: 'ORD-C8RD-4PAY',
  placedAt: '2026-11-22T12:00:00Z',
  lines: [
    {
      name: 'Moorland at Dusk, watercolour',
      quantity: 1,
      unitPrice: '240.00',
      lineTotal: '240.00',
      options: [{ label: 'Frame', value: 'Oak, natural' }],
    },
  ],
  subtotal: '240.00',
  shipping: { kind: 'charged', amount: '18.50' },
  total: '258.50',
  deliveryAddress: {
    fullName: 'Grace Hopper',
    street: '1200 Harbor Blvd\nApt 4B',
    city: 'Weehawken',
    region: 'NJ',
    postalCode: '07086',
    country: 'United States',
  },
};

export const PREVIEW_BANK_DETAILS =
  'Account name: Ember & Oak Workshop Ltd\nBank: Northern Crown Bank, Sheffield\nIBAN: GB33 BUKB 2020 1555 5555 55\nBIC: BUKBGB22';

/** How the previews' bank-transfer orders are paid. */
const BANK_TRANSFER = {
  method: 'bank_transfer',
  bankDetails: PREVIEW_BANK_DETAILS,
  expiresAt: '2026-11-29T09:30:00Z',
} as const;

const ORDER_URL = 'https://emberandoak.example/account/orders/1044';
const SHOP_ORDER_URL = 'https://emberandoak.example/admin/orders/1044';

const CARD_PAYMENT: EmailPayment = {
  amount: '475.00',
  receivedAt: '2026-11-23T14:05:00Z',
  method: 'card',
  provider: '2C2P',
  providerRef: 'INV-1044-1',
  transactionRef: '4412 9981 0032',
};

/** The seller the cancellation words name (legal name, geographic address, e-mail). */
const PREVIEW_SELLER = {
  name: 'Ember & Oak Workshop Ltd',
  address: '12 Forge Lane\nSheffield S1 2AB\nUnited Kingdom',
  email: 'hello@emberandoak.example',
};

const shopper = {
  shop: PREVIEW_SHOP,
  customer: PREVIEW_CUSTOMER,
  order: PREVIEW_ORDER,
  orderUrl: ORDER_URL,
};
const toShop = {
  shop: PREVIEW_SHOP_WITHOUT_LOGO,
  customer: PREVIEW_CUSTOMER,
  order: PREVIEW_ORDER,
  orderUrl: SHOP_ORDER_URL,
};

/** Every variant worth looking at, by a file-name-friendly name. */
export const PREVIEW_EMAILS = {
  'order-placed-card': {
    kind: 'order_placed',
    ...shopper,
    order: PREVIEW_ORDER_SIMPLE,
    customer: { name: 'Grace Hopper', email: 'grace@example.com' },
    orderUrl: 'https://emberandoak.example/account/orders/1046',
    payment: { method: 'card', expiresAt: '2026-11-23T12:00:00Z' },
  },
  'order-placed-bank-transfer': {
    kind: 'order_placed',
    ...shopper,
    payment: BANK_TRANSFER,
  },
  'order-placed-custom': {
    kind: 'order_placed',
    ...shopper,
    shop: PREVIEW_SHOP_WITHOUT_LOGO,
    payment: {
      method: 'custom',
      label: 'PayPal',
      instructions:
        'Send the total with PayPal to payments@emberandoak.example.\nPlease choose "goods and services" so your purchase is protected.',
      paymentUrl: 'https://www.paypal.com/paypalme/emberandoak',
      expiresAt: '2026-12-06T16:00:00Z',
    },
  },
  'payment-received': {
    kind: 'payment_received',
    ...shopper,
    payment: CARD_PAYMENT,
  },
  'order-closed-canceled': {
    kind: 'order_closed',
    ...shopper,
    reason: 'canceled',
    closedAt: '2026-11-22T10:15:00Z',
    paymentMayStillArrive: false,
  },
  'order-closed-expired': {
    kind: 'order_closed',
    ...shopper,
    reason: 'expired',
    closedAt: '2026-11-29T09:30:00Z',
    paymentMayStillArrive: true,
  },
  'late-payment-refund-pending': {
    kind: 'late_payment_refund',
    ...shopper,
    reason: 'order_expired',
    payment: {
      amount: '475.00',
      receivedAt: '2026-11-30T08:12:00Z',
      method: 'bank_transfer',
      provider: 'Bank transfer',
      transactionRef: 'FP-20261130-88123',
    },
    refundStatus: 'pending',
  },
  'late-payment-refund-refunded': {
    kind: 'late_payment_refund',
    ...shopper,
    reason: 'duplicate_payment',
    payment: { ...CARD_PAYMENT, receivedAt: '2026-11-23T14:09:00Z', providerRef: 'INV-1044-2' },
    refundStatus: 'refunded',
  },
  'shop-order-paid': {
    kind: 'shop_order_paid',
    ...toShop,
    payment: CARD_PAYMENT,
  },
  'shop-order-awaiting-bank-transfer': {
    kind: 'shop_order_awaiting_payment',
    ...toShop,
    payment: BANK_TRANSFER,
  },
  'shop-order-awaiting-custom': {
    kind: 'shop_order_awaiting_payment',
    ...toShop,
    payment: {
      method: 'custom',
      label: 'Pay at the workshop',
      instructions:
        'Pay in cash or by card when you collect, Saturdays 10:00–16:00.\nEmber & Oak Workshop, 12 Forge Lane, Sheffield S1 2AB',
      expiresAt: '2026-12-06T16:00:00Z',
    },
  },
  'shop-refund-needed-manual': {
    kind: 'shop_refund_needed',
    ...toShop,
    reason: 'order_canceled',
    payment: {
      ...CARD_PAYMENT,
      provider: 'Stripe',
      providerRef: 'pi_3QkR2bLx8Zt0',
      transactionRef: 'ch_3QkR2bLx8Zt0',
    },
    refundedAutomatically: false,
    dashboardUrl: 'https://dashboard.stripe.com/payments/pi_3QkR2bLx8Zt0',
  },
  'shop-refund-needed-automatic': {
    kind: 'shop_refund_needed',
    ...toShop,
    reason: 'duplicate_payment',
    payment: {
      ...CARD_PAYMENT,
      receivedAt: '2026-11-23T14:09:00Z',
      provider: 'Stripe',
      providerRef: 'pi_3QkS7cMy9Au1',
      transactionRef: 'ch_3QkS7cMy9Au1',
    },
    refundedAutomatically: true,
    refundRef: 're_3QkS7cMy9Au1',
  },
  'order-refunded-partly-by-card': {
    kind: 'order_refunded',
    ...shopper,
    refund: {
      amount: '90.00',
      method: 'card',
      reason:
        'One of the two tea mugs arrived chipped.\nWe are sorry: keep it, with our apologies.',
      refundedTotal: '90.00',
      paidTotal: '475.00',
      refundedAt: '2026-11-26T11:20:00Z',
    },
  },
  'order-refunded-in-full-by-hand': {
    kind: 'order_refunded',
    ...shopper,
    refund: {
      amount: '385.00',
      method: 'manual',
      reason: 'The walnut for the handle cracked in drying, so we cannot make your knife.',
      refundedTotal: '475.00',
      paidTotal: '475.00',
      refundedAt: '2026-11-27T09:05:00Z',
    },
  },
  'order-refunded-to-gift-card': {
    kind: 'order_refunded',
    ...shopper,
    refund: {
      amount: '60.00',
      method: 'gift_card',
      giftCardLastFour: 'Q7XK',
      reason: 'The sheath is out of stock, so we have taken it off your order.',
      refundedTotal: '60.00',
      paidTotal: '475.00',
      refundedAt: '2026-11-28T15:40:00Z',
    },
  },
  'order-placed-with-cancellation': {
    kind: 'order_placed',
    ...shopper,
    payment: BANK_TRANSFER,
    cancellation: {
      seller: PREVIEW_SELLER,
      returnCostsPaidBy: 'shopper',
      lines: PREVIEW_ORDER.lines.map((line, index) =>
        index === 0
          ? {
              name: line.name,
              exempt: true,
              exemptBecause:
                'Personalised with your own text, so it cannot be cancelled once ordered.',
            }
          : { name: line.name, exempt: false },
      ),
    },
  },
  'cancellation-requested': {
    kind: 'cancellation_requested',
    ...shopper,
    requestedAt: '2026-12-01T10:20:00Z',
    reason: 'The mugs are smaller than I expected.',
    seller: PREVIEW_SELLER,
    returnCostsPaidBy: 'shopper',
    exemptLines: [PREVIEW_ORDER.lines[0]!.name],
    withdrawnLines: PREVIEW_ORDER.lines.slice(1).map((line) => `${line.name} × ${line.quantity}`),
  },
  ...movePreviewEmails({
    shopper,
    simpleOrder: PREVIEW_ORDER_SIMPLE,
    shop: PREVIEW_SHOP_WITHOUT_LOGO,
    bankDetails: PREVIEW_BANK_DETAILS,
  }),
} satisfies Record<string, EmailData>;

export type PreviewName = keyof typeof PREVIEW_EMAILS;

/** A deep copy of one sample, typed as its kind's data (not the literal), safe to change in a test. */
export function previewEmail<N extends PreviewName>(
  name: N,
): EmailDataOf<(typeof PREVIEW_EMAILS)[N]['kind']> {
  const sample: EmailData = PREVIEW_EMAILS[name];
  return structuredClone(sample) as EmailDataOf<(typeof PREVIEW_EMAILS)[N]['kind']>;
}

/** The shop's instructions in the samples of `offlinePreviews`: two lines, as a shop writes them. */
export const PREVIEW_INSTRUCTIONS =
  'Pay as agreed with the shop, quoting your order number.\nWe start on your order once the money has arrived.';

/**
 * An order placed with offline method `method`, as the shopper's and the shop's e-mails carry
 * it: the method's own name, the sample instructions, a deadline, and no payment page. Every
 * offline method of ./payment-texts.ts has these samples, built as the order module builds its
 * data, without a sample of its own to write.
 */
export function offlinePreviews(
  method: OfflineMethod,
): [EmailDataOf<'order_placed'>, EmailDataOf<'shop_order_awaiting_payment'>] {
  const payment = offlinePaymentInstructions(method, {
    label: null,
    instructions: PREVIEW_INSTRUCTIONS,
    paymentUrl: null,
    expiresAt: '2026-11-29T09:30:00Z',
    placedAt: PREVIEW_ORDER.placedAt,
  });
  return [
    { kind: 'order_placed', ...structuredClone(shopper), payment },
    { kind: 'shop_order_awaiting_payment', ...structuredClone(toShop), payment },
  ];
}
