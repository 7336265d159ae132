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
 *
 * The parts: ./settings.ts (credentials, settings, the package), ./errors.ts (Stripe's errors
 * as the interface's), ./events.ts (sessions and events read into our payment states). This
 * module makes the calls.
 */
import {
  NotificationRefused,
  type PaymentProvider,
  ProviderRefused,
  ProviderUnavailable,
} from '../../provider.ts';
import { call, KEY_REFUSED, KEY_TOO_NARROW, providerError, UNREACHABLE } from './errors.ts';
import { idOf, malformed, readEvent, report, signatureHeader, stateOf } from './events.ts';
import {
  apiAddress,
  DEFAULT_TIMEOUT_MS,
  MAX_NETWORK_RETRIES,
  parseStripeCredentials,
  STRIPE_API_VERSION,
  type StripeConfig,
  type StripeCredentials,
  stripePackage,
  WEBHOOK_TOLERANCE_SECONDS,
} from './settings.ts';

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
      // refused like an old one (decision 023: within 300 s either way).
      // The package verifies against the last `t=` of the header, so this reads that one too.
      const signedAt = Number([...header.matchAll(/(?:^|,)t=(\d+)/g)].at(-1)?.[1]);
      if (signedAt - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
        throw new NotificationRefused(
          'stale',
          `The Stripe notification is signed more than ${WEBHOOK_TOLERANCE_SECONDS} seconds in the future.`,
        );
      }
      return readEvent(event, livemode);
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
        if (
          error instanceof StripeClient.errors.StripeInvalidRequestError &&
          error.statusCode === 400
        ) {
          const session = await call(() => stripe.checkout.sessions.retrieve(providerRef));
          if (session.status !== 'open') return false;
        }
        throw providerError(error);
      }
    },

    /**
     * Lists one Checkout Session: the least a key must do for this shop, and changes nothing.
     * `live` follows the key (`sk_live_`, `rk_live_`). The webhook signing secret cannot be
     * tested this way: Stripe never reveals it; a wrong one shows as refused notifications.
     * @throws ProviderRefused with the owner's words when Stripe refuses the key or its
     *   permissions; ProviderUnavailable.
     */
    async checkCredentials() {
      try {
        await stripe.checkout.sessions.list({ limit: 1 });
      } catch (error) {
        if (error instanceof StripeClient.errors.StripeAuthenticationError) {
          throw new ProviderRefused(KEY_REFUSED, 'invalid_api_key');
        }
        if (error instanceof StripeClient.errors.StripePermissionError) {
          throw new ProviderRefused(KEY_TOO_NARROW, 'permission_denied');
        }
        throw providerError(error);
      }
      return { live: livemode };
    },

    /**
     * Refunds `amountMinor` of the session's PaymentIntent (all of it or part), with the
     * idempotency key `refund-{refundId}`, or `refund-{paymentId}` without one (one refund per
     * attempt); a repeat answers the same refund. Resolves to the refund's id (`re_…`).
     * @throws ProviderRefused when the session was not paid (`payment_not_captured`) or is in
     *   another currency (`currency_mismatch`), or Stripe refuses (more than is left unrefunded);
     *   ProviderUnavailable.
     */
    async refundPayment({ providerRef, paymentId, amountMinor, currency, refundId }) {
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
            metadata: { payment_id: paymentId, ...(refundId ? { refund_id: refundId } : {}) },
          },
          { idempotencyKey: `refund-${refundId ?? paymentId}` },
        ),
      );
      return refund.id;
    },
  };
}
