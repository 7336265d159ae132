/**
 * Every message the order module answers with: the spec's own (section 5, stock) and DRF's
 * wording elsewhere; the contract's examples quote them. The storefront shows `detail` as it is.
 */

/** Spec section 5: a quantity the stock cannot cover. */
export const STOCK_MESSAGES = {
  outOfStock: 'Item is out of stock.',
  onlyAvailable: (stock: number) => `Only ${stock} items available.`,
} as const;

/** What one cart may hold (decision 016): common/cart-limits.ts's MAX_LINE_QUANTITY and MAX_CART_LINES. */
export const CART_MESSAGES = {
  /** Keyed `quantity`: adding would take a line past its cap. */
  lineFull: (max: number, inCart: number) =>
    `You can have at most ${max} of one item in your cart; it already holds ${inCart}.`,
  /** Keyed `quantity`: a line's quantity set above its cap (a client that skipped the contract). */
  tooMany: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  /** `detail`: a new line when the cart holds as many as it may. */
  cartFull: (max: number) => `Your cart is full: it can hold at most ${max} different items.`,
} as const;

export const ORDER_MESSAGES = {
  methodUnavailable: 'This payment method is not available.',
  emptyCart: 'Your cart is empty.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  invalidPage: 'Invalid page.',
  /** The cart's total is not the one the shopper saw (decision 013; docs/spec-deviations.md). */
  priceChanged: (total: string) =>
    `The total of your order has changed to ${total} since you saw it. Please check it and place your order again.`,
  /** MAX_UNPAID_ORDERS reached. */
  tooManyUnpaid: (count: number) =>
    `You already have ${count} unpaid orders. Please pay for one or cancel it in your order history before placing another.`,
  notCancelable: 'This order can no longer be canceled.',
  paymentInProgress:
    'A payment of this order is being processed, so it cannot be canceled now. Please try again in a few minutes.',
} as const;

export const PAYMENT_MESSAGES = {
  notCard: 'This order is not paid by card.',
  alreadyPaid: 'This order is already paid.',
  cannotBePaid: 'This order cannot be paid.',
  cardUnavailable: 'Card payments are not available.',
  stillProcessing: 'A payment of this order is still being processed.',
  superseded: 'Superseded by a newer payment attempt.',
  closedWithOrder: 'The order was closed before this payment was made.',
  notStarted: 'The payment could not be started.',
  invalidSignature: 'Invalid signature.',
  staleTimestamp: 'Timestamp outside the tolerance zone.',
  mismatched: 'The notification is for another merchant.',
  malformed: 'The notification could not be read.',
  amountMismatch: 'Amount or currency does not match the payment.',
  processed: 'Notification processed.',
  alreadyProcessed: 'Notification already processed.',
  final: 'The payment is already final; notification ignored.',
  ignored: 'Notification ignored: it is not about a payment of this shop.',
  declined: 'The card was declined.',
  canceled: 'The payment was canceled.',
} as const;
