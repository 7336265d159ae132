/**
 * Stripe's Checkout Sessions and webhook events in our terms: a session's status and payment
 * status (and its PaymentIntent's) mapped to our payment states, a verified event read into a
 * ProviderPaymentReport (or refused, or ignored when it is not about one of our payments),
 * and the Stripe-Signature header picked out of a notification.
 */
import type Stripe from 'stripe';
import {
  NotificationIgnored,
  NotificationRefused,
  type ProviderPaymentReport,
  type ProviderPaymentState,
  ProviderUnavailable,
  type RawNotification,
} from '../../provider.ts';
import { EXPIRED, FAILED, UNREACHABLE } from './errors.ts';

/** A Stripe reference as its id, whether expanded into an object or not; null when absent. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value;
  return value && typeof value.id === 'string' ? value.id : null;
}

/** What Stripe says of a session, in our terms; `eventId` null when we asked. */
export function report(
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

/**
 * The state of a retrieved session whose `payment_intent` is expanded.
 * @throws ProviderUnavailable for a session state this adapter never creates.
 */
export function stateOf(session: Stripe.Checkout.Session): ProviderPaymentState {
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

/** The header's value whatever its case; null when absent or sent more than once. */
export function signatureHeader(headers: RawNotification['headers']): string | null {
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

/** A notification refused as malformed, with `message` saying what is wrong. */
export const malformed = (message: string) => new NotificationRefused('malformed', message);

/**
 * Reads a verified event as a report of one of our payments. `livemode` is the shop's key's
 * mode: an event from the other mode is a misconfigured endpoint.
 * @throws NotificationRefused (mismatched, malformed); NotificationIgnored for a valid event
 *   that is not about one of our payments.
 */
export function readEvent(event: unknown, livemode: boolean): ProviderPaymentReport {
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
