/**
 * The one interface every card payment provider's adapter implements (decision 013), so the
 * order module (server/orders/) never knows which provider a shop uses, and a test can swap a
 * local fake of the provider in behind the real adapter.
 *
 * Money is integer minor units (cents) and an ISO 4217 currency code; times are `Date`s.
 * Adapters never log or return a credential, and never put one in an error message.
 * Which providers exist, and how each is built, is ./registry.ts.
 */
import type { ProviderName } from './tables.ts';

/** A payment attempt's state as the provider reports it. */
export type ProviderPaymentState = 'open' | 'pending' | 'succeeded' | 'failed' | 'canceled';

/** What starting a hosted payment needs. */
export interface StartPaymentInput {
  /** Our payment attempt's id (a UUID); adapters pass it to the provider where they can. */
  paymentId: string;
  /** The order's human-readable number ("ORD-ABCD-EFGH"), shown on the provider's page. */
  orderNumber: string;
  /** Which attempt of this order this is (1, 2, ...): providers that need a unique invoice use it. */
  attempt: number;
  /** Integer minor units, above 0. */
  amountMinor: number;
  /** ISO 4217, upper case ("USD"). */
  currency: string;
  /** One line shown on the provider's page, e.g. "Ember & Oak order ORD-ABCD-EFGH". */
  description: string;
  /** Where the provider sends the shopper back (our storefront's /payment/return). */
  returnUrl: string;
  /** Where the provider reports the result, server to server (absolute URL of this API). */
  notifyUrl: string;
  /** The shopper's e-mail, prefilled on the provider's page where it supports that. */
  customerEmail: string | null;
}

/** The answer of a started hosted payment. */
export interface StartedPayment {
  /** The provider's page to send the shopper to. */
  redirectUrl: string;
  /** The provider's id of this attempt (2C2P invoice number, Stripe Checkout Session id). */
  providerRef: string;
}

/** A verified notification, or the provider's answer to "what is this payment's state?". */
export interface ProviderPaymentReport {
  /**
   * Unique per notification (replays carry the same one); for a state asked by us, null.
   */
  eventId: string | null;
  /** The provider's id of the attempt, as in StartedPayment.providerRef. */
  providerRef: string;
  /** Our payment id when the provider echoes it back, else null (looked up by providerRef). */
  paymentId: string | null;
  state: ProviderPaymentState;
  /** What the provider says was charged (minor units) and in which currency; null when unknown. */
  amountMinor: number | null;
  currency: string | null;
  /** The provider's transaction reference for the shop's books, when there is one. */
  transactionRef: string | null;
  /** The provider's reason for a failure or cancellation, in words a shopper may read. */
  errorMessage: string | null;
}

/** What testing a shop's credentials with the provider sends: a harmless request of its own. */
export interface CredentialsCheckInput {
  /** The shop's currency (ISO 4217, upper case): 2C2P is asked whether the merchant takes it. */
  currency: string;
  /** The shop's return page and notification address, as a real payment would send them. */
  returnUrl: string;
  notifyUrl: string;
}

/** What the provider said of a shop's credentials when they worked. */
export interface CredentialsCheckResult {
  /**
   * True for keys that take real money (Stripe `sk_live_`/`rk_live_`, 2C2P production); false
   * for test keys, with which no shopper can pay.
   */
  live: boolean;
}

/** The raw notification as it reached us: the body's exact text and the request headers. */
export interface RawNotification {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Why a notification was refused; nothing is changed for any of them. */
export type NotificationRefusal = 'forged' | 'stale' | 'mismatched' | 'malformed';

/**
 * A notification that does not verify: forged (signature), stale (too old or from the future),
 * mismatched (another merchant, unknown account), malformed (not the provider's shape). The
 * message is safe to answer and to log: it never holds a secret.
 */
export class NotificationRefused extends Error {
  constructor(
    readonly reason: NotificationRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'NotificationRefused';
  }
}

/**
 * A verified, well-formed notification that is not about one of our card payments (another
 * event type, a session another integration on the same provider account created). The HTTP
 * layer answers it 2xx and changes nothing: providers retry any other answer for days and may
 * then disable the endpoint. Neither a refusal nor a report: `instanceof` tells it apart.
 */
export class NotificationIgnored extends Error {
  constructor(
    /** The event's id, for the log. */
    readonly eventId: string,
    /** The event's type, e.g. Stripe's `customer.created`. */
    readonly eventType: string,
    message: string,
  ) {
    super(message);
    this.name = 'NotificationIgnored';
  }
}

/**
 * The provider could not be reached or answered something unusable (a network error, a 5xx,
 * a response that does not verify). The order stays payable; the API answers 502 with this
 * message, which never holds a secret.
 */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

/**
 * The provider refused the request itself (a 4xx, or a documented error code such as 2C2P's
 * 9015 'Existing Invoice Number'): retrying the same request will not help. Answered 502 too.
 */
export class ProviderRefused extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ProviderRefused';
  }
}

/** One adapter, bound to one shop's credentials. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * Starts a hosted payment.
   * @throws ProviderUnavailable (network, 5xx, unverifiable answer) or ProviderRefused (4xx,
   *   error code).
   */
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /**
   * Verifies and reads a notification.
   * @throws NotificationRefused for a forged, stale, mismatched or malformed one;
   *   NotificationIgnored for a verified one that is not about one of our payments.
   */
  parseNotification(notification: RawNotification): Promise<ProviderPaymentReport>;
  /**
   * Asks the provider for an attempt's state (the return page before any notification came,
   * and the expiry sweep before it closes an order).
   * @throws ProviderUnavailable, ProviderRefused.
   */
  fetchPayment(ref: { providerRef: string; paymentId: string }): Promise<ProviderPaymentReport>;
  /**
   * Closes an open attempt so it can no longer be paid (Stripe: expire the Checkout Session),
   * when the provider can; resolves false when it cannot (2C2P has no such call).
   * @throws ProviderUnavailable, ProviderRefused.
   */
  cancelPayment(ref: { providerRef: string; paymentId: string }): Promise<boolean>;
  /**
   * Tests the shop's credentials with one harmless request that needs them (launch checklist,
   * issue 38): Stripe lists one Checkout Session with the secret key; 2C2P asks for a payment
   * token of 1.00 in the shop's currency (which proves the merchant ID, the secret key both
   * ways, and that the merchant takes the currency; the token is never paid and expires).
   * Nothing is charged, and nothing a shopper sees changes.
   * @throws ProviderRefused when the provider refuses the credentials, with words for the
   *   shop's owner (never a credential); ProviderUnavailable when it cannot be reached.
   */
  checkCredentials(input: CredentialsCheckInput): Promise<CredentialsCheckResult>;
  /**
   * Refunds `amountMinor` of a captured attempt (all of it, or part: a shop's partial refund),
   * when the provider's API allows it; resolves to the provider's refund reference, or null when
   * this adapter cannot refund (the shop refunds by hand, and has been told).
   *
   * `refundId` names one refund (a shop's refund, `refunds.uuid`) and is its idempotency key at
   * the provider: the same refund asked again is answered with the same provider refund, while
   * two partial refunds of one attempt stay two. Without it the attempt's own id is the key (one
   * refund per attempt: money an order could not keep, refunded in full).
   * @throws ProviderUnavailable (the refund may or may not have been made: ask again with the
   *   same `refundId`), ProviderRefused (it was not made: e.g. more than is left to refund).
   */
  refundPayment(ref: {
    providerRef: string;
    paymentId: string;
    amountMinor: number;
    currency: string;
    refundId?: string;
  }): Promise<string | null>;
}
