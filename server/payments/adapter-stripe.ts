/**
 * The Stripe adapter behind PaymentProvider (decision 013): a hosted Stripe Checkout Session
 * per payment attempt, through the official `stripe` package.
 *
 * - startPayment creates a Checkout Session in `payment` mode for one line (the order's total
 *   and description) and sends the shopper to its `url`; the session id is the providerRef.
 * - The result arrives as a signed webhook (`checkout.session.*` events), or is asked for with
 *   fetchPayment; cancelPayment expires an open session; refundPayment refunds its
 *   PaymentIntent.
 *
 * Money: our integer minor units are Stripe's `unit_amount` / `amount_total`; currencies are
 * upper case here and lower case on Stripe's side. Credentials stay inside the closure: no
 * message, returned object or log line of this module holds them.
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import {
  NotificationIgnored,
  NotificationRefused,
  type PaymentProvider,
  type ProviderPaymentReport,
  type ProviderPaymentState,
  ProviderRefused,
  ProviderUnavailable,
  type RawNotification,
} from './provider.ts';

/** One shop's Stripe credentials (from its payment settings). */
export interface StripeCredentials {
  /** `sk_test_…`, `sk_live_…`, or a restricted key `rk_test_…` / `rk_live_…`. */
  secretKey: string;
  /** The webhook endpoint's signing secret, `whsec_…`. */
  webhookSecret: string;
}

/** The server's Stripe settings, the same for every shop. */
export interface StripeConfig {
  /**
   * null: Stripe's real API. An origin such as `http://127.0.0.1:12345`: a local fake, reached
   * through the package's own `host`, `port` and `protocol` options.
   */
  apiBase: string | null;
  /** Per HTTP request to Stripe, in milliseconds; 10 000 by default. */
  timeoutMs?: number;
}

/**
 * The API version the installed package is typed for. Pinned so that upgrading the package
 * cannot change the wire format silently: a newer package no longer accepts this literal as
 * its `LatestApiVersion`, and the compiler points here.
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

/** How old a webhook's signed timestamp may be, and how far in the future (seconds). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * One retry, with the package's backoff (0.5 s to 1 s): it covers a dropped keep-alive
 * socket, a 409 lock or a 5xx blip, and it is safe because every write carries an idempotency
 * key (ours for creates and refunds, the package's own for the rest), so a retried create
 * answers the same session rather than a second one. More retries would keep a shopper
 * waiting on the checkout page for longer than a clear "try again" is worth; the order stays
 * payable either way.
 */
const MAX_NETWORK_RETRIES = 1;

const UNREACHABLE = 'The card payment provider could not be reached. Please try again in a moment.';
const SHOP_SETTINGS =
  'Card payments are not available for this shop at the moment. Please choose another payment method.';
const REFUSED =
  'The card payment provider refused this payment request. Please try again or choose another payment method.';
const DECLINED = 'The card was declined. Please try another card or payment method.';
const FAILED = 'The payment did not go through. Please try again or choose another payment method.';
const EXPIRED = 'The payment page expired before the payment was made.';

const SECRET_KEY = /^(?:sk|rk)_(?:test|live)_[0-9A-Za-z]{10,}$/;
const WEBHOOK_SECRET = /^whsec_[0-9A-Za-z+/=]{10,}$/;

/**
 * Checks a shop's stored Stripe credentials: `{ secretKey, webhookSecret }` as above.
 * @throws Error naming the bad field; the message never repeats a value.
 */
export function parseStripeCredentials(value: unknown): StripeCredentials {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('Stripe credentials must be an object with secretKey and webhookSecret.');
  }
  const { secretKey, webhookSecret } = value as Record<string, unknown>;
  if (typeof secretKey !== 'string' || secretKey === '') {
    throw new Error('Stripe credentials: secretKey is missing.');
  }
  if (secretKey.startsWith('pk_')) {
    throw new Error(
      'Stripe credentials: secretKey is a publishable key (pk_…); use the secret key (sk_…) or a restricted key (rk_…).',
    );
  }
  if (!SECRET_KEY.test(secretKey)) {
    throw new Error(
      'Stripe credentials: secretKey must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_test_…, rk_live_…), without spaces.',
    );
  }
  if (typeof webhookSecret !== 'string' || webhookSecret === '') {
    throw new Error('Stripe credentials: webhookSecret is missing.');
  }
  if (!WEBHOOK_SECRET.test(webhookSecret)) {
    throw new Error(
      "Stripe credentials: webhookSecret must be the webhook endpoint's signing secret (whsec_…), without spaces.",
    );
  }
  return { secretKey, webhookSecret };
}

/** The package's `host`, `port` and `protocol` for a fake's origin; nothing for the real API. */
function apiAddress(apiBase: string | null): Partial<Stripe.StripeConfig> {
  if (apiBase === null) return {};
  const url = new URL(apiBase);
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.username !== ''
  ) {
    // The package always adds /v1/ to the host: a path or credentials here would be lost.
    throw new Error('The Stripe API base must be an origin, such as http://127.0.0.1:12345.');
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    protocol,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (protocol === 'https' ? 443 : 80),
  };
}

/**
 * The official package, loaded with the first Stripe shop rather than at start-up: it costs
 * about 16 MB resident, which a shop on another provider never pays.
 */
function stripePackage(): typeof Stripe {
  return createRequire(import.meta.url)('stripe') as typeof Stripe;
}

/**
 * Turns a `stripe` package error into the interface's: unreachable, 5xx, rate limited or
 * timed out -> ProviderUnavailable; refused (4xx) -> ProviderRefused whose code is Stripe's
 * `code`, or the package's error class when Stripe gives none (an invalid key has none).
 * The package error stays in `cause` for the log; it holds no credential (Stripe masks a bad
 * key to its first 8 and last 4 characters). Anything else is a bug here and passes as is.
 */
function providerError(error: unknown): unknown {
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

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value;
  return value && typeof value.id === 'string' ? value.id : null;
}

/** What Stripe says of a session, in our terms; `eventId` null when we asked. */
function report(
  session: Stripe.Checkout.Session,
  state: ProviderPaymentState,
  eventId: string | null,
): ProviderPaymentReport {
  const metadataId = session.metadata?.payment_id;
  return {
    eventId,
    providerRef: session.id,
    paymentId: session.client_reference_id ?? (typeof metadataId === 'string' ? metadataId : null),
    state,
    amountMinor: Number.isSafeInteger(session.amount_total) ? session.amount_total : null,
    currency: typeof session.currency === 'string' ? session.currency.toUpperCase() : null,
    transactionRef: idOf(session.payment_intent),
    errorMessage: state === 'failed' ? FAILED : state === 'canceled' ? EXPIRED : null,
  };
}

/** The header's value whatever its case; null when absent or sent more than once. */
function signatureHeader(headers: RawNotification['headers']): string | null {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'stripe-signature') continue;
    const single = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
    return single ? single : null;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const malformed = (message: string) => new NotificationRefused('malformed', message);

/**
 * Creates the adapter for one shop.
 * @throws Error when the credentials or `config.apiBase` are unusable (see
 *   parseStripeCredentials); the message never holds a secret.
 */
export function createStripeProvider(
  credentials: StripeCredentials,
  config: StripeConfig,
): PaymentProvider {
  const { secretKey, webhookSecret } = parseStripeCredentials(credentials);
  const StripeClient = stripePackage();
  const stripe = new StripeClient(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    appInfo: { name: 'handcraft-storefront' },
    ...apiAddress(config.apiBase),
  });
  // A test-mode event reaching a live shop (or the reverse) is a misconfigured endpoint.
  const livemode = secretKey.includes('_live_');

  /** The state of a retrieved session whose `payment_intent` is expanded. */
  function stateOf(session: Stripe.Checkout.Session): ProviderPaymentState {
    if (session.status === 'open') return 'open';
    if (session.status === 'expired') return 'canceled';
    if (session.status === 'complete' && session.payment_status === 'paid') return 'succeeded';
    if (session.status === 'complete' && session.payment_status === 'unpaid') {
      // A completed, unpaid session is an asynchronous method (a bank debit) still settling,
      // or one that failed: Stripe leaves the session as it is then and moves the
      // PaymentIntent back to requires_payment_method.
      const intent = session.payment_intent;
      const status = typeof intent === 'object' && intent !== null ? intent.status : null;
      if (status === 'succeeded') return 'succeeded';
      if (status === 'requires_payment_method' || status === 'canceled') return 'failed';
      return 'pending';
    }
    throw new ProviderUnavailable(UNREACHABLE, {
      cause: new Error(
        `Checkout Session ${session.id} has status ${String(session.status)} and payment_status ${session.payment_status}, which this adapter never creates.`,
      ),
    });
  }

  /** Reads a verified event; see NotificationIgnored for what is not ours. */
  function readEvent(event: unknown): ProviderPaymentReport {
    if (
      !isRecord(event) ||
      event.object !== 'event' ||
      typeof event.id !== 'string' ||
      typeof event.type !== 'string' ||
      !isRecord(event.data) ||
      !isRecord(event.data.object)
    ) {
      throw malformed('The notification is not a Stripe event.');
    }
    if (event.livemode !== livemode) {
      throw new NotificationRefused(
        'mismatched',
        `The Stripe event is from ${event.livemode ? 'live' : 'test'} mode, but this shop uses ${livemode ? 'live' : 'test'} keys.`,
      );
    }
    const { id, type } = event;
    const ignored = (why: string) =>
      new NotificationIgnored(id, type, `Stripe event ${id} (${type}) is ignored: ${why}.`);
    if (!type.startsWith('checkout.session.')) throw ignored('it is not about a Checkout Session');

    const object = event.data.object;
    if (object.object !== 'checkout.session' || typeof object.id !== 'string') {
      throw malformed(`The ${type} event does not carry a Checkout Session.`);
    }
    const session = object as unknown as Stripe.Checkout.Session;
    if (session.mode !== 'payment') throw ignored(`the session is in ${String(session.mode)} mode`);
    const ours = report(session, 'open', id);
    if (ours.paymentId === null) throw ignored('the session was not started by this shop');

    switch (type) {
      case 'checkout.session.completed':
        if (session.payment_status === 'paid') return { ...ours, state: 'succeeded' };
        if (session.payment_status === 'unpaid') return { ...ours, state: 'pending' };
        // We always charge more than 0 and allow no promotion codes, so Stripe never sends
        // no_payment_required for one of our sessions.
        throw malformed(
          `The completed session has payment_status ${String(session.payment_status)}.`,
        );
      case 'checkout.session.async_payment_succeeded':
        return { ...ours, state: 'succeeded' };
      case 'checkout.session.async_payment_failed':
        return { ...ours, state: 'failed', errorMessage: FAILED };
      case 'checkout.session.expired':
        return { ...ours, state: 'canceled', errorMessage: EXPIRED };
      default:
        throw ignored('this event type does not change a payment');
    }
  }

  return {
    name: 'stripe',

    /**
     * Creates a Checkout Session: one line of `amountMinor` in `currency`, named
     * `description`; both the success and the cancel URL are `returnUrl`, whose page asks us
     * for the state. Our payment id travels as `client_reference_id` and, with the order
     * number, as metadata of the session and its PaymentIntent. The idempotency key
     * `start-{paymentId}` makes a repeated start answer the same session (Stripe keeps keys
     * for 24 hours), which is why no `expires_at` is sent: a time-dependent parameter would
     * make the repeat differ from the original, which Stripe refuses. The session lives
     * Stripe's default 24 hours unless the order module expires it with cancelPayment.
     * @throws ProviderUnavailable, ProviderRefused.
     */
    async startPayment(input) {
      const metadata = { payment_id: input.paymentId, order_number: input.orderNumber };
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amountMinor,
                  product_data: { name: input.description },
                },
              },
            ],
            success_url: input.returnUrl,
            cancel_url: input.returnUrl,
            client_reference_id: input.paymentId,
            metadata,
            payment_intent_data: { metadata, description: input.description },
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          },
          { idempotencyKey: `start-${input.paymentId}` },
        ),
      );
      if (!session.url) {
        throw new ProviderUnavailable(UNREACHABLE, {
          cause: new Error(`Checkout Session ${session.id} came back without a url.`),
        });
      }
      return { redirectUrl: session.url, providerRef: session.id };
    },

    /**
     * Verifies `Stripe-Signature` over the exact raw body with the shop's webhook secret
     * (the package's constructEvent, 300 s tolerance), then reads the event:
     * `checkout.session.completed` -> succeeded (paid) or pending (unpaid: an asynchronous
     * method settling); `…async_payment_succeeded` -> succeeded; `…async_payment_failed` ->
     * failed; `…expired` -> canceled. `eventId` is the event's id, `transactionRef` the
     * PaymentIntent.
     * @throws NotificationRefused: forged (no header, no matching signature), stale (signed
     *   more than 300 s ago or ahead), mismatched (live/test mode differs from the key),
     *   malformed (not JSON, not an event, a session state we never create).
     * @throws NotificationIgnored for a valid event that is not about one of our payments.
     */
    async parseNotification(notification) {
      const header = signatureHeader(notification.headers);
      if (header === null) {
        throw new NotificationRefused('forged', 'The Stripe-Signature header is missing.');
      }
      if (!notification.rawBody) throw malformed('The notification has no body.');
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(
          notification.rawBody,
          header,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        if (error instanceof StripeClient.errors.StripeSignatureVerificationError) {
          // The package checks the timestamp only after the signature matched, and tells the
          // two apart by nothing but this message: an authentic notification, too old.
          if (error.message.startsWith('Timestamp outside the tolerance zone')) {
            throw new NotificationRefused(
              'stale',
              `The Stripe notification was signed more than ${WEBHOOK_TOLERANCE_SECONDS} seconds ago.`,
            );
          }
          throw new NotificationRefused(
            'forged',
            "The Stripe signature does not match this shop's webhook secret.",
          );
        }
        // Thrown after the signature verified: the body is not JSON, or not a snapshot event.
        throw malformed('The notification is not a Stripe event.');
      }
      // The package lets a timestamp from the future through; a clock that far ahead is
      // refused like an old one (decision 006: within 300 s either way).
      // The package verifies against the last `t=` of the header, so this reads that one too.
      const signedAt = Number([...header.matchAll(/(?:^|,)t=(\d+)/g)].at(-1)?.[1]);
      if (signedAt - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
        throw new NotificationRefused(
          'stale',
          `The Stripe notification is signed more than ${WEBHOOK_TOLERANCE_SECONDS} seconds in the future.`,
        );
      }
      return readEvent(event);
    },

    /**
     * Retrieves the session (with its PaymentIntent): open -> open; expired -> canceled;
     * complete and paid -> succeeded; complete and unpaid -> pending while the PaymentIntent
     * settles, failed once it went back to requires_payment_method. `eventId` is null.
     * @throws ProviderUnavailable, ProviderRefused (an unknown session: `resource_missing`).
     */
    async fetchPayment({ providerRef }) {
      const session = await call(() =>
        stripe.checkout.sessions.retrieve(providerRef, { expand: ['payment_intent'] }),
      );
      return report(session, stateOf(session), null);
    },

    /**
     * Expires an open session: true. A session that is no longer open (expired, or completed:
     * its result comes by webhook or fetchPayment) resolves false. Stripe answers that with a
     * 400 whose only sign is its wording, so the session is read again instead.
     * @throws ProviderUnavailable, ProviderRefused (an unknown session, a bad key).
     */
    async cancelPayment({ providerRef }) {
      try {
        await stripe.checkout.sessions.expire(providerRef);
        return true;
      } catch (error) {
        if (error instanceof StripeClient.errors.StripeInvalidRequestError && error.statusCode === 400) {
          const session = await call(() => stripe.checkout.sessions.retrieve(providerRef));
          if (session.status !== 'open') return false;
        }
        throw providerError(error);
      }
    },

    /**
     * Refunds `amountMinor` of the session's PaymentIntent, with the idempotency key
     * `refund-{paymentId}` (one refund per attempt; a repeat answers the same refund).
     * Resolves to the refund's id (`re_…`).
     * @throws ProviderRefused when the session was not paid (`payment_not_captured`) or is in
     *   another currency (`currency_mismatch`), or Stripe refuses; ProviderUnavailable.
     */
    async refundPayment({ providerRef, paymentId, amountMinor, currency }) {
      const session = await call(() => stripe.checkout.sessions.retrieve(providerRef));
      const paymentIntent = idOf(session.payment_intent);
      if (session.payment_status !== 'paid' || paymentIntent === null) {
        throw new ProviderRefused(
          'This payment was not captured, so there is nothing to refund.',
          'payment_not_captured',
        );
      }
      if (session.currency?.toUpperCase() !== currency.toUpperCase()) {
        throw new ProviderRefused(
          'The refund is in another currency than the payment.',
          'currency_mismatch',
        );
      }
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: amountMinor,
            metadata: { payment_id: paymentId },
          },
          { idempotencyKey: `refund-${paymentId}` },
        ),
      );
      return refund.id;
    },
  };
}
