/**
 * Fixtures of the 2C2P adapter tests (spec: payments; decision 013): the merchant's sandbox keys,
 * payment attempts with order numbers of their own, a check that no error reveals the secret key,
 * and `useFake2c2p`, which gives a test file a local fake of 2C2P's payment API
 * (server/test/fake-2c2p.ts) and an adapter pointed at it over real HTTP on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { type Fake2c2p, fake2c2pTime, startFake2c2p } from './fake-2c2p.ts';
import { createTwoC2pProvider } from '../payments/providers/2c2p/adapter.ts';
import type { TwoC2pConfig, TwoC2pCredentials } from '../payments/providers/2c2p/settings.ts';
import {
  NotificationRefused,
  type NotificationRefusal,
  type PaymentProvider,
  type StartPaymentInput,
} from '../payments/provider.ts';

export const MERCHANT_ID = 'JT01';
/** Distinctive, so finding it in an error's text cannot be a coincidence. */
export const SECRET = 'SECRETsecret-0f9e8d7c6b5a4938271605f4e3d2c1b0a9f8e7d6c5b4a39281';
export const NOTIFY_URL = 'https://shop.example/api/payments/2c2p/notifications';
export const RETURN_URL = 'https://shop.example/payment/return';

let orders = 0;
/** A $475.00 payment attempt of a new order number (ORD-ABCD-0001, -0002, ...). */
export function payment(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  orders += 1;
  const orderNumber = overrides.orderNumber ?? `ORD-ABCD-${String(orders).padStart(4, '0')}`;
  return {
    paymentId: randomUUID(),
    orderNumber,
    attempt: 1,
    amountMinor: 47500,
    currency: 'USD',
    description: `Ember & Oak order ${orderNumber}`,
    returnUrl: RETURN_URL,
    notifyUrl: NOTIFY_URL,
    customerEmail: 'ada@example.com',
    ...overrides,
  };
}

/** Expects none of `secrets` in the error's text, stack or inspected form. */
export function expectNoSecret(error: unknown, secrets = [SECRET]) {
  const texts = [String(error), (error as Error).stack ?? '', inspect(error, { depth: 10 })];
  for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
}

/** The promise's rejection, checked to be a `type` that does not reveal the secret. */
export async function failure<T extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => T,
  secrets?: string[],
): Promise<T> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure, got an answer');
    },
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(type);
  expectNoSecret(error, secrets);
  return error as T;
}

/** 2C2P's time format, `hours` hours ago. */
export const hoursAgo = (hours: number) => fake2c2pTime(new Date(Date.now() - hours * 3_600_000));

/**
 * A fake of 2C2P's payment API for the calling test file (started in `beforeAll`, its failure
 * mode cleared after each test, closed in `afterAll`) and the sandbox adapter pointed at it, both
 * handed to `use` once started; and calls bound to them.
 */
export function useFake2c2p(use: (started: { fake: Fake2c2p; provider: PaymentProvider }) => void) {
  let fake: Fake2c2p | undefined;
  let provider: PaymentProvider | undefined;
  const running = () => {
    if (!fake || !provider) throw new Error('useFake2c2p: the fake starts in beforeAll');
    return { fake, provider };
  };
  const fakeApiBase = () => {
    if (!fake) throw new Error('useFake2c2p: the fake starts in beforeAll');
    return fake.apiBase;
  };

  /** An adapter of the merchant's sandbox account at the fake, as `credentials` and `config` say. */
  function adapter(
    credentials: Partial<TwoC2pCredentials> = {},
    config: Partial<TwoC2pConfig> = {},
  ) {
    return createTwoC2pProvider(
      { merchantId: MERCHANT_ID, secretKey: SECRET, environment: 'sandbox', ...credentials },
      {
        sandboxApiBase: fakeApiBase(),
        productionApiBase: 'https://pgw.2c2p.com',
        ...config,
      },
    );
  }

  /** Starts a payment at the fake; resolves to the input and its invoice number. */
  async function started(overrides: Partial<StartPaymentInput> = {}) {
    const input = payment(overrides);
    const { providerRef } = await running().provider.startPayment(input);
    return { input, invoiceNo: providerRef, ref: { providerRef, paymentId: input.paymentId } };
  }

  /** Expects the notification body to be refused for `reason`, without revealing the secret. */
  async function refusal(rawBody: string, reason: NotificationRefusal) {
    const error = await failure(
      running().provider.parseNotification({ rawBody, headers: {} }),
      NotificationRefused,
    );
    expect(error.reason).toBe(reason);
  }

  beforeAll(async () => {
    fake = await startFake2c2p({ merchantId: MERCHANT_ID, secretKey: SECRET });
    provider = adapter();
    use({ fake, provider });
  });
  afterEach(() => fake?.failWith(null));
  afterAll(() => fake?.close());

  return { adapter, started, refusal };
}
