/**
 * What the payment operations and the providers' notifications answer with (DRF's wording; the
 * contract's examples quote them). The storefront shows `detail` as it is.
 */

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
