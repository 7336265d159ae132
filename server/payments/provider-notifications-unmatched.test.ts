/**
 * A provider's verified notification about a payment this shop does not have (a Stripe Payment
 * Link's `client_reference_id`, another shop on the same Stripe account, a 2C2P invoice the
 * shop never made) is acknowledged with 200 and logged, changing nothing: providers retry any
 * other answer for days, and Stripe then disables the endpoint, so the shop's own payments
 * would stop being notified. Against local fakes of Stripe and 2C2P (server/test/fake-*.ts).
 */
import { Writable } from 'node:stream';
import { createTwoC2pProvider } from './providers/2c2p/adapter.ts';
import { createStripeProvider } from './providers/stripe/adapter.ts';
import { startFake2c2p, type Fake2c2p } from '../test/fake-2c2p.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import { tenantId } from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const C2P = {
  merchantId: 'JT01',
  secretKey: 'ECC4E54DBA738857B84A7EBC6B5DC7187B8DA68750E88AB53AAA41F548D6F2D9',
  environment: 'sandbox' as const,
};
const STRIPE = {
  secretKey: 'sk_test_51FakeStoreSecretKey0123456789',
  webhookSecret: 'whsec_FakeWebhookSecret0123456789',
};
const SECRETS = [C2P.secretKey, STRIPE.secretKey, STRIPE.webhookSecret];
const ACKNOWLEDGED = {
  status: 200,
  body: { detail: 'Notification ignored: it is not about a payment of this shop.' },
};

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let fake2c2p: Fake2c2p;
let fakeStripe: FakeStripe;
let t: TestApp;
let demo: number;

beforeAll(async () => {
  [fake2c2p, fakeStripe] = await Promise.all([
    startFake2c2p({ merchantId: C2P.merchantId, secretKey: C2P.secretKey }),
    startFakeStripe(STRIPE),
  ]);
  t = await createTestApp(
    { twoC2pSandboxApiBase: fake2c2p.apiBase, stripeApiBase: fakeStripe.apiBase },
    { logger: { level: 'info', stream: logStream } },
  );
  demo = await tenantId(t.app, 'demo-handcraft');
  await t.app.paymentProviders.configure(demo, '2c2p', C2P);
  await t.app.paymentProviders.configure(demo, 'stripe', STRIPE);
});
afterAll(async () => {
  await t.close();
  await Promise.all([fake2c2p.close(), fakeStripe.close()]);
});

async function deliver(provider: string, rawBody: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/providers/${provider}/notify/${demo}/`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: rawBody,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** A Checkout Session made on the same Stripe account by someone else than this shop. */
async function foreignSession(clientReferenceId: string) {
  const other = createStripeProvider(STRIPE, { apiBase: fakeStripe.apiBase });
  const { providerRef } = await other.startPayment({
    paymentId: clientReferenceId,
    orderNumber: 'ORD-OTHR-SHOP',
    attempt: 1,
    amountMinor: 1200,
    currency: 'USD',
    description: 'Another shop',
    returnUrl: 'https://other.example/return',
    notifyUrl: 'https://other.example/notify',
    customerEmail: null,
  });
  fakeStripe.complete(providerRef, { paymentStatus: 'paid' });
  return providerRef;
}

const paymentsCount = async () =>
  (await t.app.db.selectFrom('payments').select('id').execute()).length;
const notificationsCount = async () =>
  (await t.app.db.selectFrom('payment_notifications').select('id').execute()).length;

/** The log lines written about notifications no payment matched, parsed. */
const unmatchedLog = () =>
  logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => String(entry.msg).includes('no payment of this shop'));

describe('a notification about no payment of this shop', () => {
  it("is acknowledged for another shop's Stripe session on the same account, and logged", async () => {
    const session = await foreignSession('7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
    const before = [await paymentsCount(), await notificationsCount()];
    const event = fakeStripe.webhook('checkout.session.completed', session);
    expect(await deliver('stripe', event.rawBody, event.headers)).toEqual(ACKNOWLEDGED);
    expect([await paymentsCount(), await notificationsCount()]).toEqual(before);
    expect(unmatchedLog().at(-1)).toMatchObject({
      level: 30,
      provider: 'stripe',
      tenant: demo,
      event: event.eventId,
      provider_ref: session,
    });
  });

  it("is acknowledged for a Payment Link's session, whose client_reference_id is not ours", async () => {
    const session = await foreignSession('loyalty-customer-42');
    const event = fakeStripe.webhook('checkout.session.completed', session);
    expect(await deliver('stripe', event.rawBody, event.headers)).toEqual(ACKNOWLEDGED);
  });

  it('is acknowledged for a 2C2P invoice the shop never made', async () => {
    const other = createTwoC2pProvider(C2P, {
      sandboxApiBase: fake2c2p.apiBase,
      productionApiBase: fake2c2p.apiBase,
    });
    const { providerRef: invoice } = await other.startPayment({
      paymentId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
      orderNumber: 'ORD-OTHR-SHOP',
      attempt: 1,
      amountMinor: 1200,
      currency: 'USD',
      description: 'Another shop',
      returnUrl: 'https://other.example/return',
      notifyUrl: 'https://other.example/notify',
      customerEmail: null,
    });
    fake2c2p.settle(invoice, { respCode: '0000', tranRef: '2C2P-TX-OTHER' });
    expect(await deliver('2c2p', fake2c2p.notificationFor(invoice))).toEqual(ACKNOWLEDGED);
    expect(unmatchedLog().at(-1)).toMatchObject({ provider: '2c2p', provider_ref: invoice });
  });

  it('is still refused when forged: only a verified notification is acknowledged', async () => {
    const session = await foreignSession('0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e');
    const forged = fakeStripe.webhook('checkout.session.completed', session, {
      secret: 'whsec_SomebodyElsesSecret0123456789',
    });
    expect((await deliver('stripe', forged.rawBody, forged.headers)).status).toBe(400);
  });

  it('never puts a secret in the log', () => {
    expect(unmatchedLog().length).toBeGreaterThanOrEqual(3);
    const text = logLines.join('\n');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});
