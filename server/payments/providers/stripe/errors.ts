/**
 * What a shopper reads when a Stripe call fails, and how the `stripe` package's errors become
 * the PaymentProvider interface's (ProviderUnavailable, ProviderRefused). Stripe's own error
 * stays in `cause` for the log; no message here holds a credential.
 */
import { ProviderRefused, ProviderUnavailable } from '../../provider.ts';
import { stripePackage } from './settings.ts';

/** Stripe could not be reached, timed out, rate limited us, or answered 5xx. */
export const UNREACHABLE =
  'The card payment provider could not be reached. Please try again in a moment.';
/** The shop's key is invalid or lacks a permission: the shop must fix its settings. */
const SHOP_SETTINGS =
  'Card payments are not available for this shop at the moment. Please choose another payment method.';
/** The owner's words when testing the keys: Stripe does not know the secret key. */
export const KEY_REFUSED =
  'Stripe did not accept the secret key. Copy it again from the Stripe Dashboard (Developers, API keys) and save it.';
/** The owner's words when testing the keys: a restricted key that may not use Checkout. */
export const KEY_TOO_NARROW =
  'Stripe accepted the key, but it may not use Checkout Sessions. Give the restricted key write access to Checkout Sessions, or use the secret key.';
/** Stripe refused the request itself (invalid request, idempotency conflict). */
const REFUSED =
  'The card payment provider refused this payment request. Please try again or choose another payment method.';
/** Stripe declined the card. */
const DECLINED = 'The card was declined. Please try another card or payment method.';
/** An asynchronous payment method failed after the session completed. */
export const FAILED =
  'The payment did not go through. Please try again or choose another payment method.';
/** The session expired unpaid. */
export const EXPIRED = 'The payment page expired before the payment was made.';

/**
 * Turns a `stripe` package error into the interface's: unreachable, 5xx, rate limited or
 * timed out -> ProviderUnavailable; refused (4xx) -> ProviderRefused whose code is Stripe's
 * `code`, or the package's error class when Stripe gives none (an invalid key has none).
 * The package error stays in `cause` for the log; it holds no credential (Stripe masks a bad
 * key to its first 8 and last 4 characters). Anything else is a bug here and passes as is.
 */
export function providerError(error: unknown): unknown {
  const errors = stripePackage().errors;
  if (!(error instanceof errors.StripeError)) return error;
  if (
    error instanceof errors.StripeConnectionError ||
    error instanceof errors.StripeAPIError ||
    error instanceof errors.StripeRateLimitError
  ) {
    return new ProviderUnavailable(UNREACHABLE, { cause: error });
  }
  const message =
    error instanceof errors.StripeAuthenticationError ||
    error instanceof errors.StripePermissionError
      ? SHOP_SETTINGS
      : error instanceof errors.StripeCardError
        ? DECLINED
        : error instanceof errors.StripeInvalidRequestError ||
            error instanceof errors.StripeIdempotencyError
          ? REFUSED
          : null;
  if (message !== null) {
    const refused = new ProviderRefused(message, error.code ?? error.type);
    refused.cause = error;
    return refused;
  }
  return new ProviderUnavailable(UNREACHABLE, { cause: error });
}

/** Runs one Stripe request; its error, if any, becomes the interface's (see providerError). */
export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}
