/**
 * The 2C2P adapter against a local fake of 2C2P's payment API (server/test/fake-2c2p.ts), over
 * real HTTP on 127.0.0.1: starting a payment (a payment token, then 2C2P's page) and 2C2P's
 * refusals, the answers when 2C2P is down, what its API cannot do, and the shop's credentials
 * and configuration. No error reveals the secret key.
 */
import { createServer } from 'node:net';
import { jwtVerify } from 'jose';
import type { Fake2c2p } from '../../../test/fake-2c2p.ts';
import { parseTwoC2pCredentials } from './settings.ts';
import {
  MERCHANT_ID,
  NOTIFY_URL,
  RETURN_URL,
  SECRET,
  expectNoSecret,
  failure,
  payment,
  useFake2c2p,
} from '../../../test/provider-2c2p.ts';
import { type PaymentProvider, ProviderRefused, ProviderUnavailable } from '../../provider.ts';

let fake: Fake2c2p;
let provider: PaymentProvider;
const { adapter, started } = useFake2c2p((running) => ({ fake, provider } = running));

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
