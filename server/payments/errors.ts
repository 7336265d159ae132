/**
 * The rules a card payment can break, one code each (architecture guide, convention 17): the
 * payment modules raise `DomainError(code, message)` (server/platform/domain-error.ts) with the
 * contract's message, and server/http/domain-errors.ts gives each code its HTTP status.
 */
import { DomainError } from '../platform/domain-error.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import type { NotificationRefused } from './provider.ts';

export type PaymentErrorCode =
  /** The payment is not the customer's (or the shop's), or there is none: 'Not found.'. */
  | 'payment_not_found'
  /** The order to pay is not the customer's, or a payment's order is gone: 'Not found.'. */
  | 'payment_order_not_found'
  /** The order is paid by another method than card. */
  | 'not_a_card_order'
  /** The order is already paid. */
  | 'order_already_paid'
  /** The order is closed, or past its deadline for a card payment. */
  | 'order_not_payable'
  /** The shop takes no card payments now (no provider this server can use). */
  | 'card_payments_unavailable'
  /** An attempt of the order is still `pending` at its provider. */
  | 'payment_still_processing'
  /** The card provider could not be reached, or refused to start the payment. */
  | 'provider_unavailable'
  /** A provider reported another amount or currency than the payment's. */
  | 'payment_amount_mismatch'
  /** A card payment asked in another currency than the shop's (field `currency`). */
  | 'wrong_payment_currency'
  /** A notification's signature does not verify (or the shop has no secret to verify it). */
  | 'notification_forged'
  /** A notification's timestamp is outside the tolerance. */
  | 'notification_stale'
  /** A notification for another merchant or account: answered as 'Not found.'. */
  | 'notification_mismatched'
  /** A notification that is not in the provider's shape. */
  | 'notification_malformed';

/** DRF's words for a missing object, the answer of the not-found codes above. */
const NOT_FOUND = 'Not found.';

/** A payment rule refused; `message` is the contract's `detail`. */
export function paymentError(
  code: PaymentErrorCode,
  message: string,
): DomainError<PaymentErrorCode> {
  return new DomainError(code, message);
}

/** 'Not found.' for a payment the caller may not see. */
export function paymentNotFound(): DomainError<PaymentErrorCode> {
  return paymentError('payment_not_found', NOT_FOUND);
}

/** 'Not found.' for an order (or a payment's order) the caller may not pay. */
export function orderNotFound(): DomainError<PaymentErrorCode> {
  return paymentError('payment_order_not_found', NOT_FOUND);
}

/** The error of a refused notification, with the contract's words for each reason. */
export function refusalError(refusal: NotificationRefused): DomainError<PaymentErrorCode> {
  switch (refusal.reason) {
    case 'forged':
      return paymentError('notification_forged', PAYMENT_MESSAGES.invalidSignature);
    case 'stale':
      return paymentError('notification_stale', PAYMENT_MESSAGES.staleTimestamp);
    case 'mismatched':
      return paymentError('notification_mismatched', NOT_FOUND);
    default:
      return paymentError('notification_malformed', PAYMENT_MESSAGES.malformed);
  }
}
