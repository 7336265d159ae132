/*
 * What /payment/return shows (spec sections 4, 5 and 8): the status table and the lookup
 * messages, as pure functions.
 */
import { ApiError, isNotFound } from '../../api/errors';

/** Spec section 9: the status lookup waits this long after the shopper arrives. */
export const STATUS_CHECK_DELAY_MS = 1500;
/** While a payment is still processing, its status is asked again this often. */
export const PROCESSING_POLL_MS = 3000;

export const PAYMENT_RETURN_MESSAGES = {
  noPayment: 'Could not identify the payment transaction.',
  notFound: 'Payment transaction not found.',
  lookupFailed: 'Failed to retrieve payment status. Please contact support.',
  unexpected: 'An error occurred while checking payment status.',
  unknown: 'Unknown payment status.',
  retryFallback: 'Please check the details and try again.',
  /** The payment arrived after its order was closed (or the order was already paid). */
  lateRefundPending:
    'Your payment arrived after the order was closed, so it will be refunded to you. You do not need to do anything.',
  lateRefunded: 'Your payment arrived after the order was closed, and it has been refunded to you.',
} as const;

/** The screen a payment status leads to (spec section 4's table). */
export type PaymentScreen =
  | { kind: 'success' }
  | { kind: 'failure'; title: 'Payment Failed' | 'Payment Canceled'; reason: string }
  | { kind: 'processing' }
  | { kind: 'lookup-failure'; message: string }
  | { kind: 'unknown' };

/**
 * succeeded -> success; failed -> 'Payment Failed'; canceled -> 'Payment Canceled' (both with
 * the reason, or 'Please check the details and try again.'); initiated and pending -> 'Payment
 * Processing'; error -> a status-lookup failure; anything else -> 'Unknown payment status.'.
 */
export function screenForStatus(status: unknown, errorMessage?: string | null): PaymentScreen {
  const reason = errorMessage?.trim() || PAYMENT_RETURN_MESSAGES.retryFallback;
  switch (status) {
    case 'succeeded':
      return { kind: 'success' };
    case 'failed':
      return { kind: 'failure', title: 'Payment Failed', reason };
    case 'canceled':
      return { kind: 'failure', title: 'Payment Canceled', reason };
    case 'initiated':
    case 'pending':
      return { kind: 'processing' };
    case 'error':
      return {
        kind: 'lookup-failure',
        message: errorMessage?.trim() || PAYMENT_RETURN_MESSAGES.lookupFailed,
      };
    default:
      return { kind: 'unknown' };
  }
}

/**
 * The message when the status call itself fails: 404 'Payment transaction not found.', any
 * other answer 'Failed to retrieve payment status. Please contact support.', and no answer at
 * all 'An error occurred while checking payment status.'.
 */
export function lookupErrorMessage(error: unknown): string {
  if (isNotFound(error)) return PAYMENT_RETURN_MESSAGES.notFound;
  if (error instanceof ApiError) return PAYMENT_RETURN_MESSAGES.lookupFailed;
  return PAYMENT_RETURN_MESSAGES.unexpected;
}

/** True while the payment has no final result yet. */
export function isProcessing(status: unknown): boolean {
  return status === 'initiated' || status === 'pending';
}
