/**
 * The Stripe adapter reading Stripe's webhooks, signed by a local fake of the Stripe API
 * (server/test/fake-stripe.ts): each kind of event as a report of the payment's state, a replay as
 * the same event, and forged, stale, malformed or mismatched bodies refused; valid events about
 * anything but our payments are set aside.
 */
import type { FakeStripe } from '../../../test/fake-stripe.ts';
import { createStripeProvider } from './adapter.ts';
import {
  PAYMENT_ID,
  WEBHOOK_SECRET,
  failure,
  started,
  useFakeStripe,
} from '../../../test/provider-stripe.ts';
import { NotificationIgnored, NotificationRefused, type PaymentProvider } from '../../provider.ts';

let fake: FakeStripe;
let stripe: PaymentProvider;
useFakeStripe((started) => ({ fake, stripe } = started));

describe('Stripe webhooks', () => {
  it('report a paid session as succeeded, with amount, currency and references', async () => {
    const { ref } = await started(stripe);
    const session = fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    const { eventId, rawBody, headers } = fake.webhook(
      'checkout.session.completed',
      ref.providerRef,
    );

    expect(await stripe.parseNotification({ rawBody, headers })).toEqual({
      eventId,
      providerRef: ref.providerRef,
      paymentId: PAYMENT_ID,
      state: 'succeeded',
      amountMinor: 4500,
      currency: 'USD',
      transactionRef: session.payment_intent,
      errorMessage: null,
    });
    expect(eventId).toMatch(/^evt_/);
  });

  it('report an asynchronous payment as pending, then succeeded', async () => {
    const { ref } = await started(stripe);
    fake.complete(ref.providerRef, { paymentStatus: 'unpaid' });
    const completed = fake.webhook('checkout.session.completed', ref.providerRef);
    expect((await stripe.parseNotification(completed)).state).toBe('pending');

    fake.settle(ref.providerRef, 'paid');
    const settled = fake.webhook('checkout.session.async_payment_succeeded', ref.providerRef);
    const report = await stripe.parseNotification(settled);
    expect(report.state).toBe('succeeded');
    expect(report.eventId).toBe(settled.eventId);
    expect(report.eventId).not.toBe(completed.eventId);
  });

  it('report a failed asynchronous payment as failed, in words a shopper may read', async () => {
    const { ref } = await started(stripe);
    fake.complete(ref.providerRef, { paymentStatus: 'unpaid' });
    fake.settle(ref.providerRef, 'failed');
    const report = await stripe.parseNotification(
      fake.webhook('checkout.session.async_payment_failed', ref.providerRef),
    );
    expect(report).toMatchObject({ state: 'failed', paymentId: PAYMENT_ID });
    expect(report.errorMessage).toBe(
      'The payment did not go through. Please try again or choose another payment method.',
    );
  });

  it('report an expired page as canceled', async () => {
    const { ref } = await started(stripe);
    fake.expire(ref.providerRef);
    const report = await stripe.parseNotification(
      fake.webhook('checkout.session.expired', ref.providerRef),
    );
    expect(report).toMatchObject({ state: 'canceled', transactionRef: null });
    expect(report.errorMessage).toBe('The payment page expired before the payment was made.');
  });

  it('give a replayed event the same event id', async () => {
    const { ref } = await started(stripe);
    fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    const event = fake.webhook('checkout.session.completed', ref.providerRef);
    const first = await stripe.parseNotification(event);
    // Stripe re-sends the same body, signed again at the time of the retry.
    const again = {
      rawBody: event.rawBody,
      headers: { 'Stripe-Signature': fake.sign(event.rawBody) },
    };
    const second = await stripe.parseNotification(again);
    expect(second.eventId).toBe(first.eventId);
    expect(second).toEqual(first);
  });

  it('refuse forged notifications', async () => {
    const { ref } = await started(stripe);
    fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    const genuine = fake.webhook('checkout.session.completed', ref.providerRef);
    const forgeries = [
      fake.webhook('checkout.session.completed', ref.providerRef, {
        secret: 'whsec_SomebodyElsesSecret0123456789',
      }),
      { ...genuine, rawBody: genuine.rawBody.replace('"amount_total": 4500', '"amount_total": 1') },
      { rawBody: genuine.rawBody, headers: {} },
      { rawBody: genuine.rawBody, headers: { 'stripe-signature': 'garbage' } },
      { rawBody: genuine.rawBody, headers: { 'stripe-signature': ['a', 'b'] } },
    ];
    expect(forgeries[1]?.rawBody).not.toBe(genuine.rawBody);
    for (const forged of forgeries) {
      const error = await failure(stripe.parseNotification(forged));
      expect(error).toBeInstanceOf(NotificationRefused);
      expect((error as NotificationRefused).reason).toBe('forged');
    }
  });

  it('refuse notifications signed ten minutes ago or ten minutes ahead as stale', async () => {
    const { ref } = await started(stripe);
    fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 600, now + 600]) {
      const event = fake.webhook('checkout.session.completed', ref.providerRef, { timestamp });
      const error = await failure(stripe.parseNotification(event));
      expect(error).toBeInstanceOf(NotificationRefused);
      expect((error as NotificationRefused).reason).toBe('stale');
    }
  });

  it('refuse correctly signed bodies that are not a Stripe event as malformed', async () => {
    const { ref } = await started(stripe);
    fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    const event = JSON.parse(fake.webhook('checkout.session.completed', ref.providerRef).rawBody);
    const bodies = [
      'this is not JSON',
      JSON.stringify({ hello: 'world' }),
      JSON.stringify({ ...event, data: { object: { object: 'charge', id: 'ch_1' } } }),
      JSON.stringify({
        ...event,
        data: { object: { ...event.data.object, payment_status: 'no_payment_required' } },
      }),
    ];
    for (const rawBody of bodies) {
      const headers = { 'stripe-signature': fake.sign(rawBody) };
      const error = await failure(stripe.parseNotification({ rawBody, headers }));
      expect(error).toBeInstanceOf(NotificationRefused);
      expect((error as NotificationRefused).reason).toBe('malformed');
    }
  });

  it('refuse a test-mode event at a live shop as mismatched', async () => {
    const live = createStripeProvider(
      { secretKey: 'sk_live_51LiveShopKey0123456789abcdef', webhookSecret: WEBHOOK_SECRET },
      { apiBase: fake.apiBase },
    );
    const { ref } = await started(stripe);
    fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    const error = await failure(
      live.parseNotification(fake.webhook('checkout.session.completed', ref.providerRef)),
    );
    expect((error as NotificationRefused).reason).toBe('mismatched');
  });

  it('set aside valid events that are not about our payments, without refusing them', async () => {
    const { ref } = await started(stripe);
    fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    const event = JSON.parse(fake.webhook('checkout.session.completed', ref.providerRef).rawBody);
    const session = event.data.object;
    const others = [
      { ...event, type: 'customer.created', data: { object: { object: 'customer', id: 'cus_1' } } },
      { ...event, type: 'checkout.session.updated' },
      { ...event, data: { object: { ...session, mode: 'subscription' } } },
      // A payment link the shop made in Stripe's dashboard: not one of our attempts.
      { ...event, data: { object: { ...session, client_reference_id: null, metadata: {} } } },
    ];
    for (const other of others) {
      const rawBody = JSON.stringify(other, null, 2);
      const headers = { 'stripe-signature': fake.sign(rawBody) };
      const error = await failure(stripe.parseNotification({ rawBody, headers }));
      expect(error).toBeInstanceOf(NotificationIgnored);
      expect(error).not.toBeInstanceOf(NotificationRefused);
      expect((error as NotificationIgnored).eventId).toBe(event.id);
      expect((error as NotificationIgnored).eventType).toBe(other.type);
    }
  });
});
