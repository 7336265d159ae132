import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { jwtVerify } from 'jose';
import { type Fake2c2p, fake2c2pTime, startFake2c2p } from '../test/fake-2c2p.ts';
import {
  type TwoC2pConfig,
  type TwoC2pCredentials,
  createTwoC2pProvider,
  parseTwoC2pCredentials,
} from './adapter-2c2p.ts';
import {
  NotificationRefused,
  type NotificationRefusal,
  type PaymentProvider,
  ProviderRefused,
  ProviderUnavailable,
  type StartPaymentInput,
} from './provider.ts';

const MERCHANT_ID = 'JT01';
/** Distinctive, so finding it in an error's text cannot be a coincidence. */
const SECRET = 'SECRETsecret-0f9e8d7c6b5a4938271605f4e3d2c1b0a9f8e7d6c5b4a39281';
const NOTIFY_URL = 'https://shop.example/api/payments/2c2p/notifications';
const RETURN_URL = 'https://shop.example/payment/return';

let fake: Fake2c2p;
let provider: PaymentProvider;

function adapter(credentials: Partial<TwoC2pCredentials> = {}, config: Partial<TwoC2pConfig> = {}) {
  return createTwoC2pProvider(
    { merchantId: MERCHANT_ID, secretKey: SECRET, environment: 'sandbox', ...credentials },
    { sandboxApiBase: fake.apiBase, productionApiBase: 'https://pgw.2c2p.com', ...config },
  );
}

let orders = 0;
function payment(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
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

/** Starts a payment at the fake; resolves to the input and its invoice number. */
async function started(overrides: Partial<StartPaymentInput> = {}) {
  const input = payment(overrides);
  const { providerRef } = await provider.startPayment(input);
  return { input, invoiceNo: providerRef, ref: { providerRef, paymentId: input.paymentId } };
}

function expectNoSecret(error: unknown, secrets = [SECRET]) {
  const texts = [String(error), (error as Error).stack ?? '', inspect(error, { depth: 10 })];
  for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
}

/** The promise's rejection, checked to be a `type` that does not reveal the secret. */
async function failure<T extends Error>(
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

async function refusal(rawBody: string, reason: NotificationRefusal) {
  const error = await failure(
    provider.parseNotification({ rawBody, headers: {} }),
    NotificationRefused,
  );
  expect(error.reason).toBe(reason);
}

const hoursAgo = (hours: number) => fake2c2pTime(new Date(Date.now() - hours * 3_600_000));

beforeAll(async () => {
  fake = await startFake2c2p({ merchantId: MERCHANT_ID, secretKey: SECRET });
  provider = adapter();
});
afterEach(() => fake.failWith(null));
afterAll(() => fake.close());

describe('starting a 2C2P card payment', () => {
  it("asks for a payment token for the order and sends the shopper to 2C2P's page", async () => {
    const input = payment({ orderNumber: 'ORD-WXYZ-EFGH', attempt: 2 });
    const answer = await provider.startPayment(input);

    const request = fake.requests.at(-1)!;
    expect(request.operation).toBe('paymentToken');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBeUndefined();
    const { payload: body } = JSON.parse(request.body) as { payload: string };
    const { payload, protectedHeader } = await jwtVerify(body, new TextEncoder().encode(SECRET));
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toEqual({
      merchantID: MERCHANT_ID,
      invoiceNo: 'ORDWXYZEFGHA2',
      description: 'Ember & Oak order ORD-WXYZ-EFGH',
      amount: 475.0,
      currencyCode: 'USD',
      paymentChannel: ['CC'],
      frontendReturnUrl: RETURN_URL,
      backendReturnUrl: NOTIFY_URL,
      userDefined1: input.paymentId,
    });
    expect(answer.providerRef).toBe('ORDWXYZEFGHA2');
    expect(answer.redirectUrl).toMatch(new RegExp(`^${fake.apiBase}/payment/4\\.3/pay/[\\w-]+$`));
    expect(JSON.stringify(answer)).not.toContain(SECRET);
  });

  it.each([
    [1, 0.01, '0.01'],
    [99, 0.99, '0.99'],
    [100, 1, '1'],
    [47500, 475, '475'],
    [999999999, 9999999.99, '9999999.99'],
  ])('sends %i cents as exactly %s', async (amountMinor, amount, text) => {
    await provider.startPayment(payment({ amountMinor }));
    const payloadText = Buffer.from(
      (JSON.parse(fake.requests.at(-1)!.body) as { payload: string }).payload.split('.')[1]!,
      'base64url',
    ).toString('utf8');
    expect(payloadText).toContain(`"amount":${text},`);
    expect(fake.requests.at(-1)!.payload!.amount).toBe(amount);
  });

  it('refuses an amount, attempt or currency 2C2P cannot take, before calling it', async () => {
    const before = fake.requests.length;
    for (const overrides of [
      { amountMinor: 0 },
      { amountMinor: 12.5 },
      { attempt: 0 },
      { currency: 'usd' },
      { orderNumber: 'X'.repeat(60) },
    ]) {
      await expect(provider.startPayment(payment(overrides))).rejects.toBeInstanceOf(RangeError);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('is refused with 9015 when the invoice number was used already', async () => {
    const input = payment();
    await provider.startPayment(input);
    const error = await failure(provider.startPayment(input), ProviderRefused);
    expect(error.code).toBe('9015');
    expect(error.message).toContain('Existing Invoice Number');
  });

  it("is refused with 9042 when the shop's secret key is wrong, without revealing either key", async () => {
    const wrongSecret = `wrong-${SECRET}`;
    const error = await failure(
      adapter({ secretKey: wrongSecret }).startPayment(payment()),
      ProviderRefused,
      [SECRET, wrongSecret],
    );
    expect(error.code).toBe('9042');
  });

  it('is refused with 9007 for a merchant 2C2P does not know', async () => {
    const error = await failure(
      adapter({ merchantId: 'NOPE01' }).startPayment(payment()),
      ProviderRefused,
    );
    expect(error.code).toBe('9007');
  });
});

describe("asking 2C2P for a payment's state", () => {
  it('reports open before the shopper has paid', async () => {
    const { ref, invoiceNo } = await started();
    const report = await provider.fetchPayment(ref);
    expect(report).toMatchObject({ eventId: null, providerRef: invoiceNo, state: 'open' });
    expect(report.errorMessage).toBeNull();
    expect(fake.requests.at(-1)!.payload).toEqual({
      merchantID: MERCHANT_ID,
      invoiceNo,
      locale: 'en',
    });
  });

  it("reports a declined card as failed, with 2C2P's reason", async () => {
    const { ref, invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '4005' });
    expect(await provider.fetchPayment(ref)).toMatchObject({
      state: 'failed',
      errorMessage: 'Do not honour',
      amountMinor: 47500,
      currency: 'USD',
      paymentId: ref.paymentId,
    });
  });

  it('reports a payment the shopper cancelled as canceled', async () => {
    const { ref, invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0003' });
    expect(await provider.fetchPayment(ref)).toMatchObject({ state: 'canceled' });
  });

  it('reports pending, then succeeded with the transaction reference once paid', async () => {
    const { ref, invoiceNo } = await started({ amountMinor: 1999 });
    for (const respCode of ['0001', '2001']) {
      fake.settle(invoiceNo, { respCode });
      expect(await provider.fetchPayment(ref)).toMatchObject({ state: 'pending' });
    }
    fake.settle(invoiceNo, { respCode: '0000', tranRef: '3827411' });
    expect(await provider.fetchPayment(ref)).toEqual({
      eventId: null,
      providerRef: invoiceNo,
      paymentId: ref.paymentId,
      state: 'succeeded',
      amountMinor: 1999,
      currency: 'USD',
      transactionRef: '3827411',
      errorMessage: null,
    });
  });
});

describe("2C2P's backend notifications", () => {
  it('are read into a report with the amount, currency, reference and our payment id', async () => {
    const { ref, invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000', tranRef: '3827412' });
    const report = await provider.parseNotification({
      rawBody: fake.notificationFor(invoiceNo),
      headers: { 'content-type': 'application/json' },
    });
    expect(report).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f]{64}$/),
      providerRef: invoiceNo,
      paymentId: ref.paymentId,
      state: 'succeeded',
      amountMinor: 47500,
      currency: 'USD',
      transactionRef: '3827412',
      errorMessage: null,
    });
  });

  it('move a payment from pending to paid, each its own event; a replay is the same event', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0001', transactionDateTime: hoursAgo(0.1) });
    const pendingBody = fake.notificationFor(invoiceNo);
    const pending = await provider.parseNotification({ rawBody: pendingBody, headers: {} });
    expect(pending.state).toBe('pending');
    fake.settle(invoiceNo, { respCode: '0000' });
    const paid = await provider.parseNotification({
      rawBody: fake.notificationFor(invoiceNo),
      headers: {},
    });
    expect(paid.state).toBe('succeeded');
    expect(paid.eventId).not.toBe(pending.eventId);
    const replay = await provider.parseNotification({ rawBody: pendingBody, headers: {} });
    expect(replay).toEqual(pending);
  });

  it('report a decline with its reason', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '4051' });
    expect(
      await provider.parseNotification({ rawBody: fake.notificationFor(invoiceNo), headers: {} }),
    ).toMatchObject({ state: 'failed', errorMessage: 'Insufficient funds' });
  });

  it('are refused as forged when signed with another key or not with HS256', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000' });
    await refusal(fake.notificationFor(invoiceNo, { secretKey: `other-${SECRET}` }), 'forged');
    await refusal(fake.notificationFor(invoiceNo, { alg: 'none' }), 'forged');
    await refusal(fake.notificationFor(invoiceNo, { alg: 'RS256' }), 'forged');
  });

  it('are refused as mismatched when for another merchant', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000' });
    await refusal(
      fake.notificationFor(invoiceNo, { fields: { merchantID: 'JT02' } }),
      'mismatched',
    );
  });

  it('are refused as stale when too old, from the future, or without a usable time', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000' });
    const at = (transactionDateTime: unknown) =>
      fake.notificationFor(invoiceNo, { fields: { transactionDateTime } });
    await refusal(at(hoursAgo(25)), 'stale');
    await refusal(at(hoursAgo(-0.25)), 'stale');
    for (const bad of [undefined, '', '2025-01-01T00:00:00Z', '20250231120000', 20250101120000]) {
      await refusal(at(bad), 'stale');
    }
    // Within the limits: nearly a day old, and a few minutes ahead (clock skew).
    for (const fine of [hoursAgo(23.9), hoursAgo(-0.06)]) {
      await expect(
        provider.parseNotification({ rawBody: at(fine), headers: {} }),
      ).resolves.toMatchObject({
        state: 'succeeded',
      });
    }
  });

  it('are refused as stale after the configured age', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000', transactionDateTime: hoursAgo(2) });
    const error = await failure(
      adapter({}, { notificationMaxAgeSeconds: 3600 }).parseNotification({
        rawBody: fake.notificationFor(invoiceNo),
        headers: {},
      }),
      NotificationRefused,
    );
    expect(error.reason).toBe('stale');
  });

  it("are refused as malformed when not 2C2P's shape", async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000' });
    for (const body of ['not json', '{}', '[]', '{"payload":42}', '{"payload":"not-a-jwt"}']) {
      await refusal(body, 'malformed');
    }
    for (const fields of [
      { amount: 'abc' },
      { amount: 12.345 },
      { amount: -1 },
      { amount: undefined },
      { currencyCode: 'US' },
      { invoiceNo: undefined },
      { respCode: 0 },
    ]) {
      await refusal(fake.notificationFor(invoiceNo, { fields }), 'malformed');
    }
    const infinite = fake.notificationFor(invoiceNo, {
      payloadText: (json) => json.replace('"amount":475,', '"amount":1e400,'),
    });
    expect(infinite).not.toBe(fake.notificationFor(invoiceNo));
    await refusal(infinite, 'malformed');
  });
});

describe('when 2C2P is down or answers something unusable', () => {
  const shopperMessage = /^The card payment provider .+\. Please try again in a moment\.$/;

  it.each([
    ['answers 503', 'unavailable'],
    ['hangs up', 'drop'],
    ['signs its answer with another key', 'forged'],
    ['sends an unsigned answer', 'unsigned'],
  ] as const)('no payment starts and no state is read when it %s', async (_, mode) => {
    const { ref } = await started();
    fake.failWith(mode);
    for (const call of [() => provider.startPayment(payment()), () => provider.fetchPayment(ref)]) {
      const error = await failure(call(), ProviderUnavailable);
      expect(error.message).toMatch(shopperMessage);
      expect(error.cause).toBeDefined();
    }
  });

  it('gives up after the timeout when it does not answer', async () => {
    fake.failWith('hang');
    const startedAt = Date.now();
    await failure(adapter({}, { timeoutMs: 300 }).startPayment(payment()), ProviderUnavailable);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
  });

  it('cannot be reached on a closed port', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const closed = adapter({}, { sandboxApiBase: `http://127.0.0.1:${port}` });
    const error = await failure(closed.startPayment(payment()), ProviderUnavailable);
    expect(error.message).toMatch(shopperMessage);
  });
});

describe("what 2C2P's payment API cannot do", () => {
  it('closes no payment token and refunds nothing, without calling 2C2P', async () => {
    const { ref } = await started();
    const before = fake.requests.length;
    expect(await provider.cancelPayment(ref)).toBe(false);
    expect(
      await provider.refundPayment({ ...ref, amountMinor: 47500, currency: 'USD' }),
    ).toBeNull();
    expect(fake.requests.length).toBe(before);
  });
});

describe('2C2P credentials and configuration', () => {
  const valid = { merchantId: 'JT01', secretKey: SECRET, environment: 'production' };

  it('accept a merchant ID, a secret key and an environment', () => {
    expect(parseTwoC2pCredentials({ ...valid })).toEqual(valid);
  });

  it.each([
    ['merchantId', { ...valid, merchantId: '' }],
    ['merchantId', { ...valid, merchantId: 'JT 01' }],
    ['secretKey', { ...valid, secretKey: 'short' }],
    ['secretKey', { ...valid, secretKey: ` ${SECRET}` }],
    ['environment', { ...valid, environment: 'live' }],
    ['secretkey', { ...valid, secretkey: SECRET }],
  ])('name the bad field %s without echoing the secret', (field, value) => {
    let error: unknown;
    try {
      parseTwoC2pCredentials(value);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toContain(field);
    expectNoSecret(error);
  });

  it('refuse a plain-http API base outside this machine', () => {
    expect(() => adapter({}, { sandboxApiBase: 'http://sandbox-pgw.2c2p.com' })).toThrow(/https/);
    expect(() =>
      adapter({ environment: 'production' }, { productionApiBase: 'not a url' }),
    ).toThrow();
  });
});
