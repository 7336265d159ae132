/**
 * The order module's error codes (architecture guide, convention 17): each names the rule that
 * refused the request; server/http/domain-errors.ts gives each its HTTP status. Placing an order
 * has its own (server/checkout/errors.ts).
 *
 * - `order_not_found`: no order of this customer by that id.
 * - `invalid_page`: an order history page past the last, or beyond any offset a table can hold.
 * - `not_cancelable`: the order is paid or closed.
 * - `payment_in_progress`: a card payment of the order is `pending` at its provider, so the
 *   money may be on its way.
 *
 * The back office's:
 * - `order_move_refused`: the order's state does not allow the action (mark paid on a closed
 *   order, ship an unpaid one, reopen one that has not expired); the message says why.
 * - `shipment_not_found`: the order has no shipment at that index.
 * - `refund_too_large`: more than was paid and is not yet refunded (field `amount`).
 * - `invalid_order_input`: a field the back office sent is missing or out of range (field errors).
 * - `stock_gone`: reopening an expired order whose pieces are no longer all in stock.
 *
 * The 14-day right to cancel (./cancellation.ts):
 * - `cancellation_refused`: the shopper's request to cancel a paid order is not accepted
 *   (unpaid, closed, every line exempt, already asked, past the deadline); the message says why.
 */
export type OrderErrorCode =
  | 'order_not_found'
  | 'invalid_page'
  | 'not_cancelable'
  | 'payment_in_progress'
  | 'order_move_refused'
  | 'shipment_not_found'
  | 'refund_too_large'
  | 'invalid_order_input'
  | 'stock_gone'
  | 'cancellation_refused';
