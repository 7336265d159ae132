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
 */
export type OrderErrorCode =
  'order_not_found' | 'invalid_page' | 'not_cancelable' | 'payment_in_progress';
