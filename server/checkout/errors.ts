/**
 * Checkout's error codes (architecture guide, convention 17): each names the rule that refused
 * the order; server/http/domain-errors.ts gives each its HTTP status. A line the stock no
 * longer covers is the cart's `insufficient_stock` (server/cart/errors.ts).
 *
 * - `invalid_order_fields`: the request's own fields, all at once (`delivery_address.{field}`
 *   blank or NUL, a `payment_method` the shop does not offer, an `expected_total_price` past a
 *   safe integer of cents).
 * - `empty_cart`: nothing in the cart the shop still sells.
 * - `too_many_unpaid_orders`: the customer has as many unpaid orders as they may.
 * - `country_not_shipped`: the delivery country is in none of the shop's zones (field
 *   `delivery_address.country`).
 * - `invalid_delivery`: a line without a method or with one it may not use (field `shipping`),
 *   or an address left blank for a delivered order.
 * - `age_attestation_missing`, `invalid_date_of_birth`, `under_age`: the buyer's age
 *   attestation for an age-restricted piece (./age-gate.ts).
 * - `price_changed`: the total is not the one the shopper was shown; the answer carries the
 *   current cart.
 * - `idempotency_mismatch`: the Idempotency-Key was used with another request.
 * - `shop_not_trading`: the shop is on holiday or not launched yet (its state read in the
 *   order's transaction: the door's gate may have read it a moment before it changed).
 */
export type CheckoutErrorCode =
  | 'invalid_order_fields'
  | 'empty_cart'
  | 'too_many_unpaid_orders'
  | 'country_not_shipped'
  | 'invalid_delivery'
  | 'age_attestation_missing'
  | 'invalid_date_of_birth'
  | 'under_age'
  | 'price_changed'
  | 'idempotency_mismatch'
  | 'shop_not_trading';
