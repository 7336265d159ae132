/**
 * The Stripe adapter against a local fake of the Stripe API (server/test/fake-stripe.ts), over
 * real HTTP on 127.0.0.1: the shop's credentials, starting a payment as a Checkout Session (one
 * per attempt, retried with the same idempotency key), and the answers when Stripe refuses or
 * cannot be reached. Every test checks what the fake received, and that no error shows a key.
 */
import { inspect } from 'node:util';
import { freePort } from '../../../test/api-process.ts';
import type { FakeStripe } from '../../../test/fake-stripe.ts';
import { createStripeProvider } from './adapter.ts';
import { parseStripeCredentials, STRIPE_API_VERSION } from './settings.ts';
import {
  INPUT,
  PAYMENT_ID,
  SECRET_KEY,
  SECRETS,
  Stripe,
  UNREACHABLE,
  WEBHOOK_SECRET,
  failure,
  useFakeStripe,
} from '../../../test/provider-stripe.ts';
import { type PaymentProvider, ProviderRefused, ProviderUnavailable } from '../../provider.ts';

let fake: FakeStripe;
let stripe: PaymentProvider;
useFakeStripe((started) => ({ fake, stripe } = started));

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
