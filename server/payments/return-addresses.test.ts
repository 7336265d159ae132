/**
 * Where a card payment sends the shopper back and the provider its notification: the
 * configured storefront (STOREFRONT_URL), else the address this API was started on (HOST and
 * PORT), never the Host a request names, whichever provider the shop uses. A forged Host would
 * otherwise send the shopper, and the provider's signed notification, to someone else's server.
 */
import type { components } from '../../common/storefront-api';
import { startFake2c2p, type Fake2c2p } from '../test/fake-2c2p.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import { orderOne } from '../test/sandbox.ts';
import { call, tenantId } from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

type Initiation = components['schemas']['CardPaymentInitiation'];

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
/** What test apps are started on when no STOREFRONT_URL is set (config defaults). */
const STARTED_ON = 'http://127.0.0.1:8080';

let fake2c2p: Fake2c2p;
let fakeStripe: FakeStripe;
beforeAll(async () => {
  [fake2c2p, fakeStripe] = await Promise.all([
    startFake2c2p({
      merchantId: 'JT01',
      secretKey: 'ECC4E54DBA738857B84A7EBC6B5DC7187B8DA68750E88AB53AAA41F548D6F2D9',
    }),
    startFakeStripe({
      secretKey: 'sk_test_51FakeStoreSecretKey0123456789',
      webhookSecret: 'whsec_FakeWebhookSecret0123456789',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([fake2c2p?.close(), fakeStripe?.close()]);
});

/** Starts a card payment of a new order, the request naming a forged Host. */
async function initiateWithForgedHost(app: TestApp) {
  const { me, order } = await orderOne(app.app, 'card_2c2p');
  const answer = await call<Initiation>(
    app.app,
    'POST',
    '/payments/card/initiate/',
    { ...me.headers, ...FORGED },
    { order_id: order.id, currency: 'USD' },
  );
  expect(answer.status).toBe(201);
  return answer.body;
}

describe.each([
  { name: 'without STOREFRONT_URL', storefrontUrl: null, origin: STARTED_ON },
  {
    name: 'with STOREFRONT_URL',
    storefrontUrl: 'https://shop.example',
    origin: 'https://shop.example',
  },
])('a forged Host $name', ({ storefrontUrl, origin }) => {
  let t: TestApp;
  let demo: number;
  beforeAll(async () => {
    t = await createTestApp({
      storefrontUrl,
      twoC2pSandboxApiBase: fake2c2p.apiBase,
      stripeApiBase: fakeStripe.apiBase,
    });
    demo = await tenantId(t.app, 'demo-handcraft');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("never reaches the sandbox gateway's page or its return address", async () => {
    const payment = await initiateWithForgedHost(t);
    expect(payment.redirectUrl).not.toContain('evil.example');
    expect(payment.redirectUrl.startsWith(`${origin}/api/payments/sandbox/checkout/`)).toBe(true);
    const submitted = await t.app.inject({
      method: 'POST',
      url: new URL(payment.redirectUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...FORGED },
      payload: 'action=cancel',
    });
    expect(submitted.headers.location).toBe(
      `${origin}/payment/return?paymentId=${payment.payment_uuid}`,
    );
  });

  it("never reaches 2C2P's notification or return address", async () => {
    await t.app.paymentProviders.configure(demo, '2c2p', {
      merchantId: 'JT01',
      secretKey: 'ECC4E54DBA738857B84A7EBC6B5DC7187B8DA68750E88AB53AAA41F548D6F2D9',
      environment: 'sandbox',
    });
    const payment = await initiateWithForgedHost(t);
    const sent = fake2c2p.requests.findLast((r) => r.operation === 'paymentToken')!;
    expect(JSON.stringify(sent.payload)).not.toContain('evil.example');
    expect(sent.payload).toMatchObject({
      userDefined1: payment.payment_uuid,
      frontendReturnUrl: `${origin}/payment/return?paymentId=${payment.payment_uuid}`,
      backendReturnUrl: `${origin}/api/payments/providers/2c2p/notify/${demo}/`,
    });
  });

  it("never reaches Stripe's return address", async () => {
    await t.app.paymentProviders.configure(demo, 'stripe', {
      secretKey: 'sk_test_51FakeStoreSecretKey0123456789',
      webhookSecret: 'whsec_FakeWebhookSecret0123456789',
    });
    const payment = await initiateWithForgedHost(t);
    const sent = fakeStripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    expect(JSON.stringify(sent.params)).not.toContain('evil.example');
    expect(sent.params).toMatchObject({
      success_url: `${origin}/payment/return?paymentId=${payment.payment_uuid}`,
    });
  });
});
