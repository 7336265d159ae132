/**
 * The Stripe adapter against a local fake of the Stripe API (server/test/fake-stripe.ts),
 * over real HTTP on 127.0.0.1: the official `stripe` package is pointed at the fake through
 * its host/port/protocol options, and every test checks what the fake received.
 */
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { createRequire } from 'node:module';
import type StripeType from 'stripe';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import {
  createStripeProvider,
  parseStripeCredentials,
  STRIPE_API_VERSION,
} from './adapter-stripe.ts';
import {
  NotificationIgnored,
  NotificationRefused,
  type PaymentProvider,
  ProviderRefused,
  ProviderUnavailable,
  type StartPaymentInput,
} from './provider.ts';

const SECRET_KEY = 'sk_test_51FakeShopKey0123456789abcdefghijklmnopqrstuvwxyzABCDEF';
const WEBHOOK_SECRET = 'whsec_FakeEndpointSecret0123456789abcdefABCDEF';
const SECRETS = [SECRET_KEY, WEBHOOK_SECRET];
const UNREACHABLE = 'The card payment provider could not be reached. Please try again in a moment.';

const PAYMENT_ID = '3f2c1a9e-7b4d-4c1e-9a52-6d0f8e7b1c23';
const INPUT: StartPaymentInput = {
  paymentId: PAYMENT_ID,
  orderNumber: 'ORD-ABCD-EFGH',
  attempt: 1,
  amountMinor: 4500,
  currency: 'USD',
  description: 'Ember & Oak order ORD-ABCD-EFGH',
  returnUrl: `https://shop.example/payment/return?paymentId=${PAYMENT_ID}`,
  notifyUrl: 'https://api.shop.example/payments/stripe/notify/',
  customerEmail: 'ada@example.com',
};

// The adapter loads the package with require; its error classes are that copy's.
const Stripe = createRequire(import.meta.url)('stripe') as typeof StripeType;

let fake: FakeStripe;
let stripe: PaymentProvider;

beforeEach(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  stripe = createStripeProvider(
    { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
    { apiBase: fake.apiBase, timeoutMs: 2_000 },
  );
});

afterEach(async () => {
  await fake.close();
});

/** The error a promise rejects with, after checking that no secret is anywhere in it. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  const text = [String((error as Error).message), String((error as Error).stack)].join('\n');
  const deep = inspect(error, { depth: 6, showHidden: true });
  for (const secret of SECRETS) {
    expect(text).not.toContain(secret);
    expect(deep).not.toContain(secret);
  }
  return error as Error;
}

async function started() {
  const payment = await stripe.startPayment(INPUT);
  return { ...payment, ref: { providerRef: payment.providerRef, paymentId: PAYMENT_ID } };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('Stripe credentials', () => {
  it('accept secret and restricted keys with a webhook signing secret', () => {
    expect(
      parseStripeCredentials({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }),
    ).toEqual({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    const restricted = 'rk_live_0123456789abcdefghijklmnop';
    expect(
      parseStripeCredentials({ secretKey: restricted, webhookSecret: WEBHOOK_SECRET }),
    ).toEqual({
      secretKey: restricted,
      webhookSecret: WEBHOOK_SECRET,
    });
  });

  it('name the bad field and never repeat a value', () => {
    const cases: [unknown, RegExp][] = [
      [null, /object with secretKey and webhookSecret/],
      [{ webhookSecret: WEBHOOK_SECRET }, /secretKey is missing/],
      [{ secretKey: 'pk_test_0123456789abcdef', webhookSecret: WEBHOOK_SECRET }, /publishable/],
      [{ secretKey: `${SECRET_KEY} `, webhookSecret: WEBHOOK_SECRET }, /secretKey must be/],
      [{ secretKey: SECRET_KEY }, /webhookSecret is missing/],
      [{ secretKey: SECRET_KEY, webhookSecret: SECRET_KEY }, /webhookSecret must be/],
    ];
    for (const [value, message] of cases) {
      let thrown: unknown;
      try {
        parseStripeCredentials(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Error);
      expect((thrown as Error).message).toMatch(message);
      for (const secret of SECRETS) expect((thrown as Error).message).not.toContain(secret);
    }
  });
});

describe('starting a Stripe card payment', () => {
  it('creates a Checkout Session for the order total and sends the shopper to its page', async () => {
    const { redirectUrl, providerRef } = await stripe.startPayment(INPUT);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(request?.headers['idempotency-key']).toBe(`start-${PAYMENT_ID}`);
    expect(request?.headers['user-agent']).toContain('handcraft-storefront');
    const metadata = { payment_id: PAYMENT_ID, order_number: 'ORD-ABCD-EFGH' };
    expect(request?.params).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '4500',
            product_data: { name: 'Ember & Oak order ORD-ABCD-EFGH' },
          },
        },
      ],
      success_url: INPUT.returnUrl,
      cancel_url: INPUT.returnUrl,
      client_reference_id: PAYMENT_ID,
      metadata,
      payment_intent_data: { metadata, description: 'Ember & Oak order ORD-ABCD-EFGH' },
      customer_email: 'ada@example.com',
    });

    const session = fake.sessions.get(providerRef);
    expect(session).toMatchObject({ amount_total: 4500, currency: 'usd', status: 'open' });
    expect(providerRef).toMatch(/^cs_test_/);
    expect(redirectUrl).toBe(session?.url);
  });

  it('leaves the e-mail for the shopper to type when we do not know it', async () => {
    await stripe.startPayment({ ...INPUT, customerEmail: null });
    expect(fake.requests[0]?.params).not.toHaveProperty('customer_email');
  });

  it('answers the same session when the same attempt is started twice', async () => {
    const first = await stripe.startPayment(INPUT);
    const second = await stripe.startPayment(INPUT);

    expect(second).toEqual(first);
    expect(fake.sessions.size).toBe(1);
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      `start-${PAYMENT_ID}`,
      `start-${PAYMENT_ID}`,
    ]);
  });

  it('refuses to reuse an attempt for another amount rather than open a second page', async () => {
    await stripe.startPayment(INPUT);
    const error = await failure(stripe.startPayment({ ...INPUT, amountMinor: 4600 }));

    expect(error).toBeInstanceOf(ProviderRefused);
    expect((error as ProviderRefused).code).toBe('StripeIdempotencyError');
    expect(fake.sessions.size).toBe(1);
  });

  it('rides out one 503 by retrying with the same idempotency key', async () => {
    fake.failNext(503);
    const { providerRef } = await stripe.startPayment(INPUT);

    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.headers['idempotency-key']).toBe(`start-${PAYMENT_ID}`);
    expect(fake.sessions.has(providerRef)).toBe(true);
  });

  it('refuses when Stripe refuses the request, with its code', async () => {
    const error = await failure(stripe.startPayment({ ...INPUT, currency: 'U$D' }));
    expect(error).toBeInstanceOf(ProviderRefused);
    expect(error.message).toBe(
      'The card payment provider refused this payment request. Please try again or choose another payment method.',
    );
    expect((error as ProviderRefused).code).toBe('StripeInvalidRequestError');
  });
});

describe('when Stripe cannot be reached', () => {
  it('says so when Stripe keeps answering 500', async () => {
    fake.failNext(500, 2);
    const error = await failure(stripe.startPayment(INPUT));

    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toBe(UNREACHABLE);
    expect(error.cause).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up after the timeout when Stripe does not answer', async () => {
    const impatient = createStripeProvider(
      { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
      { apiBase: fake.apiBase, timeoutMs: 200 },
    );
    fake.failNext('hang', 2);
    const startedAt = Date.now();
    const error = await failure(impatient.startPayment(INPUT));

    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toBe(UNREACHABLE);
    expect(error.cause).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(fake.requests).toHaveLength(2);
  });

  it('says so when Stripe drops the connection', async () => {
    fake.failNext('close', 2);
    const error = await failure(
      stripe.fetchPayment({ providerRef: 'cs_test_x', paymentId: PAYMENT_ID }),
    );
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('says so when nothing listens at the address', async () => {
    const nowhere = createStripeProvider(
      { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
      { apiBase: `http://127.0.0.1:${await freePort()}` },
    );
    const error = await failure(nowhere.startPayment(INPUT));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toBe(UNREACHABLE);
  });

  it('refuses, without repeating the key, when the shop key is wrong', async () => {
    const otherKey = 'sk_test_51AnotherKeyThatStripeDoesNotKnow0123456789';
    const wrong = createStripeProvider(
      { secretKey: otherKey, webhookSecret: WEBHOOK_SECRET },
      { apiBase: fake.apiBase },
    );
    const error = await failure(wrong.startPayment(INPUT));

    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${otherKey}`);
    expect(error).toBeInstanceOf(ProviderRefused);
    expect(error.message).toBe(
      'Card payments are not available for this shop at the moment. Please choose another payment method.',
    );
    expect((error as ProviderRefused).code).toBe('StripeAuthenticationError');
    expect(error.cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(inspect(error, { depth: 6 })).not.toContain(otherKey);
    expect(fake.sessions.size).toBe(0);
  });
});

describe("asking Stripe for a payment's state", () => {
  it('is open while the shopper is on the page', async () => {
    const { ref } = await started();
    expect(await stripe.fetchPayment(ref)).toEqual({
      eventId: null,
      providerRef: ref.providerRef,
      paymentId: PAYMENT_ID,
      state: 'open',
      amountMinor: 4500,
      currency: 'USD',
      transactionRef: null,
      errorMessage: null,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/checkout/sessions/${ref.providerRef}`,
      params: { expand: ['payment_intent'] },
    });
  });

  it('is succeeded once paid, with the PaymentIntent as the transaction', async () => {
    const { ref } = await started();
    const session = fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    expect(await stripe.fetchPayment(ref)).toMatchObject({
      state: 'succeeded',
      transactionRef: session.payment_intent,
      amountMinor: 4500,
      currency: 'USD',
    });
  });

  it('is pending while an asynchronous payment settles, then failed if it does not', async () => {
    const { ref } = await started();
    fake.complete(ref.providerRef, { paymentStatus: 'unpaid' });
    expect(await stripe.fetchPayment(ref)).toMatchObject({ state: 'pending', errorMessage: null });

    fake.settle(ref.providerRef, 'failed');
    const failed = await stripe.fetchPayment(ref);
    expect(failed.state).toBe('failed');
    expect(failed.errorMessage).toMatch(/did not go through/);
  });

  it('is canceled once the page expired', async () => {
    const { ref } = await started();
    fake.expire(ref.providerRef);
    const canceled = await stripe.fetchPayment(ref);
    expect(canceled.state).toBe('canceled');
    expect(canceled.errorMessage).toMatch(/expired/);
  });

  it('refuses for a session Stripe does not know', async () => {
    const error = await failure(
      stripe.fetchPayment({ providerRef: 'cs_test_nope', paymentId: PAYMENT_ID }),
    );
    expect(error).toBeInstanceOf(ProviderRefused);
    expect((error as ProviderRefused).code).toBe('resource_missing');
  });
});

describe('Stripe webhooks', () => {
  it('report a paid session as succeeded, with amount, currency and references', async () => {
    const { ref } = await started();
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
    const { ref } = await started();
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
    const { ref } = await started();
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
    const { ref } = await started();
    fake.expire(ref.providerRef);
    const report = await stripe.parseNotification(
      fake.webhook('checkout.session.expired', ref.providerRef),
    );
    expect(report).toMatchObject({ state: 'canceled', transactionRef: null });
    expect(report.errorMessage).toBe('The payment page expired before the payment was made.');
  });

  it('give a replayed event the same event id', async () => {
    const { ref } = await started();
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
    const { ref } = await started();
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
    const { ref } = await started();
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
    const { ref } = await started();
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
    const { ref } = await started();
    fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    const error = await failure(
      live.parseNotification(fake.webhook('checkout.session.completed', ref.providerRef)),
    );
    expect((error as NotificationRefused).reason).toBe('mismatched');
  });

  it('set aside valid events that are not about our payments, without refusing them', async () => {
    const { ref } = await started();
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

describe('canceling a Stripe payment', () => {
  it('expires an open page', async () => {
    const { ref } = await started();
    expect(await stripe.cancelPayment(ref)).toBe(true);
    expect(fake.sessions.get(ref.providerRef)?.status).toBe('expired');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/checkout/sessions/${ref.providerRef}/expire`,
    });
  });

  it('answers false for a page that already expired or was paid', async () => {
    const { ref } = await started();
    fake.expire(ref.providerRef);
    expect(await stripe.cancelPayment(ref)).toBe(false);

    const paid = await stripe.startPayment({ ...INPUT, paymentId: 'another-attempt' });
    fake.complete(paid.providerRef, { paymentStatus: 'paid' });
    expect(
      await stripe.cancelPayment({ providerRef: paid.providerRef, paymentId: 'another-attempt' }),
    ).toBe(false);
    expect(fake.sessions.get(paid.providerRef)?.status).toBe('complete');
  });

  it('refuses for a session Stripe does not know', async () => {
    const error = await failure(
      stripe.cancelPayment({ providerRef: 'cs_test_nope', paymentId: PAYMENT_ID }),
    );
    expect(error).toBeInstanceOf(ProviderRefused);
    expect((error as ProviderRefused).code).toBe('resource_missing');
  });
});

describe('refunding a Stripe payment', () => {
  it("refunds the amount from the session's PaymentIntent and answers the refund id", async () => {
    const { ref } = await started();
    const session = fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    const refundId = await stripe.refundPayment({ ...ref, amountMinor: 4500, currency: 'USD' });

    expect(refundId).toMatch(/^re_/);
    expect(fake.refunds.get(refundId as string)).toMatchObject({
      amount: 4500,
      payment_intent: session.payment_intent,
    });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      params: {
        payment_intent: session.payment_intent,
        amount: '4500',
        metadata: { payment_id: PAYMENT_ID },
      },
    });
    expect(request?.headers['idempotency-key']).toBe(`refund-${PAYMENT_ID}`);

    // A repeat (our retry after a lost answer) is the same refund, not a second one.
    expect(await stripe.refundPayment({ ...ref, amountMinor: 4500, currency: 'USD' })).toBe(
      refundId,
    );
    expect(fake.refunds.size).toBe(1);
  });

  it('refuses to refund a payment that was never captured', async () => {
    const { ref } = await started();
    const error = await failure(
      stripe.refundPayment({ ...ref, amountMinor: 4500, currency: 'USD' }),
    );
    expect(error).toBeInstanceOf(ProviderRefused);
    expect((error as ProviderRefused).code).toBe('payment_not_captured');
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(0);
  });
});
