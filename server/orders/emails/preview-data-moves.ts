/**
 * Sample data of the back office's e-mails (./staff-move-email-data.ts), for the tests and
 * screenshots, on the same shop, shopper and orders as ./preview-data.ts's samples, which it is
 * handed (this module imports none of them, so the two never load each other).
 */
import type {
  OrderCanceledByShopEmailData,
  OrderReadyToCollectEmailData,
  OrderShippedEmailData,
  OrderTrackingCorrectedEmailData,
  PaymentReminderEmailData,
  ShopAwaitingPaymentsDigestEmailData,
} from './staff-move-email-data.ts';
import type { EmailBase, EmailOrder } from './email-data.ts';
import type { EmailShop } from '../../platform/mail/templates/email-shop.ts';

/** What the samples are built on: ./preview-data.ts's shop, shopper and orders. */
export interface MovePreviewBase {
  /** The knife and two mugs, collected, to the shopper. */
  shopper: EmailBase;
  /** The painting, delivered to the US. */
  simpleOrder: EmailOrder;
  /** The shop as its own e-mails show it. */
  shop: EmailShop;
  bankDetails: string;
}

/** Every desk e-mail worth looking at, by a file-name-friendly name. */
export function movePreviewEmails(base: MovePreviewBase) {
  const { shopper } = base;
  const delivered = {
    ...shopper,
    order: base.simpleOrder,
    customer: { name: 'Grace Hopper', email: 'grace@example.com' },
    orderUrl: 'https://emberandoak.example/account/orders/1046',
  };
  const knifeParcel = {
    ...shopper,
    order: {
      ...shopper.order,
      shipping: { kind: 'charged' as const, amount: '9.50', method: 'Age-verified delivery (DPD)' },
      total: '484.50',
      deliveryAddress: { ...shopper.order.deliveryAddress, collected: false },
    },
  };
  return {
    'order-shipped-royal-mail': {
      kind: 'order_shipped',
      ...delivered,
      shipment: {
        method: 'Royal Mail Tracked 48',
        lines: [{ name: 'Moorland at Dusk, watercolour', quantity: 1 }],
        adultSignature: false,
      },
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      shippedAt: '2026-11-24T10:40:00Z',
      stillToCome: 0,
    } satisfies OrderShippedEmailData,
    'order-shipped-adult-signature': {
      kind: 'order_shipped',
      ...knifeParcel,
      shipment: {
        method: 'Age-verified delivery (DPD)',
        lines: [{ name: 'Damascus Gyuto 210mm', quantity: 1 }],
        adultSignature: true,
      },
      carrier: 'DPD',
      trackingNumber: '15501 2345 6789',
      trackingUrl: 'https://track.dpd.co.uk/parcels/15501%202345%206789',
      shippedAt: '2026-11-25T15:10:00Z',
      stillToCome: 1,
    } satisfies OrderShippedEmailData,
    'order-tracking-corrected': {
      kind: 'order_tracking_corrected',
      ...delivered,
      shipment: {
        method: 'Royal Mail Tracked 48',
        lines: [{ name: 'Moorland at Dusk, watercolour', quantity: 1 }],
        adultSignature: false,
      },
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456780GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456780GB',
      previousTrackingNumber: 'AB123456789GB',
      correctedAt: '2026-11-24T12:05:00Z',
    } satisfies OrderTrackingCorrectedEmailData,
    'order-ready-to-collect': {
      kind: 'order_ready_to_collect',
      ...shopper,
      shipment: {
        method: 'Collect from the workshop',
        lines: [
          { name: 'Damascus Gyuto 210mm', quantity: 1 },
          { name: 'Tenmoku Tea Mug', quantity: 2 },
        ],
        adultSignature: true,
      },
      readyAt: '2026-12-02T11:00:00Z',
      collectFrom: {
        name: 'The Forge (workshop and showroom)',
        address: '12 Forge Lane, Sheffield S1 2AB, United Kingdom',
        phone: '+44 114 496 0000',
      },
      instructions: 'Tuesday to Saturday, 10:00-17:00',
    } satisfies OrderReadyToCollectEmailData,
    'order-canceled-by-shop-paid': {
      kind: 'order_canceled_by_shop',
      ...shopper,
      reason:
        'The walnut for your handle cracked in drying, and we cannot make the knife before Christmas.\nWe are very sorry.',
      canceledAt: '2026-11-26T09:00:00Z',
      refund: { amount: '475.00' },
      paymentMayStillArrive: false,
    } satisfies OrderCanceledByShopEmailData,
    'order-canceled-by-shop-unpaid': {
      kind: 'order_canceled_by_shop',
      ...delivered,
      reason: 'This painting was sold at the gallery the same morning.',
      canceledAt: '2026-11-22T13:30:00Z',
      paymentMayStillArrive: false,
    } satisfies OrderCanceledByShopEmailData,
    'payment-reminder-bank-transfer': {
      kind: 'payment_reminder',
      ...shopper,
      payment: {
        method: 'bank_transfer',
        bankDetails: base.bankDetails,
        expiresAt: '2026-11-29T09:30:00Z',
      },
    } satisfies PaymentReminderEmailData,
    'shop-awaiting-payments-digest': {
      kind: 'shop_awaiting_payments_digest',
      shop: base.shop,
      date: '2026-11-27',
      currency: 'USD',
      orders: [
        {
          number: 'ORD-7K3F-9QXD',
          customerName: 'Ada Lovelace',
          customerEmail: 'ada@example.com',
          total: '475.00',
          method: 'Bank transfer',
          placedAt: '2026-11-22T09:30:00Z',
          expiresAt: '2026-11-29T09:30:00Z',
          orderUrl: 'https://emberandoak.example/admin/orders/ORD-7K3F-9QXD',
        },
        {
          number: 'ORD-M4TP-2WQH',
          customerName: 'Grace Hopper',
          customerEmail: 'grace@example.com',
          total: '258.50',
          method: 'Pay at the workshop',
          placedAt: '2026-11-25T16:00:00Z',
          expiresAt: '2026-12-02T16:00:00Z',
          orderUrl: 'https://emberandoak.example/admin/orders/ORD-M4TP-2WQH',
        },
      ],
      listUrl: 'https://emberandoak.example/admin/orders?status=awaiting_payment',
    } satisfies ShopAwaitingPaymentsDigestEmailData,
  };
}
