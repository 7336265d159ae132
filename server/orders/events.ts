/**
 * The events of an order's life that someone must be told of (decision 013). The order module
 * records each inside the transaction that made it happen; ./emails.ts turns it into the
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
    };
