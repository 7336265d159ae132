/**
 * Every message the back office's order moves answer with: DRF's words for a field, and
 * plain sentences for a move the order's state refuses (`order_move_refused`, 409), which the
 * desk shows as they are. The contract (openapi/admin.yaml) quotes them; tests assert them
 * verbatim.
 */
import { MAX_MOVE_AMOUNT_CENTS, toDecimal } from '../../common/money.ts';
import { formatDate } from '../platform/mail/templates/format.ts';
import { REQUIRED_MESSAGE } from '../platform/field-messages.ts';

/** The back office's field limits (the columns' sizes). */
export const ORDER_MOVE_LIMITS = {
  /**
   * Money received by hand, in cents: at least a cent, at most common/money.ts's
   * MAX_MOVE_AMOUNT_CENTS (100,000.00), the limit the contract and the back office share.
   */
  minAmountCents: 1,
  maxAmountCents: MAX_MOVE_AMOUNT_CENTS,
  payerReference: 140,
  trackingNumber: 64,
  cancelReason: 500,
} as const;

/** DRF's words for a field. */
export const FIELD_MESSAGES = {
  required: REQUIRED_MESSAGE,
  blank: 'This field may not be blank.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  notInteger: 'A valid integer is required.',
  tooSmall: 'Ensure this value is greater than or equal to 0.01.',
  tooLarge: `Ensure this value is less than or equal to ${toDecimal(MAX_MOVE_AMOUNT_CENTS)}.`,
  notAChoice: (value: string) => `"${value}" is not a valid choice.`,
  controlCharacters: 'Enter text without control characters.',
  trackingCharacters: 'Enter letters, digits, spaces and hyphens only.',
} as const;

/**
 * The words of the back office's moves. Amounts arrive formatted in the shop's currency
 * (common/money.ts `formatPrice`: "£475.00").
 */
export const ORDER_MOVE_MESSAGES = {
  notFound: 'Not found.',
  // Mark paid.
  amountBelowTotal: (total: string) =>
    `The amount received is less than the order's total of ${total}.`,
  // More than the total: an overpayment, which only an owner records, and only when confirmed.
  overpaymentOwnerOnly: (total: string) =>
    `The amount received is more than the order's total of ${total}; only an owner can record an overpayment.`,
  overpaymentUnconfirmed: (over: string, total: string) =>
    `The amount received is ${over} more than the order's total of ${total}. Confirm the overpayment to record it.`,
  cardOrder: 'A card order is paid through its card payment.',
  alreadyPaid: 'This order is already paid.',
  expiredReopenFirst: (expiredAt: string) =>
    `This order expired on ${formatDate(expiredAt)}; reopen it first.`,
  canceled: 'This order was canceled.',
  refunded: 'This order was refunded.',
  // Ship, ready, collected.
  notPaidShip: 'Only a paid order can be shipped.',
  notPaidReady: 'Only a paid order can be made ready.',
  notPaidCollected: 'Only a paid order can be collected.',
  collectionNotShipped: 'This shipment is collected from the workshop, not sent.',
  deliveryNotCollected: 'This shipment is delivered, not collected.',
  alreadyShipped: 'This shipment has already been sent.',
  notSentYet: 'This shipment has not been sent yet: ship it with its tracking number.',
  trackingUnchanged: 'This is the carrier and tracking number already recorded.',
  alreadyReady: 'This shipment is already ready to collect.',
  notReady: 'Mark this shipment ready before it is collected.',
  alreadyCollected: 'This shipment has already been collected.',
  // Cancel.
  alreadyClosed: 'This order is already closed.',
  sentRefundInstead: 'This order has been sent; refund it instead.',
  handedOverRefundInstead: 'This order has been handed over; refund it instead.',
  // Reopen.
  onlyExpired: 'Only an expired order can be reopened.',
  stockGone: (pieces: string[]) =>
    `${listInWords(pieces)} ${pieces.length === 1 ? 'is' : 'are'} out of stock, so this order cannot be reopened.`,
} as const;

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
