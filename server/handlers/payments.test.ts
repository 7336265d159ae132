import { randomUUID } from 'node:crypto';
import type { components } from '../../src/api/schema';
import { signatureHeader } from '../payments/signature.ts';
import {
  ADDRESS,
  call,
  createCustomer,
  postOrder,
  productsInStock,
  tenantId,
  type TestCustomer,
} from '../test/shop.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';

type Order = components['schemas']['Order'];
type Initiation = components['schemas']['CardPaymentInitiation'];
type PaymentStatus = components['schemas']['PaymentStatus'];
type PaymentOptions = components['schemas']['PaymentOptions'];

const NOT_FOUND = { detail: 'Not found.' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Places an order of one cheap product for the customer. */
async function placeOrder(who: TestCustomer, method = 'card_2c2p', token = 'demo-handcraft') {
  const product = (await productsInStock(t.app, token))[0]!;
  await call(t.app, 'POST', '/orders/cart/add-item/', who.headers, {
    product_id: product.id,
    quantity: 1,
  });
  const answer = await postOrder<Order>(t.app, who, {
    payment_method: method,
    delivery_address: ADDRESS,
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

const initiate = (who: TestCustomer, orderId: number) =>
  call<Initiation>(t.app, 'POST', '/payments/card/initiate/', who.headers, {
    order_id: orderId,
    currency: 'USD',
  });

const status = (who: TestCustomer, uuid: string) =>
  call<PaymentStatus>(t.app, 'GET', `/payments/history/${uuid}/`, who.headers);

async function paymentRow(uuid: string) {
  return t.app.db
    .selectFrom('payments')
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
}

async function orderRow(id: number) {
  return t.app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The shop's sandbox signing secret, as the sandbox gateway signs with it ('' when none). */
async function secretOf(token: string): Promise<string> {
  return (await t.app.paymentProviders.sandboxSecret(await tenantId(t.app, token))) ?? '';
}

interface NotifyOptions {
  secret?: string;
  timestamp?: number;
  token?: string;
  signature?: string;
  raw?: string;
}

/** Sends a gateway notification signed with the shop's secret (or as the options say). */
async function notify(body: Record<string, unknown>, options: NotifyOptions = {}) {
  const token = options.token ?? 'demo-handcraft';
  const raw = options.raw ?? JSON.stringify(body);
  const secret = options.secret ?? (await secretOf(token));
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/gateway/notify/',
    headers: {
      ...asTenant(token),
      'content-type': 'application/json',
      'x-gateway-signature': options.signature ?? signatureHeader(secret, timestamp, raw),
    },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

function event(uuid: string, overrides: Record<string, unknown> = {}) {
  return {
    event_id: randomUUID(),
    payment_uuid: uuid,
    status: 'succeeded',
    amount: '0.00',
    currency: 'USD',
    gateway_transaction_ref: 'SBX-20261122-TEST01',
    error_message: null,
    ...overrides,
  };
}

/** A card order of a new customer with an initiated payment. */
async function initiatedPayment() {
  const me = await createCustomer(t.app);
  const order = await placeOrder(me);
  const started = await initiate(me, order.id);
  expect(started.status).toBe(201);
  return { me, order, payment: started.body, amount: order.total_price };
}

describe('payment options', () => {
  it('answers each shop’s own settings, and never the gateway secret', async () => {
    const demo = await call<PaymentOptions>(
      t.app,
      'GET',
      '/payments/options/',
      asTenant('demo-handcraft'),
    );
    expect(demo).toMatchObject({
      status: 200,
      body: {
        enable_card_payment: true,
        enable_bank_transfer: true,
        enable_custom_payment: true,
        bank_account_details: expect.stringContaining('IBAN'),
        custom_payment_label: 'Pay at the workshop',
        custom_payment_instructions: expect.stringContaining('order number'),
        custom_payment_redirect_url: null,
      },
    });
    const pottery = await call<PaymentOptions>(
      t.app,
      'GET',
      '/payments/options/',
      asTenant('demo-pottery'),
    );
    expect(pottery.body).toMatchObject({
      enable_card_payment: false,
      enable_bank_transfer: true,
      enable_custom_payment: true,
      custom_payment_label: 'PayPal',
      custom_payment_redirect_url: 'https://www.paypal.com/paypalme/riversidepottery',
    });
    expect(pottery.body.bank_account_details).not.toBe(demo.body.bank_account_details);
    for (const answer of [demo, pottery]) {
      expect(Object.keys(answer.body).sort()).toEqual([
        'bank_account_details',
        'custom_payment_instructions',
        'custom_payment_label',
        'custom_payment_redirect_url',
        'enable_bank_transfer',
        'enable_card_payment',
        'enable_custom_payment',
      ]);
      const text = JSON.stringify(answer.body);
      const secret = await secretOf('demo-handcraft');
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(text).not.toContain(secret);
      const sealed = await t.app.db.selectFrom('payment_settings').select('credentials').execute();
      for (const row of sealed) if (row.credentials) expect(text).not.toContain(row.credentials);
    }
  });

  it('offers nothing for a shop without settings', async () => {
    const tenant = await t.app.db
      .insertInto('tenants')
      .values({
        token: 'bare-shop',
        name: 'Bare',
        media_slug: 'bare',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call(t.app, 'GET', '/payments/options/', asTenant('bare-shop'))).body).toEqual({
      enable_card_payment: false,
      enable_bank_transfer: false,
      enable_custom_payment: false,
      bank_account_details: null,
      custom_payment_label: null,
      custom_payment_instructions: null,
      custom_payment_redirect_url: null,
    });
    await t.app.db.deleteFrom('tenants').where('id', '=', tenant.id).execute();
  });
});

describe('starting a card payment', () => {
  it('creates an initiated payment of the order’s total and answers the hosted page', async () => {
    const me = await createCustomer(t.app);
    const order = await placeOrder(me);
    const answer = await initiate(me, order.id);
    expect(answer).toMatchObject({
      status: 201,
      body: {
        payment_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'initiated',
        amount: order.total_price,
        currency: 'USD',
      },
    });
    // The sandbox gateway's page of its own charge, on this API's origin.
    expect(answer.body.redirectUrl).toMatch(
      /^http:\/\/localhost(:80)?\/api\/payments\/sandbox\/checkout\/SBX-\d{8}-[0-9A-Z]{6}\/$/,
    );
    expect(await paymentRow(answer.body.payment_uuid)).toMatchObject({
      status: 'initiated',
      order_id: order.id,
      user_id: me.id,
      currency: 'USD',
    });
    const detail = await call<Order>(t.app, 'GET', `/orders/orders/${order.id}/`, me.headers);
    expect(detail.body.latest_payment).toMatchObject({
      payment_uuid: answer.body.payment_uuid,
      status: 'initiated',
      order_id: order.id,
      order_identifier: order.order_number,
    });
  });

  it('cancels the older initiated payment when a new one starts', async () => {
    const { me, order, payment: older } = await initiatedPayment();
    const newer = await initiate(me, order.id);
    expect(newer.status).toBe(201);
    expect(await paymentRow(older.payment_uuid)).toMatchObject({
      status: 'canceled',
      error_message: 'Superseded by a newer payment attempt.',
    });
    expect((await paymentRow(newer.body.payment_uuid)).status).toBe('initiated');
    const detail = await call<Order>(t.app, 'GET', `/orders/orders/${order.id}/`, me.headers);
    expect(detail.body.latest_payment?.payment_uuid).toBe(newer.body.payment_uuid);
  });

  it('answers 404 for another customer’s order and an unknown one', async () => {
    const owner = await createCustomer(t.app);
    const order = await placeOrder(owner);
    const intruder = await createCustomer(t.app);
    expect(await initiate(intruder, order.id)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await initiate(owner, 99_999_999)).status).toBe(404);
    expect((await initiate(owner, 1e12)).status).toBe(404);
    expect(
      await t.app.db.selectFrom('payments').select('id').where('order_id', '=', order.id).execute(),
    ).toEqual([]);
  });

  it('answers 409 for an order not paid by card, and for a paid one', async () => {
    const me = await createCustomer(t.app);
    const bank = await placeOrder(me, 'bank_transfer');
    expect(await initiate(me, bank.id)).toMatchObject({
      status: 409,
      body: { detail: 'This order is not paid by card.' },
    });
    const { me: payer, order, payment, amount } = await initiatedPayment();
    expect((await notify(event(payment.payment_uuid, { amount }))).status).toBe(200);
    expect(await initiate(payer, order.id)).toMatchObject({
      status: 409,
      body: { detail: 'This order is already paid.' },
    });
    await t.app.db
      .updateTable('orders')
      .set({ status: 'canceled' })
      .where('id', '=', bank.id)
      .execute();
    await t.app.db
      .updateTable('orders')
      .set({ payment_method: 'card_2c2p' })
      .where('id', '=', bank.id)
      .execute();
    expect(await initiate(me, bank.id)).toMatchObject({
      status: 409,
      body: { detail: 'This order cannot be paid.' },
    });
  });

  it('answers 409 while a payment of the order is pending, so it is never charged twice', async () => {
    const { me, order, payment, amount } = await initiatedPayment();
    await notify(
      event(payment.payment_uuid, { amount, status: 'pending', gateway_transaction_ref: null }),
    );
    expect(await initiate(me, order.id)).toMatchObject({
      status: 409,
      body: { detail: 'A payment of this order is still being processed.' },
    });
  });

  it('answers 409 when the shop has turned card payments off', async () => {
    const me = await createCustomer(t.app);
    const order = await placeOrder(me);
    await t.app.db
      .updateTable('payment_settings')
      .set({ enable_card_payment: 0 })
      .where('tenant_id', '=', me.tenantId)
      .execute();
    try {
      expect(await initiate(me, order.id)).toMatchObject({
        status: 409,
        body: { detail: 'Card payments are not available.' },
      });
    } finally {
      await t.app.db
        .updateTable('payment_settings')
        .set({ enable_card_payment: 1 })
        .where('tenant_id', '=', me.tenantId)
        .execute();
    }
  });

  it('refuses another currency', async () => {
    const me = await createCustomer(t.app);
    const order = await placeOrder(me);
    const answer = await call(t.app, 'POST', '/payments/card/initiate/', me.headers, {
      order_id: order.id,
      currency: 'EUR',
    });
    expect(answer.status).toBe(400);
  });
});

describe('payment status', () => {
  it('answers the payment’s status to its owner only', async () => {
    const { me, order, payment } = await initiatedPayment();
    expect(await status(me, payment.payment_uuid)).toMatchObject({
      status: 200,
      body: {
        payment_uuid: payment.payment_uuid,
        status: 'initiated',
        order_id: order.id,
        order_identifier: order.order_number,
        gateway_transaction_ref: null,
        currency: 'USD',
        amount: order.total_price,
        error_message: null,
        created_at: expect.any(String),
      },
    });
    expect((await status(me, payment.payment_uuid.toUpperCase())).status).toBe(200);
    const other = await createCustomer(t.app);
    expect(await status(other, payment.payment_uuid)).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    const elsewhere = await createCustomer(t.app, 'demo-pottery');
    expect((await status(elsewhere, payment.payment_uuid)).status).toBe(404);
    expect((await status(me, randomUUID())).status).toBe(404);
    expect((await status(me, 'not-a-uuid')).status).toBe(400);
  });
});

describe('gateway notifications', () => {
  it('a verified succeeded marks the payment succeeded and the order paid', async () => {
    const { me, order, payment, amount } = await initiatedPayment();
    const answer = await notify(event(payment.payment_uuid, { amount }));
    expect(answer).toEqual({
      status: 200,
      body: { detail: 'Notification processed.', payment_status: 'succeeded' },
    });
    expect(await paymentRow(payment.payment_uuid)).toMatchObject({
      status: 'succeeded',
      gateway_transaction_ref: 'SBX-20261122-TEST01',
    });
    const paid = await orderRow(order.id);
    expect(paid.status).toBe('paid');
    expect(paid.paid_at).not.toBeNull();
    const detail = await call<Order>(t.app, 'GET', `/orders/orders/${order.id}/`, me.headers);
    expect(detail.body).toMatchObject({
      status: 'paid',
      paid_at: expect.any(String),
      latest_payment: { status: 'succeeded', gateway_transaction_ref: 'SBX-20261122-TEST01' },
    });
  });

  /** Asserts that the payment and its order are exactly as they were. */
  async function expectUnchanged(uuid: string, orderId: number) {
    expect(await paymentRow(uuid)).toMatchObject({
      status: 'initiated',
      gateway_transaction_ref: null,
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'awaiting_payment', paid_at: null });
    const events = await t.app.db
      .selectFrom('payment_notifications as n')
      .innerJoin('payments as p', 'p.id', 'n.payment_id')
      .select('n.id')
      .where('p.uuid', '=', uuid)
      .execute();
    expect(events).toEqual([]);
  }

  it('refuses a wrong or malformed signature and changes nothing', async () => {
    const { order, payment, amount } = await initiatedPayment();
    const body = event(payment.payment_uuid, { amount });
    const invalid = { status: 400, body: { detail: 'Invalid signature.' } };
    expect(await notify(body, { secret: 'not-the-shop-secret' })).toEqual(invalid);
    // Signed with the other shop's secret.
    expect(await notify(body, { secret: await secretOf('demo-pottery') })).toEqual(invalid);
    for (const signature of [
      '',
      'garbage',
      't=123',
      `v1=${'a'.repeat(64)}`,
      `t=x,v1=${'a'.repeat(64)}`,
    ]) {
      expect((await notify(body, { signature })).status).toBe(400);
    }
    // Signed, then changed: the signature covers the exact bytes.
    const secret = await secretOf('demo-handcraft');
    const now = Math.floor(Date.now() / 1000);
    const signed = signatureHeader(secret, now, JSON.stringify(body));
    expect(
      await notify(body, { signature: signed, raw: JSON.stringify({ ...body, amount: '0.01' }) }),
    ).toEqual(invalid);
    expect(await notify(body, { signature: signed, raw: JSON.stringify(body, null, 1) })).toEqual(
      invalid,
    );
    await expectUnchanged(payment.payment_uuid, order.id);
  });

  it('refuses a timestamp more than 5 minutes old or ahead, and changes nothing', async () => {
    const { order, payment, amount } = await initiatedPayment();
    const now = Math.floor(Date.now() / 1000);
    const stale = { status: 400, body: { detail: 'Timestamp outside the tolerance zone.' } };
    expect(await notify(event(payment.payment_uuid, { amount }), { timestamp: now - 301 })).toEqual(
      stale,
    );
    expect(await notify(event(payment.payment_uuid, { amount }), { timestamp: now + 301 })).toEqual(
      stale,
    );
    await expectUnchanged(payment.payment_uuid, order.id);
    // Within the tolerance it is accepted.
    expect(
      (await notify(event(payment.payment_uuid, { amount }), { timestamp: now - 250 })).status,
    ).toBe(200);
  });

  it('refuses an amount or currency that differs from the payment’s, and changes nothing', async () => {
    const { order, payment, amount } = await initiatedPayment();
    const mismatch = {
      status: 400,
      body: { detail: 'Amount or currency does not match the payment.' },
    };
    const cents = Math.round(Number(amount) * 100);
    expect(
      await notify(event(payment.payment_uuid, { amount: ((cents - 1) / 100).toFixed(2) })),
    ).toEqual(mismatch);
    expect(await notify(event(payment.payment_uuid, { amount, currency: 'EUR' }))).toEqual(
      mismatch,
    );
    expect(await notify(event(payment.payment_uuid, { amount: 'lots' }))).toMatchObject({
      status: 400,
    });
    await expectUnchanged(payment.payment_uuid, order.id);
  });

  it('answers 404 for a payment the shop does not have, and 400 for a bad body', async () => {
    const { payment, amount } = await initiatedPayment();
    expect(await notify(event(randomUUID(), { amount }))).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    // Sent as the pottery, which takes no sandbox card payments: nothing can verify it.
    expect(
      await notify(event(payment.payment_uuid, { amount }), { token: 'demo-pottery' }),
    ).toMatchObject({ status: 400, body: { detail: 'Invalid signature.' } });
    expect((await notify(event(payment.payment_uuid, { amount, status: 'refunded' }))).status).toBe(
      400,
    );
    expect((await notify(event(payment.payment_uuid, { amount, event_id: 'x' }))).status).toBe(400);
    expect(
      await notify(
        event(payment.payment_uuid, { amount, status: 'failed', error_message: 'a\u0000b' }),
      ),
    ).toMatchObject({ status: 400, body: { error_message: ['Null characters are not allowed.'] } });
    expect((await paymentRow(payment.payment_uuid)).status).toBe('initiated');
  });

  it('acknowledges a replayed event and changes nothing', async () => {
    const { order, payment, amount } = await initiatedPayment();
    const pending = event(payment.payment_uuid, {
      amount,
      status: 'pending',
      gateway_transaction_ref: null,
    });
    expect((await notify(pending)).body).toEqual({
      detail: 'Notification processed.',
      payment_status: 'pending',
    });
    const first = event(payment.payment_uuid, {
      amount,
      status: 'failed',
      error_message: 'Declined.',
    });
    expect((await notify(first)).status).toBe(200);
    // The same event again, and the pending one again: acknowledged, ignored.
    expect(await notify(pending)).toEqual({
      status: 200,
      body: { detail: 'Notification already processed.', payment_status: 'failed' },
    });
    expect(await notify({ ...first, status: 'succeeded' })).toEqual({
      status: 200,
      body: { detail: 'Notification already processed.', payment_status: 'failed' },
    });
    expect(await paymentRow(payment.payment_uuid)).toMatchObject({
      status: 'failed',
      error_message: 'Declined.',
    });
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
  });

  it('failed and canceled keep the order awaiting payment, with the reason stored', async () => {
    const failed = await initiatedPayment();
    await notify(
      event(failed.payment.payment_uuid, {
        amount: failed.amount,
        status: 'failed',
        error_message: null,
        gateway_transaction_ref: null,
      }),
    );
    expect(await paymentRow(failed.payment.payment_uuid)).toMatchObject({
      status: 'failed',
      error_message: 'The card was declined.',
    });
    expect((await orderRow(failed.order.id)).status).toBe('awaiting_payment');

    const canceled = await initiatedPayment();
    await notify(
      event(canceled.payment.payment_uuid, {
        amount: canceled.amount,
        status: 'canceled',
        error_message: null,
        gateway_transaction_ref: null,
      }),
    );
    expect(await paymentRow(canceled.payment.payment_uuid)).toMatchObject({
      status: 'canceled',
      error_message: 'The payment was canceled.',
    });
    expect((await orderRow(canceled.order.id)).status).toBe('awaiting_payment');
    // The shopper may pay again.
    expect((await initiate(canceled.me, canceled.order.id)).status).toBe(201);
  });

  it('never ignores money taken after a cancel, and ignores anything after a success', async () => {
    const { order, payment, amount } = await initiatedPayment();
    await notify(
      event(payment.payment_uuid, { amount, status: 'canceled', gateway_transaction_ref: null }),
    );
    // The provider took the money after all: recorded, and the waiting order is paid by it.
    const late = await notify(event(payment.payment_uuid, { amount }));
    expect(late).toEqual({
      status: 200,
      body: { detail: 'Notification processed.', payment_status: 'succeeded' },
    });
    expect((await paymentRow(payment.payment_uuid)).status).toBe('succeeded');
    expect((await orderRow(order.id)).status).toBe('paid');
    const failedLater = await notify(event(payment.payment_uuid, { amount, status: 'canceled' }));
    expect(failedLater.body).toEqual({
      detail: 'The payment is already final; notification ignored.',
      payment_status: 'succeeded',
    });

    const paid = await initiatedPayment();
    await notify(event(paid.payment.payment_uuid, { amount: paid.amount }));
    await notify(event(paid.payment.payment_uuid, { amount: paid.amount, status: 'failed' }));
    expect((await paymentRow(paid.payment.payment_uuid)).status).toBe('succeeded');
    expect((await orderRow(paid.order.id)).status).toBe('paid');
  });

  it('ends succeeded whichever of a racing success and failure comes first', async () => {
    const { order, payment, amount } = await initiatedPayment();
    const [success, failure] = await Promise.all([
      notify(event(payment.payment_uuid, { amount })),
      notify(
        event(payment.payment_uuid, { amount, status: 'failed', gateway_transaction_ref: null }),
      ),
    ]);
    // Money taken is never ignored: a failure first is overtaken, a failure last is ignored.
    expect((await paymentRow(payment.payment_uuid)).status).toBe('succeeded');
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(success!.body).toEqual({
      detail: 'Notification processed.',
      payment_status: 'succeeded',
    });
    // (Its answer names the state it left, or the success it found.)
    expect([
      'Notification processed.',
      'The payment is already final; notification ignored.',
    ]).toContain(failure!.body.detail);
  });
});
