/**
 * The order lifecycle through the API (decision 013), on SQLite and on PostgreSQL: a shopper
 * cancels an unpaid order, unpaid orders expire, stock comes back once, a customer's unpaid
 * orders are capped, the total the shopper saw is the one charged, and money that arrives for
 * an order that cannot keep it is recorded and refunded, with the e-mails of each event queued.
 */
import type { components } from '../../src/api/schema';
import {
  notifySandbox,
  orderOne,
  paySandbox,
  orderRow,
  paymentRow,
  queuedEmails,
  startPayment,
  stockOf,
} from '../test/sandbox.ts';
import {
  ADDRESS,
  call,
  quoteShipping,
  createCustomer,
  postOrder,
  productsInStock,
  setProduct,
} from '../test/shop.ts';
import { createTestApp, type TestApp, testDatabaseUrl } from '../test/test-app.ts';

type Order = components['schemas']['Order'];
type Cart = components['schemas']['Cart'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {});
});
afterAll(async () => {
  await t.close();
});

const cancel = (headers: Record<string, string>, id: number) =>
  call<Order>(t.app, 'POST', `/orders/orders/${id}/cancel/`, headers);

/** Moves an order's deadline into the past, as time passing would. */
async function makeDue(orderId: number) {
  await t.app.db
    .updateTable('orders')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', orderId)
    .execute();
}

/** A product with plenty of stock that no other test of this file buys. */
async function freshProduct(stock = 20) {
  const products = await productsInStock(t.app);
  const product = products[Math.floor(Math.random() * products.length)]!;
  await setProduct(t.app, product.id, { stock });
  return product;
}

describe('a shopper cancels an unpaid order', () => {
  it('gives the stock back once, closes the order and tells the shopper', async () => {
    const product = await freshProduct(10);
    const { me, order } = await orderOne(t.app, 'bank_transfer', undefined, product.id);
    expect(await stockOf(t.app, product.id)).toBe(9);
    expect(order).toMatchObject({ status: 'awaiting_payment', expires_at: expect.any(String) });

    const canceled = await cancel(me.headers, order.id);
    expect(canceled).toMatchObject({
      status: 200,
      body: { id: order.id, status: 'canceled', expires_at: null, closed_at: expect.any(String) },
    });
    expect(await stockOf(t.app, product.id)).toBe(10);
    // Twice: refused, and the stock stays.
    expect(await cancel(me.headers, order.id)).toMatchObject({
      status: 409,
      body: { detail: 'This order can no longer be canceled.' },
    });
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect((await queuedEmails(t.app, order.order_number)).map((e) => e.kind)).toEqual([
      'order_placed',
      'shop_order_awaiting_payment',
      'order_closed',
    ]);
  });

  it('answers 404 for another customer’s order or an unknown one, and 409 for a paid one', async () => {
    const { me, order } = await orderOne(t.app, 'bank_transfer');
    const intruder = await createCustomer(t.app);
    expect(await cancel(intruder.headers, order.id)).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await cancel(me.headers, 99_999_999)).status).toBe(404);
    expect((await orderRow(t.app, order.id)).status).toBe('awaiting_payment');
    await t.app.db
      .updateTable('orders')
      .set({ status: 'paid' })
      .where('id', '=', order.id)
      .execute();
    expect((await cancel(me.headers, order.id)).status).toBe(409);
  });

  it('refuses while a card payment is processing at the provider, and closes an open page', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    await notifySandbox(t.app, payment.payment_uuid, order.total_price, { status: 'pending' });
    expect(await cancel(me.headers, order.id)).toMatchObject({
      status: 409,
      body: { detail: expect.stringContaining('being processed') },
    });

    const other = await orderOne(t.app, 'card_2c2p');
    const open = await startPayment(t.app, other.me, other.order.id);
    expect((await cancel(other.me.headers, other.order.id)).status).toBe(200);
    expect(await paymentRow(t.app, open.payment_uuid)).toMatchObject({
      status: 'canceled',
      error_message: 'The order was closed before this payment was made.',
    });
    // A closed order can no longer be paid.
    const payAgain = await call(t.app, 'POST', '/payments/card/initiate/', other.me.headers, {
      order_id: other.order.id,
      currency: 'USD',
    });
    expect(payAgain).toMatchObject({ status: 409, body: { detail: 'This order cannot be paid.' } });
    // The sandbox's page is closed too: it can no longer be paid there.
    await vi.waitFor(async () => {
      const charge = await t.app.db
        .selectFrom('sandbox_charges')
        .select('status')
        .where('payment_uuid', '=', open.payment_uuid)
        .executeTakeFirstOrThrow();
      expect(charge.status).toBe('canceled');
    });
  });
});

describe('unpaid orders expire', () => {
  it('a bank-transfer order past its week expires, gives its stock back once, and tells the shopper', async () => {
    const product = await freshProduct(5);
    const { order } = await orderOne(t.app, 'bank_transfer', undefined, product.id);
    // A week from now, by default.
    const deadline = new Date(order.expires_at!).getTime() - Date.parse(order.created_at);
    expect(deadline).toBe(7 * 24 * 3600 * 1000);
    await t.app.sweepOrders();
    expect((await orderRow(t.app, order.id)).status).toBe('awaiting_payment');

    await makeDue(order.id);
    await Promise.all([t.app.sweepOrders(), t.app.sweepOrders()]);
    await t.app.sweepOrders();
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: 'expired', expires_at: null });
    expect(await stockOf(t.app, product.id)).toBe(5);
    expect((await queuedEmails(t.app, order.order_number)).at(-1)).toMatchObject({
      kind: 'order_closed',
      data: expect.stringContaining('"reason":"expired"'),
    });
  });

  it('a card order expires an hour after its latest payment attempt started', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    await t.app.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    await startPayment(t.app, me, order.id);
    const moved = new Date((await orderRow(t.app, order.id)).expires_at!).getTime() - Date.now();
    expect(moved).toBeGreaterThan(3590_000);
    expect(moved).toBeLessThanOrEqual(3600_000);
  });

  it('asks the provider first: a payment whose notification was lost pays the order instead', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    // The sandbox took the money, but its notification never arrived.
    await t.app.db
      .updateTable('sandbox_charges')
      .set({ status: 'succeeded', transaction_ref: 'SBX-20261124-LOST01' })
      .where('payment_uuid', '=', payment.payment_uuid)
      .execute();
    await makeDue(order.id);
    await t.app.sweepOrders();
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: 'paid', expires_at: null });
    expect(await paymentRow(t.app, payment.payment_uuid)).toMatchObject({
      status: 'succeeded',
      gateway_transaction_ref: 'SBX-20261124-LOST01',
    });
  });

  it('never expires an order while a payment of it is processing', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    await notifySandbox(t.app, payment.payment_uuid, order.total_price, { status: 'pending' });
    await t.app.db
      .updateTable('sandbox_charges')
      .set({ status: 'pending' })
      .where('payment_uuid', '=', payment.payment_uuid)
      .execute();
    await makeDue(order.id);
    await t.app.sweepOrders();
    expect((await orderRow(t.app, order.id)).status).toBe('awaiting_payment');
  });

  // Several API processes share PostgreSQL, never one SQLite file (decision 011); SQLite's
  // synchronous driver would block a process's event loop on its own second connection.
  it.skipIf(!testDatabaseUrl)(
    'is expired by exactly one of two API processes sweeping one PostgreSQL',
    async () => {
      const second = await t.reopen();
      try {
        const product = await freshProduct(30);
        const orders = [];
        for (let i = 0; i < 8; i++) {
          orders.push((await orderOne(t.app, 'bank_transfer', undefined, product.id)).order);
        }
        expect(await stockOf(t.app, product.id)).toBe(22);
        for (const order of orders) await makeDue(order.id);
        await Promise.all([t.app.sweepOrders(), second.app.sweepOrders(), t.app.sweepOrders()]);
        expect(await stockOf(t.app, product.id)).toBe(30);
        for (const order of orders)
          expect((await orderRow(t.app, order.id)).status).toBe('expired');
        const closedEmails = await t.app.db
          .selectFrom('email_outbox')
          .select('dedupe_key')
          .where('kind', '=', 'order_closed')
          .execute();
        for (const order of orders) {
          expect(
            closedEmails.filter((e) => e.dedupe_key === `order:${order.id}:closed:shopper`),
          ).toHaveLength(1);
        }
      } finally {
        await second.close();
      }
    },
  );
});

describe('at most MAX_UNPAID_ORDERS unpaid orders per customer', () => {
  it('refuses the sixth with a message the checkout shows, until one is paid or canceled', async () => {
    const me = await createCustomer(t.app);
    const product = await freshProduct(20);
    const placed: Order[] = [];
    for (let i = 0; i < 5; i++) {
      placed.push((await orderOne(t.app, 'bank_transfer', me, product.id)).order);
    }
    await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: product.id,
      quantity: 1,
    });
    const sixth = await postOrder(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    expect(sixth).toMatchObject({
      status: 409,
      body: {
        detail:
          'You already have 5 unpaid orders. Please pay for one or cancel it in your order history before placing another.',
      },
    });
    expect(await stockOf(t.app, product.id)).toBe(15);
    expect((await cancel(me.headers, placed[0]!.id)).status).toBe(200);
    expect(
      (await postOrder(t.app, me, { payment_method: 'bank_transfer', delivery_address: ADDRESS }))
        .status,
    ).toBe(201);
  });
});

describe('the price the shopper saw', () => {
  it('orders nothing when the total changed, answers 409 with the new cart, then takes the new total', async () => {
    const me = await createCustomer(t.app);
    const product = await freshProduct(10);
    await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: product.id,
      quantity: 2,
    });
    const shown = async () => (await quoteShipping(t.app, me, 'GB')).body.total_price;
    const seen = await shown();
    await setProduct(t.app, product.id, { price_cents: product.price_cents + 500 });
    const refused = await postOrder<{ detail: string; cart: Cart }>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      expected_total_price: seen,
    });
    // The message names the new total with shipping; the cart answered is the goods.
    const now = await shown();
    expect(Number(now)).toBeGreaterThan(Number(seen));
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      `The total of your order has changed to $${now} since you saw it. Please check it and place your order again.`,
    );
    expect(refused.body.cart.total_price).toBe(
      (((product.price_cents + 500) * 2) / 100).toFixed(2),
    );
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect((await call<Cart>(t.app, 'GET', '/orders/cart/', me.headers)).body.items).toHaveLength(
      1,
    );

    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      expected_total_price: now,
    });
    expect(placed).toMatchObject({ status: 201, body: { total_price: now } });
    await setProduct(t.app, product.id, { price_cents: product.price_cents });
  });

  it('refuses a total that is not money', async () => {
    const me = await createCustomer(t.app);
    const product = await freshProduct(10);
    await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: product.id,
      quantity: 1,
    });
    for (const bad of ['1e3', '-0.00x', '12.345', 'Infinity', '']) {
      const answer = await postOrder(t.app, me, {
        payment_method: 'bank_transfer',
        delivery_address: ADDRESS,
        expected_total_price: bad,
      });
      expect(answer.status, bad).toBe(400);
    }
    const missing = await call(t.app, 'POST', '/orders/orders/', me.headers, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    expect(missing.status).toBe(400);
    expect(await stockOf(t.app, product.id)).toBe(10);
  });
});

describe('money that arrives for an order that cannot keep it', () => {
  it('is recorded for a canceled order and refunded through the provider, and both are told', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    expect((await cancel(me.headers, order.id)).status).toBe(200);
    // The provider's page was still open in another tab and the shopper paid.
    const late = await paySandbox(t.app, payment.payment_uuid, order.total_price);
    expect(late).toEqual({
      status: 200,
      body: { detail: 'Notification processed.', payment_status: 'succeeded' },
    });
    expect(await paymentRow(t.app, payment.payment_uuid)).toMatchObject({
      status: 'succeeded',
      captured_at: expect.anything(),
      refund_status: 'refunded',
      refund_ref: expect.stringMatching(/-RF$/),
    });
    expect((await orderRow(t.app, order.id)).status).toBe('canceled');
    const detail = await call<Order>(t.app, 'GET', `/orders/orders/${order.id}/`, me.headers);
    expect(detail.body).toMatchObject({ status: 'canceled', refund_status: 'refunded' });
    const status = await call(
      t.app,
      'GET',
      `/payments/history/${payment.payment_uuid}/`,
      me.headers,
    );
    expect(status.body).toMatchObject({ status: 'succeeded', refund_status: 'refunded' });
    const emails = await queuedEmails(t.app, order.order_number);
    expect(emails.map((e) => e.kind)).toEqual([
      'order_placed',
      'order_closed',
      'late_payment_refund',
      'shop_refund_needed',
    ]);
    expect(emails.at(-1)!.data).toContain('"refundedAutomatically":true');
    expect(emails.at(-2)!.data).toContain('"reason":"order_canceled"');
  });

  it('pays the waiting order when a superseded attempt is paid after all, and closes the newer one', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const older = await startPayment(t.app, me, order.id);
    const newer = await startPayment(t.app, me, order.id);
    expect((await paymentRow(t.app, older.payment_uuid)).status).toBe('canceled');
    await paySandbox(t.app, older.payment_uuid, order.total_price);
    expect((await orderRow(t.app, order.id)).status).toBe('paid');
    expect(await paymentRow(t.app, older.payment_uuid)).toMatchObject({
      status: 'succeeded',
      refund_status: null,
    });
    expect((await paymentRow(t.app, newer.payment_uuid)).status).toBe('canceled');

    // Now the newer page is paid too (a second tab): a duplicate, refunded.
    await paySandbox(t.app, newer.payment_uuid, order.total_price);
    expect(await paymentRow(t.app, newer.payment_uuid)).toMatchObject({
      status: 'succeeded',
      refund_status: 'refunded',
    });
    const shopMail = (await queuedEmails(t.app, order.order_number)).find(
      (e) => e.kind === 'shop_refund_needed',
    );
    expect(shopMail?.data).toContain('"reason":"duplicate_payment"');
  });

  it('is left for the shop to refund by hand when the provider cannot refund, and the shop is told so', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    await makeDue(order.id);
    await t.app.sweepOrders();
    expect((await orderRow(t.app, order.id)).status).toBe('expired');
    // As a provider whose adapter cannot refund (2C2P's) answers.
    const provider = (await t.app.orders.providerFor(me.tenantId))!;
    const refund = vi.spyOn(provider, 'refundPayment').mockResolvedValue(null);
    try {
      await notifySandbox(t.app, payment.payment_uuid, order.total_price);
    } finally {
      refund.mockRestore();
    }
    expect(await paymentRow(t.app, payment.payment_uuid)).toMatchObject({
      status: 'succeeded',
      refund_status: 'manual',
    });
    const detail = await call<Order>(t.app, 'GET', `/orders/orders/${order.id}/`, me.headers);
    expect(detail.body.refund_status).toBe('pending');
    const shopMail = (await queuedEmails(t.app, order.order_number)).find(
      (e) => e.kind === 'shop_refund_needed',
    );
    expect(shopMail?.data).toContain('"refundedAutomatically":false');
    expect(shopMail?.data).toContain('"reason":"order_expired"');
  });

  it('refuses a report of another amount, and changes nothing', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    const wrong = await notifySandbox(t.app, payment.payment_uuid, '0.01');
    expect(wrong).toMatchObject({
      status: 400,
      body: { detail: 'Amount or currency does not match the payment.' },
    });
    expect((await paymentRow(t.app, payment.payment_uuid)).status).toBe('initiated');
    expect((await orderRow(t.app, order.id)).status).toBe('awaiting_payment');
  });
});
