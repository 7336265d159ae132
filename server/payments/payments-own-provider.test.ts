/**
 * A card payment is settled, reconciled, closed and refunded through the provider that started
 * it (decision 046), whatever the shop's switches say by then: a shop that turns card payments
 * off, or moves from Stripe to 2C2P (or back), while a shopper is on the provider's page still
 * gets the order paid by the provider's notification, by the return page's check, or by the
 * expiry sweep's question, and money taken after the order closed is still refunded. Against
 * local fakes of Stripe and 2C2P (server/test/fake-*.ts).
 */
import type { components } from '../../common/storefront-api';
import { startFake2c2p, type Fake2c2p } from '../test/fake-2c2p.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import { orderOne, orderRow, paymentRow, queuedEmails } from '../test/sandbox.ts';
import { call, tenantId, type TestCustomer } from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

type Initiation = components['schemas']['CardPaymentInitiation'];
type PaymentStatus = components['schemas']['PaymentStatus'];

const C2P = {
  merchantId: 'JT01',
  secretKey: 'ECC4E54DBA738857B84A7EBC6B5DC7187B8DA68750E88AB53AAA41F548D6F2D9',
  environment: 'sandbox' as const,
};
const STRIPE = {
  secretKey: 'sk_test_51FakeStoreSecretKey0123456789',
  webhookSecret: 'whsec_FakeWebhookSecret0123456789',
};

let fake2c2p: Fake2c2p;
let fakeStripe: FakeStripe;
let t: TestApp;
let demo: number;

beforeAll(async () => {
  [fake2c2p, fakeStripe] = await Promise.all([
    startFake2c2p({ merchantId: C2P.merchantId, secretKey: C2P.secretKey }),
    startFakeStripe(STRIPE),
  ]);
  t = await createTestApp({
    twoC2pSandboxApiBase: fake2c2p.apiBase,
    stripeApiBase: fakeStripe.apiBase,
  });
  demo = await tenantId(t.app, 'demo-handcraft');
});
afterAll(async () => {
  await t.close();
  await Promise.all([fake2c2p.close(), fakeStripe.close()]);
});

/** The shop takes card payments with `provider`. */
async function useProvider(provider: 'stripe' | '2c2p') {
  await t.app.paymentProviders.configure(demo, provider, provider === 'stripe' ? STRIPE : C2P);
  await setCard(true);
}

async function setCard(on: boolean) {
  await t.app.db
    .updateTable('payment_settings')
    .set({ enable_card_payment: on ? 1 : 0 })
    .where('tenant_id', '=', demo)
    .execute();
}

/** What the shop does while a payment is open: turns card payments off, or changes provider. */
const SWITCHES = {
  'turns card payments off': () => setCard(false),
  'moves to the other provider': async (from: 'stripe' | '2c2p') =>
    useProvider(from === 'stripe' ? '2c2p' : 'stripe'),
};

/** A card order with a payment started at `provider`; its provider reference. */
async function started(provider: 'stripe' | '2c2p') {
  await useProvider(provider);
  const { me, order } = await orderOne(t.app, 'card_2c2p');
  const answer = await call<Initiation>(t.app, 'POST', '/payments/card/initiate/', me.headers, {
    order_id: order.id,
    currency: 'USD',
  });
  expect(answer.status).toBe(201);
  const row = await paymentRow(t.app, answer.body.payment_uuid);
  expect(row.provider).toBe(provider);
  return { me, order, uuid: answer.body.payment_uuid, ref: row.provider_ref! };
}

/** Posts a provider's notification to the shop's address for that provider. */
async function deliver(provider: string, rawBody: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/providers/${provider}/notify/${demo}/`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: rawBody,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const stripePaid = (session: string) => {
  fakeStripe.complete(session, { paymentStatus: 'paid' });
  return fakeStripe.webhook('checkout.session.completed', session);
};

const look = (me: TestCustomer, uuid: string) =>
  call<PaymentStatus>(t.app, 'GET', `/payments/history/${uuid}/`, me.headers);

describe.each(Object.entries(SWITCHES))('when the shop %s while a payment is open', (_, change) => {
  it("Stripe's webhook still pays the order", async () => {
    const { order, ref } = await started('stripe');
    await change('stripe');
    const event = stripePaid(ref);
    expect(await deliver('stripe', event.rawBody, event.headers)).toEqual({
      status: 200,
      body: { detail: 'Notification processed.', payment_status: 'succeeded' },
    });
    expect((await orderRow(t.app, order.id)).status).toBe('paid');
    expect((await queuedEmails(t.app, order.order_number)).map((e) => e.kind)).toContain(
      'payment_received',
    );
  });

  it("2C2P's notification still pays the order", async () => {
    const { order, ref } = await started('2c2p');
    await change('2c2p');
    fake2c2p.settle(ref, { respCode: '0000', tranRef: '2C2P-TX-SWITCH' });
    expect(await deliver('2c2p', fake2c2p.notificationFor(ref))).toEqual({
      status: 200,
      body: { detail: 'Notification processed.', payment_status: 'succeeded' },
    });
    expect((await orderRow(t.app, order.id)).status).toBe('paid');
  });

  it('the return page asks the payment’s own provider and shows it paid', async () => {
    const { me, order, uuid, ref } = await started('stripe');
    await change('stripe');
    // Paid at Stripe; its webhook has not arrived yet.
    fakeStripe.complete(ref, { paymentStatus: 'paid' });
    const status = await look(me, uuid);
    expect(status).toMatchObject({ status: 200, body: { status: 'succeeded' } });
    expect((await orderRow(t.app, order.id)).status).toBe('paid');
  });

  it('the expiry sweep asks the payment’s own provider first, and the order is paid, not expired', async () => {
    const { order, uuid, ref } = await started('stripe');
    await change('stripe');
    // Paid at Stripe, and its webhook was lost.
    fakeStripe.complete(ref, { paymentStatus: 'paid' });
    await t.app.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    await t.app.sweepOrders();
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: 'paid', expires_at: null });
    expect((await paymentRow(t.app, uuid)).status).toBe('succeeded');
  });

  it('a payment taken after the order closed is refunded through its own provider', async () => {
    const { me, order, uuid, ref } = await started('stripe');
    await change('stripe');
    expect(
      (await call(t.app, 'POST', `/orders/orders/${order.id}/cancel/`, me.headers)).status,
    ).toBe(200);
    // The open Checkout Session is closed at Stripe, although the shop no longer uses it.
    await vi.waitFor(() => expect(fakeStripe.sessions.get(ref)!.status).toBe('expired'));
    // A page already submitting: Stripe completes it anyway.
    fakeStripe.sessions.get(ref)!.status = 'open';
    const event = stripePaid(ref);
    expect((await deliver('stripe', event.rawBody, event.headers)).status).toBe(200);
    const late = await paymentRow(t.app, uuid);
    expect(late).toMatchObject({ status: 'succeeded', refund_status: 'refunded' });
    expect([...fakeStripe.refunds.values()].some((r) => r.id === late.refund_ref)).toBe(true);
  });
});

it('a provider the shop has no credentials for still has no notification address', async () => {
  await useProvider('stripe');
  await t.app.db
    .deleteFrom('payment_provider_credentials')
    .where('tenant_id', '=', demo)
    .where('provider', '=', '2c2p')
    .execute();
  const foreign = await deliver('2c2p', JSON.stringify({ payload: 'x.y.z' }));
  expect(foreign.status).toBe(404);
});
