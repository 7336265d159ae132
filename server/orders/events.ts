/**
 * The events of an order's life that someone must be told of (decision 040). The order module
 * records each inside the transaction that made it happen; ./order-emails.ts turns it into the
 * shopper's and the shop's e-mails in the outbox.
 */

export type OrderEvent =
  /** An order was placed (any method). */
  | { type: 'placed'; orderId: number }
  /** A card payment paid an order that was waiting for it. */
  | { type: 'paid'; orderId: number; paymentId: number }
  /** An unpaid order was closed and its stock given back. */
  | { type: 'closed'; orderId: number; reason: 'canceled' | 'expired' }
  /**
   * Money arrived that the order cannot keep (it was closed first, or another payment had
   * paid it), and was refunded through the provider or must be refunded by the shop.
   */
  | {
      type: 'refund';
      orderId: number;
      paymentId: number;
      reason: 'after_close' | 'duplicate';
      outcome: 'refunded' | 'manual';
    }
  /** The shop confirmed money it received by hand (bank transfer, custom method). */
  | { type: 'marked_paid'; orderId: number; manualPaymentId: number }
  /** A shipment was handed to its carrier (with its tracking number). */
  | { type: 'shipped'; orderId: number; shipmentIndex: number }
  /**
   * The shop corrected a shipped delivery's carrier or tracking number (the shopper is told
   * only when the shipped e-mail already went with the old one).
   */
  | {
      type: 'tracking_corrected';
      orderId: number;
      shipmentIndex: number;
      previousTrackingNumber: string;
      /** When (ISO 8601): each correction is e-mailed once. */
      at: string;
    }
  /** A collection is ready at the workshop. */
  | { type: 'ready_to_collect'; orderId: number; shipmentIndex: number }
  /** The shop canceled the order (with its reason); a paid one is refunded in full. */
  | { type: 'canceled_by_shop'; orderId: number }
  /** The shop refunded part or all of the order. */
  | { type: 'refunded_by_shop'; orderId: number; refundId: number }
  /** The order still waits for the shopper's payment and expires soon. */
  | { type: 'payment_reminder'; orderId: number }
  /** The shopper asked to cancel the paid order under the 14-day right (./cancellation.ts). */
  | { type: 'cancellation_requested'; orderId: number };
