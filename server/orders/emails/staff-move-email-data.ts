/**
 * The data of the e-mails the back office's order moves send: to the shopper, a
 * shipment on its way, a collection ready at the workshop, an order the shop canceled, and a
 * reminder that an order still waits for its payment; to the shop, the day's list of orders
 * waiting for money by hand. Part of `EmailData` (./email-data.ts), under the same rules: plain
 * JSON, every word and number the e-mail shows, money as decimal strings, times ISO 8601 UTC,
 * fields only ever added as optional.
 */
import type { EmailBase, Money, OfflineInstructions } from './email-data.ts';
import type { EmailShop, IsoDateTime } from '../../platform/mail/templates/email-shop.ts';

/** One shipment of the order, as the e-mail about it shows it. */
export interface EmailShipment {
  /** The shipping method's name: "Royal Mail Tracked 48", "Collect from the workshop". */
  method: string;
  /** The pieces it carries, by name, in the order's order. At least one. */
  lines: { name: string; quantity: number }[];
  /**
   * Handed over only to an adult who shows proof of age (and signs, when delivered): the
   * shipment's method checks age, or the order holds an age-restricted piece.
   */
  adultSignature: boolean;
}

/** To the shopper, when a delivery of the order was handed to its carrier. */
export interface OrderShippedEmailData extends EmailBase {
  kind: 'order_shipped';
  shipment: EmailShipment;
  /** The carrier in words: "Royal Mail", "DPD", "Other carrier". */
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page for this parcel; absent when the carrier has none. */
  trackingUrl?: string;
  shippedAt: IsoDateTime;
  /** How many other shipments of the order are still to come (0: this was the last). */
  stillToCome: number;
}

/**
 * To the shopper, when the shop corrected the carrier or tracking number of a delivery it had
 * already told them of (the back office's tracking correction).
 */
export interface OrderTrackingCorrectedEmailData extends EmailBase {
  kind: 'order_tracking_corrected';
  shipment: EmailShipment;
  /** The carrier in words, as corrected: "Royal Mail", "DPD", "Other carrier". */
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page for this parcel; absent when the carrier has none. */
  trackingUrl?: string;
  /** The number the earlier e-mail gave, to be set aside. */
  previousTrackingNumber: string;
  correctedAt: IsoDateTime;
}

/** Where a collection waits: the shop's workshop as its contact page lists it. */
export interface EmailCollectionPlace {
  /** "The Forge (workshop and showroom)". */
  name: string;
  /** One line or several: "12 Forge Lane, Sheffield S1 2AB, United Kingdom". */
  address: string;
  phone?: string;
}

/** To the shopper, when a collection of the order is ready at the workshop. */
export interface OrderReadyToCollectEmailData extends EmailBase {
  kind: 'order_ready_to_collect';
  shipment: EmailShipment;
  readyAt: IsoDateTime;
  /** Where to collect it; absent when the shop lists no address. */
  collectFrom?: EmailCollectionPlace;
  /** When and how, in the shop's words (the collection method's description). */
  instructions?: string;
}

/** To the shopper, when the shop canceled the order. */
export interface OrderCanceledByShopEmailData extends EmailBase {
  kind: 'order_canceled_by_shop';
  /** Why, in the shop's words (the member types them knowing the shopper reads them). */
  reason: string;
  canceledAt: IsoDateTime;
  /** A paid order: what is refunded in full (each refund's own e-mail follows when it is made). */
  refund?: { amount: Money };
  /**
   * An unpaid order: true when a payment may still be on its way (a card payment its provider
   * has not settled); the e-mail then promises to refund it.
   */
  paymentMayStillArrive: boolean;
}

/** To the shopper, once, when an order of an offline method nears its deadline unpaid. */
export interface PaymentReminderEmailData extends EmailBase {
  kind: 'payment_reminder';
  /** How to pay, as the order-placed e-mail said it; its deadline is the one that nears. */
  payment: OfflineInstructions;
}

/** One order of the shop's daily list. */
export interface DigestOrder {
  number: string;
  customerName: string;
  customerEmail: string;
  total: Money;
  /** The payment method in words: "Bank transfer", or the shop's own name for its method. */
  method: string;
  placedAt: IsoDateTime;
  /** When it expires unless the money arrives. */
  expiresAt?: IsoDateTime;
  /** The order's page in the back office. */
  orderUrl: string;
}

/** To the shop, once a day: the orders still waiting for money the shop receives by hand. */
export interface ShopAwaitingPaymentsDigestEmailData {
  kind: 'shop_awaiting_payments_digest';
  shop: EmailShop;
  /** The day it was written (YYYY-MM-DD, UTC). */
  date: string;
  /** ISO 4217; "USD" when absent. */
  currency?: string;
  /** Soonest deadline first. At least one. */
  orders: DigestOrder[];
  /** The back office's list of the orders awaiting payment. */
  listUrl: string;
}
