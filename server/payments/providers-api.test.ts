/**
 * Real card providers through the whole API (decision 013), against local fakes of 2C2P and
 * Stripe on 127.0.0.1 that speak their wire formats: a shop's sealed credentials choose the
 * provider; a card payment starts at the provider's hosted page; the provider's signed
 * notification (or, before one arrives, its answer when asked) pays the order; forged, replayed,
 * stale and wrong-amount notifications change nothing; a provider that is down answers a clear
 * 502 and the order stays payable; money taken after the order closed is refunded through the
 * provider where it can be. No secret ever reaches an answer, the database in the clear, or a log.
 */
import { Writable } from 'node:stream';
import type { components } from '../../common/storefront-api';
import { startFake2c2p, type Fake2c2p } from '../test/fake-2c2p.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import { orderOne, orderRow, paymentRow, queuedEmails } from '../test/sandbox.ts';
import {
  call,
  createCustomer,
  productsInStock,
  type TestCustomer,
  tenantId,
} from '../test/shop.ts';
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
const SECRETS = [C2P.secretKey, STRIPE.secretKey, STRIPE.webhookSecret];

/** Every log line the app writes, to look for secrets in. */
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
});
afterAll(async () => {
  await t.close();
  await Promise.all([fake2c2p.close(), fakeStripe.close()]);
});

afterEach(() => {
  fake2c2p.failWith(null);
});

const initiate = (who: TestCustomer, orderId: number) =>
  call<Initiation>(t.app, 'POST', '/payments/card/initiate/', who.headers, {
    order_id: orderId,
    currency: 'USD',
  });

/** Posts a provider's notification body to the shop's address, as the provider would. */
async function deliver(provider: string, rawBody: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/providers/${provider}/notify/${demo}/`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: rawBody,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

function expectNoSecret(text: string) {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('2C2P', () => {
  beforeAll(async () => {
    await t.app.paymentProviders.configure(demo, '2c2p', C2P);
  });

  /** A card order with a started 2C2P payment; its invoice number. */
  async function started() {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const answer = await initiate(me, order.id);
    expect(answer.status).toBe(201);
    const row = await paymentRow(t.app, answer.body.payment_uuid);
    return { me, order, payment: answer.body, invoice: row.provider_ref! };
  }

  it('starts at 2C2P’s payment page and its signed notification pays the order', async () => {
    const { me, order, payment, invoice } = await started();
    expect(payment.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/payment\/4\.3\/pay\//);
    const tokenRequest = fake2c2p.requests.find((r) => r.operation === 'paymentToken')!;
    expect(tokenRequest.payload).toMatchObject({
      merchantID: 'JT01',
      invoiceNo: invoice,
      currencyCode: 'USD',
      userDefined1: payment.payment_uuid,
      frontendReturnUrl: expect.stringContaining(
        `/payment/return?paymentId=${payment.payment_uuid}`,
      ),
      backendReturnUrl: expect.stringContaining(`/api/payments/providers/2c2p/notify/${demo}/`),
    });
    expect(await paymentRow(t.app, payment.payment_uuid)).toMatchObject({
      provider: '2c2p',
      status: 'initiated',
    });

    fake2c2p.settle(invoice, { respCode: '0000', tranRef: '2C2P-TX-1' });
    const body = fake2c2p.notificationFor(invoice);
    expect(await deliver('2c2p', body)).toEqual({
      status: 200,
      body: { detail: 'Notification processed.', payment_status: 'succeeded' },
    });
    expect((await orderRow(t.app, order.id)).status).toBe('paid');
    const status = await call<PaymentStatus>(
      t.app,
      'GET',
      `/payments/history/${payment.payment_uuid}/`,
      me.headers,
    );
    expect(status.body).toMatchObject({
      status: 'succeeded',
      gateway_transaction_ref: '2C2P-TX-1',
    });
    // The same notification again changes nothing.
    expect((await deliver('2c2p', body)).body.detail).toBe('Notification already processed.');
    expect((await queuedEmails(t.app, order.order_number)).map((e) => e.kind)).toEqual([
      'order_placed',
      'payment_received',
      'shop_order_paid',
    ]);
  });

  it('records a decline and a cancellation with their reasons, and the order can be paid again', async () => {
    const declined = await started();
    fake2c2p.settle(declined.invoice, { respCode: '4005' });
    await deliver('2c2p', fake2c2p.notificationFor(declined.invoice));
    expect(await paymentRow(t.app, declined.payment.payment_uuid)).toMatchObject({
      status: 'failed',
      error_message: expect.stringMatching(/honour/i),
    });
    const again = await initiate(declined.me, declined.order.id);
    expect(again.status).toBe(201);
    const second = await paymentRow(t.app, again.body.payment_uuid);
    expect(second.attempt).toBe(2);
    expect(second.provider_ref).not.toBe(declined.invoice);

    const canceled = await started();
    fake2c2p.settle(canceled.invoice, { respCode: '0003' });
    await deliver('2c2p', fake2c2p.notificationFor(canceled.invoice));
    expect((await paymentRow(t.app, canceled.payment.payment_uuid)).status).toBe('canceled');
    expect((await orderRow(t.app, canceled.order.id)).status).toBe('awaiting_payment');
  });

  it('asks 2C2P on the return page before any notification: pending, then paid', async () => {
    const { me, order, payment, invoice } = await started();
    const look = () =>
      call<PaymentStatus>(t.app, 'GET', `/payments/history/${payment.payment_uuid}/`, me.headers);
    expect((await look()).body.status).toBe('initiated');
    fake2c2p.settle(invoice, { respCode: '0001' });
    await t.app.db
      .updateTable('payments')
      .set({ checked_at: null })
      .where('uuid', '=', payment.payment_uuid)
      .execute();
    expect((await look()).body.status).toBe('pending');
    fake2c2p.settle(invoice, { respCode: '0000', tranRef: '2C2P-TX-2' });
    await t.app.db
      .updateTable('payments')
      .set({ checked_at: null })
      .where('uuid', '=', payment.payment_uuid)
      .execute();
    expect((await look()).body).toMatchObject({
      status: 'succeeded',
      gateway_transaction_ref: '2C2P-TX-2',
    });
    expect((await orderRow(t.app, order.id)).status).toBe('paid');
  });

  it('refuses forged, stale, foreign and wrong-amount notifications, and changes nothing', async () => {
    const { payment, invoice } = await started();
    fake2c2p.settle(invoice, { respCode: '0000' });
    const forged = await deliver(
      '2c2p',
      fake2c2p.notificationFor(invoice, { secretKey: 'x'.repeat(64) }),
    );
    expect(forged).toEqual({ status: 400, body: { detail: 'Invalid signature.' } });
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    const stale = await deliver(
      '2c2p',
      fake2c2p.notificationFor(invoice, {
        fields: { transactionDateTime: old.toISOString().replace(/\D/g, '').slice(0, 14) },
      }),
    );
    expect(stale).toEqual({
      status: 400,
      body: { detail: 'Timestamp outside the tolerance zone.' },
    });
    expect(
      (
        await deliver(
          '2c2p',
          fake2c2p.notificationFor(invoice, { fields: { merchantID: 'OTHER1' } }),
        )
      ).status,
    ).toBe(404);
    const wrongAmount = await deliver(
      '2c2p',
      fake2c2p.notificationFor(invoice, { fields: { amount: 0.01 } }),
    );
    expect(wrongAmount).toEqual({
      status: 400,
      body: { detail: 'Amount or currency does not match the payment.' },
    });
    expect((await deliver('2c2p', 'not json')).status).toBe(400);
    // Sent to the wrong provider's address: this shop is not on Stripe.
    expect((await deliver('stripe', fake2c2p.notificationFor(invoice))).status).toBe(404);
    expect((await paymentRow(t.app, payment.payment_uuid)).status).toBe('initiated');
  });

  it('answers a clear 502 when 2C2P is down, and the order stays payable', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    fake2c2p.failWith('unavailable');
    const down = await initiate(me, order.id);
    expect(down).toMatchObject({
      status: 502,
      body: { detail: expect.stringMatching(/could not be reached.*try again/i) },
    });
    const failed = await t.app.db
      .selectFrom('payments')
      .select(['status', 'error_message'])
      .where('order_id', '=', order.id)
      .execute();
    expect(failed).toEqual([
      { status: 'failed', error_message: 'The payment could not be started.' },
    ]);
    expect((await orderRow(t.app, order.id)).status).toBe('awaiting_payment');
    fake2c2p.failWith(null);
    expect((await initiate(me, order.id)).status).toBe(201);
  });

  it('leaves a payment taken after the order closed to the shop to refund by hand (2C2P has no refund call)', async () => {
    const { me, order, payment, invoice } = await started();
    expect(
      (await call(t.app, 'POST', `/orders/orders/${order.id}/cancel/`, me.headers)).status,
    ).toBe(200);
    fake2c2p.settle(invoice, { respCode: '0000', tranRef: '2C2P-TX-LATE' });
    await deliver('2c2p', fake2c2p.notificationFor(invoice));
    expect(await paymentRow(t.app, payment.payment_uuid)).toMatchObject({
      status: 'succeeded',
      refund_status: 'manual',
    });
    const shop = (await queuedEmails(t.app, order.order_number)).find(
      (e) => e.kind === 'shop_refund_needed',
    );
    expect(shop?.data).toContain('"refundedAutomatically":false');
  });
});

describe('Stripe', () => {
  beforeAll(async () => {
    await t.app.paymentProviders.configure(demo, 'stripe', STRIPE);
  });

  async function started() {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const answer = await initiate(me, order.id);
    expect(answer.status).toBe(201);
    const row = await paymentRow(t.app, answer.body.payment_uuid);
    return { me, order, payment: answer.body, session: row.provider_ref! };
  }

  const hook = (
    type: string,
    session: string,
    options?: { timestamp?: number; secret?: string },
  ) => {
    const event = fakeStripe.webhook(type, session, options);
    return deliver('stripe', event.rawBody, event.headers);
  };

  it('starts a Checkout Session and its webhook pays the order', async () => {
    const { order, payment, session } = await started();
    expect(payment.redirectUrl).toBe(fakeStripe.sessions.get(session)!.url);
    expect(fakeStripe.sessions.get(session)).toMatchObject({
      amount_total: Math.round(Number(order.total_price) * 100),
      currency: 'usd',
      client_reference_id: payment.payment_uuid,
    });
    fakeStripe.complete(session, { paymentStatus: 'paid' });
    const event = fakeStripe.webhook('checkout.session.completed', session);
    expect(await deliver('stripe', event.rawBody, event.headers)).toEqual({
      status: 200,
      body: { detail: 'Notification processed.', payment_status: 'succeeded' },
    });
    expect((await orderRow(t.app, order.id)).status).toBe('paid');
    expect((await deliver('stripe', event.rawBody, event.headers)).body.detail).toBe(
      'Notification already processed.',
    );
  });

  it('follows an asynchronous payment from pending to paid, and an expired session to canceled', async () => {
    const slow = await started();
    fakeStripe.complete(slow.session, { paymentStatus: 'unpaid' });
    await hook('checkout.session.completed', slow.session);
    expect((await paymentRow(t.app, slow.payment.payment_uuid)).status).toBe('pending');
    fakeStripe.settle(slow.session, 'paid');
    await hook('checkout.session.async_payment_succeeded', slow.session);
    expect((await orderRow(t.app, slow.order.id)).status).toBe('paid');

    const gone = await started();
    fakeStripe.expire(gone.session);
    await hook('checkout.session.expired', gone.session);
    expect((await paymentRow(t.app, gone.payment.payment_uuid)).status).toBe('canceled');
    expect((await orderRow(t.app, gone.order.id)).status).toBe('awaiting_payment');
  });

  it('refuses forged and stale webhooks, and acknowledges an event that is not about a payment', async () => {
    const { payment, session } = await started();
    fakeStripe.complete(session, { paymentStatus: 'paid' });
    expect(
      (await hook('checkout.session.completed', session, { secret: 'whsec_OtherSecret0123456789' }))
        .body,
    ).toEqual({
      detail: 'Invalid signature.',
    });
    const stale = await hook('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale).toEqual({
      status: 400,
      body: { detail: 'Timestamp outside the tolerance zone.' },
    });
    expect((await hook('customer.created', session)).status).toBe(200);
    expect((await paymentRow(t.app, payment.payment_uuid)).status).toBe('initiated');
  });

  it('closes the older session when a new payment starts, and refunds a payment taken after the order closed', async () => {
    const { me, order, session } = await started();
    const newer = await initiate(me, order.id);
    expect(newer.status).toBe(201);
    await vi.waitFor(() => expect(fakeStripe.sessions.get(session)!.status).toBe('expired'));

    const newSession = (await paymentRow(t.app, newer.body.payment_uuid)).provider_ref!;
    expect(
      (await call(t.app, 'POST', `/orders/orders/${order.id}/cancel/`, me.headers)).status,
    ).toBe(200);
    await vi.waitFor(() => expect(fakeStripe.sessions.get(newSession)!.status).toBe('expired'));
    // Stripe completed it anyway (a page already submitting): refunded through Stripe.
    fakeStripe.sessions.get(newSession)!.status = 'open';
    fakeStripe.complete(newSession, { paymentStatus: 'paid' });
    await hook('checkout.session.completed', newSession);
    const late = await paymentRow(t.app, newer.body.payment_uuid);
    expect(late).toMatchObject({ status: 'succeeded', refund_status: 'refunded' });
    expect(late.refund_ref).toMatch(/^re_/);
    expect([...fakeStripe.refunds.values()].some((r) => r.id === late.refund_ref)).toBe(true);
  });
});

describe('secrets', () => {
  it('are sealed in the database and never in an answer or a log line', async () => {
    const rows = await t.app.db.selectFrom('payment_settings').selectAll().execute();
    expectNoSecret(JSON.stringify(rows));
    for (const row of rows) expect(row.gateway_secret).toBe('');
    const answers = await Promise.all([
      call(t.app, 'GET', '/payments/options/', { 'x-tenant-token': 'demo-handcraft' }),
      call(t.app, 'GET', '/pages/site-settings/', { 'x-tenant-token': 'demo-handcraft' }),
    ]);
    for (const answer of answers) expectNoSecret(JSON.stringify(answer.body));
    expect(logLines.length).toBeGreaterThan(0);
    expectNoSecret(logLines.join('\n'));
  });
});

describe('a shop priced in pounds (issue 38)', () => {
  let pottery: number;
  beforeAll(async () => {
    pottery = await tenantId(t.app, 'demo-pottery');
    await t.app.db
      .updateTable('payment_settings')
      .set({ enable_card_payment: 1 })
      .where('tenant_id', '=', pottery)
      .execute();
  });

  /** A card order of the pottery's, with a customer of its own. */
  async function potteryCardOrder() {
    const me = await createCustomer(t.app, 'demo-pottery');
    const mug = (await productsInStock(t.app, 'demo-pottery'))[0]!;
    return orderOne(t.app, 'card_2c2p', me, mug.id);
  }

  const pay = (me: TestCustomer, orderId: number, currency: string) =>
    call<Initiation>(t.app, 'POST', '/payments/card/initiate/', me.headers, {
      order_id: orderId,
      currency,
    });

  it('asks Stripe to charge the order in pounds', async () => {
    await t.app.paymentProviders.configure(pottery, 'stripe', STRIPE);
    const { me, order } = await potteryCardOrder();
    const answer = await pay(me, order.id, 'GBP');
    expect(answer).toMatchObject({
      status: 201,
      body: { amount: order.total_price, currency: 'GBP' },
    });
    const row = await paymentRow(t.app, answer.body.payment_uuid);
    expect(row).toMatchObject({ provider: 'stripe', currency: 'GBP' });
    expect(fakeStripe.sessions.get(row.provider_ref!)).toMatchObject({
      amount_total: Math.round(Number(order.total_price) * 100),
      currency: 'gbp',
    });
  });

  it('asks 2C2P to charge the order in pounds', async () => {
    await t.app.paymentProviders.configure(pottery, '2c2p', C2P);
    const { me, order } = await potteryCardOrder();
    const answer = await pay(me, order.id, 'GBP');
    expect(answer.status).toBe(201);
    const row = await paymentRow(t.app, answer.body.payment_uuid);
    expect(row).toMatchObject({ provider: '2c2p', currency: 'GBP' });
    const tokenRequest = fake2c2p.requests.find(
      (r) => r.operation === 'paymentToken' && r.payload?.invoiceNo === row.provider_ref,
    )!;
    expect(tokenRequest.payload).toMatchObject({
      currencyCode: 'GBP',
      amount: Number(order.total_price),
    });
  });

  it('refuses a payment asked in another currency than the shop’s, and starts none', async () => {
    const { me, order } = await potteryCardOrder();
    expect(await pay(me, order.id, 'USD')).toMatchObject({
      status: 400,
      body: { currency: ['"USD" is not a valid choice.'] },
    });
    expect(
      await t.app.db.selectFrom('payments').select('id').where('order_id', '=', order.id).execute(),
    ).toEqual([]);
  });
});
