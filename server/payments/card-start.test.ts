/**
 * Starting a card payment (`POST /payments/card/initiate/`) through the sandbox gateway: one
 * initiated payment of the order's total at a time, refused for another customer's order, an
 * order not paid by card, a paid or pending one, or a shop with cards off; and the payment's
 * status (`GET /payments/history/{uuid}/`) answered to its owner only.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../common/storefront-api';
import { call, createCustomer } from '../test/shop.ts';
import { NOT_FOUND, event, usePaymentsApi } from '../test/payments.ts';

type Order = components['schemas']['Order'];

const { t, placeOrder, initiate, status, paymentRow, notify, initiatedPayment } = usePaymentsApi();

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
    // The sandbox gateway's page of its own charge, on the address this API was started on.
    expect(answer.body.redirectUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/api\/payments\/sandbox\/checkout\/SBX-\d{8}-[0-9A-Z]{6}\/$/,
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
