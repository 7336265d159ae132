/**
 * Testing a shop's 2C2P credentials before launch (issue 38): a payment token of 1.00 in the
 * shop's currency, never paid, against the local fake of 2C2P's API over real HTTP. It proves
 * the merchant ID, the secret key both ways and the currency; each refusal gives the owner its
 * own words, and none reveals the secret key.
 */
import { jwtVerify } from 'jose';
import { startFake2c2p, type Fake2c2p } from '../../../test/fake-2c2p.ts';
import {
  failure,
  MERCHANT_ID,
  NOTIFY_URL,
  RETURN_URL,
  SECRET,
  useFake2c2p,
} from '../../../test/provider-2c2p.ts';
import { type PaymentProvider, ProviderRefused, ProviderUnavailable } from '../../provider.ts';
import { createTwoC2pProvider } from './adapter.ts';

const CHECK = { currency: 'GBP', returnUrl: RETURN_URL, notifyUrl: NOTIFY_URL };

let fake: Fake2c2p;
let provider: PaymentProvider;
const { adapter } = useFake2c2p((running) => ({ fake, provider } = running));

describe("testing a shop's 2C2P credentials", () => {
  it("asks for a payment token of 1.00 in the shop's currency, never to be paid", async () => {
    await expect(provider.checkCredentials(CHECK)).resolves.toEqual({ live: false });
    const request = fake.requests.at(-1)!;
    expect(request.operation).toBe('paymentToken');
    const { payload: jwt } = JSON.parse(request.body) as { payload: string };
    const { payload } = await jwtVerify(jwt, new TextEncoder().encode(SECRET));
    expect(payload).toEqual({
      merchantID: MERCHANT_ID,
      invoiceNo: expect.stringMatching(/^CHK[0-9A-F]{16}$/),
      description: 'Credentials check, never paid',
      amount: 1,
      currencyCode: 'GBP',
      paymentChannel: ['CC'],
      frontendReturnUrl: RETURN_URL,
      backendReturnUrl: NOTIFY_URL,
    });
    // A second test is a new invoice: 2C2P refuses a repeated invoice number.
    await expect(provider.checkCredentials(CHECK)).resolves.toEqual({ live: false });
  });

  it('calls production credentials live', async () => {
    const production = adapter({ environment: 'production' }, { productionApiBase: fake.apiBase });
    await expect(production.checkCredentials(CHECK)).resolves.toEqual({ live: true });
  });

  it.each([
    [
      'an unknown merchant ID',
      { merchantId: 'NOBODY' },
      '2C2P does not know this merchant ID in its sandbox environment. Check the merchant ID and the environment.',
    ],
    [
      "a secret key that is not the merchant's",
      { secretKey: 'another-secret-key-0000000000000000000000000000000000000000000' },
      "2C2P could not verify the request: the secret key does not belong to this merchant ID. Copy the secret key again from 2C2P's portal.",
    ],
  ])('tells the owner of %s', async (_case, credentials, words) => {
    const error = await failure(adapter(credentials).checkCredentials(CHECK), ProviderRefused, [
      SECRET,
      'another-secret-key-0000000000000000000000000000000000000000000',
    ]);
    expect(error.message).toBe(words);
  });

  it('tells the owner when the merchant does not take the currency', async () => {
    const bahtOnly = await startFake2c2p({
      merchantId: MERCHANT_ID,
      secretKey: SECRET,
      currencies: ['THB'],
    });
    try {
      const thai = createTwoC2pProvider(
        { merchantId: MERCHANT_ID, secretKey: SECRET, environment: 'sandbox' },
        { sandboxApiBase: bahtOnly.apiBase, productionApiBase: 'https://pgw.2c2p.com' },
      );
      const error = await failure(thai.checkCredentials(CHECK), ProviderRefused);
      expect(error.message).toBe(
        '2C2P does not take GBP for this merchant. Ask 2C2P to enable it.',
      );
      await expect(thai.checkCredentials({ ...CHECK, currency: 'THB' })).resolves.toEqual({
        live: false,
      });
    } finally {
      await bahtOnly.close();
    }
  });

  it('does not trust an answer signed with another key', async () => {
    fake.failWith('forged');
    await failure(provider.checkCredentials(CHECK), ProviderUnavailable);
  });

  it('says 2C2P could not be reached when it is down', async () => {
    fake.failWith('unavailable');
    const error = await failure(provider.checkCredentials(CHECK), ProviderUnavailable);
    expect(error.message).toBe(
      'The card payment provider could not be reached. Please try again in a moment.',
    );
  });
});
