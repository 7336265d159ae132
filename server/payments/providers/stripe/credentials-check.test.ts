/**
 * Testing a shop's Stripe keys before launch (issue 38): one harmless request with the secret
 * key (list one Checkout Session), against the local fake of Stripe's API over real HTTP.
 * Accepted keys say whether they take real money; a refused key, a key without Checkout
 * permission and an unreachable Stripe each give the owner their own words, never the key.
 */
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import {
  failure,
  SECRET_KEY,
  UNREACHABLE,
  useFakeStripe,
  WEBHOOK_SECRET,
} from '../../../test/provider-stripe.ts';
import type { FakeStripe } from '../../../test/fake-stripe.ts';
import { type PaymentProvider, ProviderRefused, ProviderUnavailable } from '../../provider.ts';
import { createStripeProvider } from './adapter.ts';

const CHECK = {
  currency: 'USD',
  returnUrl: 'https://shop.example/payment/return',
  notifyUrl: 'https://shop.example/api/payments/providers/stripe/notify/1/',
};

let fake: FakeStripe;
let stripe: PaymentProvider;
useFakeStripe((running) => ({ fake, stripe } = running));

describe("testing a shop's Stripe keys", () => {
  it('lists one Checkout Session with the secret key and calls test keys test keys', async () => {
    await expect(stripe.checkCredentials(CHECK)).resolves.toEqual({ live: false });
    const request = fake.requests.at(-1)!;
    expect([request.method, request.path, request.params]).toEqual([
      'GET',
      '/v1/checkout/sessions',
      { limit: '1' },
    ]);
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    // Nothing was made at Stripe.
    expect(fake.sessions.size).toBe(0);
  });

  it('calls a live key live', async () => {
    const liveKey = 'sk_live_51FakeShopKey0123456789abcdefghijklmnopqrstuvwxyz';
    const live = await startFakeStripe({ secretKey: liveKey, webhookSecret: WEBHOOK_SECRET });
    try {
      const provider = createStripeProvider(
        { secretKey: liveKey, webhookSecret: WEBHOOK_SECRET },
        { apiBase: live.apiBase, timeoutMs: 2_000 },
      );
      await expect(provider.checkCredentials(CHECK)).resolves.toEqual({ live: true });
    } finally {
      await live.close();
    }
  });

  it('tells the owner when Stripe does not know the key, without repeating it', async () => {
    const wrong = createStripeProvider(
      { secretKey: 'sk_test_51SomeoneElsesKey000000000000000000', webhookSecret: WEBHOOK_SECRET },
      { apiBase: fake.apiBase, timeoutMs: 2_000 },
    );
    const error = await failure(wrong.checkCredentials(CHECK));
    expect(error).toBeInstanceOf(ProviderRefused);
    expect(error.message).toBe(
      'Stripe did not accept the secret key. Copy it again from the Stripe Dashboard (Developers, API keys) and save it.',
    );
    expect(error.message).not.toContain('sk_test_51SomeoneElses');
  });

  it('tells the owner when Stripe cannot be reached, after its one retry', async () => {
    fake.failNext(503, 2);
    const error = await failure(stripe.checkCredentials(CHECK));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toBe(UNREACHABLE);
    expect(fake.requests).toHaveLength(2);
  });
});
