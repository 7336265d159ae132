/**
 * Fixtures of the Stripe adapter tests (spec: payments; decision 013): the shop's test keys, one
 * payment attempt's input, the fake of the Stripe API (server/test/fake-stripe.ts) with an adapter
 * pointed at it over real HTTP on 127.0.0.1, and a check that no error carries a secret.
 */
import { createRequire } from 'node:module';
import { inspect } from 'node:util';
import type StripeType from 'stripe';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { createStripeProvider } from '../payments/providers/stripe/adapter.ts';
import type { PaymentProvider, StartPaymentInput } from '../payments/provider.ts';

export const SECRET_KEY = 'sk_test_51FakeShopKey0123456789abcdefghijklmnopqrstuvwxyzABCDEF';
export const WEBHOOK_SECRET = 'whsec_FakeEndpointSecret0123456789abcdefABCDEF';
export const SECRETS = [SECRET_KEY, WEBHOOK_SECRET];
export const UNREACHABLE =
  'The card payment provider could not be reached. Please try again in a moment.';

export const PAYMENT_ID = '3f2c1a9e-7b4d-4c1e-9a52-6d0f8e7b1c23';
/** A payment of $45.00 for order ORD-ABCD-EFGH, its first attempt. */
export const INPUT: StartPaymentInput = {
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

/** The `stripe` package. The adapter loads it with require; its error classes are that copy's. */
export const Stripe = createRequire(import.meta.url)('stripe') as typeof StripeType;

/**
 * Before each test of the calling file: a fresh fake of the Stripe API that knows the shop's keys,
 * and the adapter pointed at it (2 s timeout), both handed to `use`; the fake is closed after the
 * test.
 */
export function useFakeStripe(
  use: (started: { fake: FakeStripe; stripe: PaymentProvider }) => void,
) {
  let fake: FakeStripe | undefined;
  beforeEach(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    const stripe = createStripeProvider(
      { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
      { apiBase: fake.apiBase, timeoutMs: 2_000 },
    );
    use({ fake, stripe });
  });
  afterEach(async () => {
    await fake?.close();
  });
}

/** The error a promise rejects with, after checking that no secret is anywhere in it. */
export async function failure(promise: Promise<unknown>): Promise<Error> {
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

/** Starts the payment of INPUT; answers it with the reference later calls take (`ref`). */
export async function started(stripe: PaymentProvider) {
  const payment = await stripe.startPayment(INPUT);
  return { ...payment, ref: { providerRef: payment.providerRef, paymentId: PAYMENT_ID } };
}
