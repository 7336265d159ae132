/**
 * What checkout and the order operations answer with, in DRF's wording; the contract's examples
 * quote them. The storefront shows `detail` as it is.
 */

export const ORDER_MESSAGES = {
  methodUnavailable: 'This payment method is not available.',
  emptyCart: 'Your cart is empty.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  invalidPage: 'Invalid page.',
  /** The cart's total is not the one the shopper saw (decision 039; docs/spec-deviations.md). */
  priceChanged: (total: string) =>
    `The total of your order has changed to ${total} since you saw it. Please check it and place your order again.`,
  /** MAX_UNPAID_ORDERS reached. */
  tooManyUnpaid: (count: number) =>
    `You already have ${count} unpaid orders. Please pay for one or cancel it in your order history before placing another.`,
  notCancelable: 'This order can no longer be canceled.',
  paymentInProgress:
    'A payment of this order is being processed, so it cannot be canceled now. Please try again in a few minutes.',
} as const;
