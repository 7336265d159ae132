/**
 * The shopper's `actions` on an order (issue 37; ./shopper-moves.ts), read as the storefront
 * reads them: in every answer that holds the order (checkout's, the history, the order's page,
 * cancel's, the cancellation request's and the data download), `pay` and `cancel` are offered
 * exactly when `POST /payments/card/initiate/` and `POST /orders/orders/{id}/cancel/` accept
 * the move. Each state below asks both calls, not only the list.
 */
import type { components } from '../../common/storefront-api';
import { useLifecycleApi } from '../test/order-lifecycle.ts';
import { notifySandbox, orderOne, orderRow, paySandbox, startPayment } from '../test/sandbox.ts';
import { call, type TestCustomer } from '../test/shop.ts';

type Order = components['schemas']['Order'];
type OrderPage = components['schemas']['PaginatedOrderList'];
type AccountDataExport = components['schemas']['AccountDataExport'];

const { t, cancel, makeDue, freshProduct } = useLifecycleApi();

/**
 * The order's `actions` on its page, checked to be the same in the shopper's history (the
 * order is on its first page: every test orders with a new customer).
 */
async function actionsOf(me: TestCustomer, id: number): Promise<Order['actions']> {
  const detail = await call<Order>(t.app, 'GET', `/orders/orders/${id}/`, me.headers);
  expect(detail.status).toBe(200);
  const history = await call<OrderPage>(t.app, 'GET', '/orders/orders/', me.headers);
  expect(history.body.results.find((order) => order.id === id)?.actions).toEqual(
    detail.body.actions,
  );
  return detail.body.actions;
}

/** `POST /payments/card/initiate/`: what Pay now calls. */
const pay = (me: TestCustomer, id: number) =>
  call(t.app, 'POST', '/payments/card/initiate/', me.headers, { order_id: id, currency: 'USD' });

/** A new customer's order of one piece of a product with plenty of stock. */
async function placed(method: Order['payment_method']) {
  const product = await freshProduct(50);
  return orderOne(t.app, method, undefined, product.id);
}

describe('the actions a shopper is offered on an order', () => {
  it('an unpaid card order offers pay and cancel, and both calls accept them', async () => {
    const { me, order } = await placed('card_2c2p');
    expect(order.actions).toEqual(['pay', 'cancel']);
    expect(await actionsOf(me, order.id)).toEqual(['pay', 'cancel']);

    expect((await pay(me, order.id)).status).toBe(201);
    // An open payment page changes nothing: Pay now starts another, cancel closes it.
    expect(await actionsOf(me, order.id)).toEqual(['pay', 'cancel']);
    const data = await call<AccountDataExport>(t.app, 'GET', '/accounts/me/data/', me.headers);
    expect(data.body.orders.map((o) => [o.id, o.actions])).toEqual([[order.id, ['pay', 'cancel']]]);

    expect(await cancel(me.headers, order.id)).toMatchObject({
      status: 200,
      body: { id: order.id, status: 'canceled', actions: [] },
    });
    expect(await actionsOf(me, order.id)).toEqual([]);
    expect(await pay(me, order.id)).toMatchObject({
      status: 409,
      body: { detail: 'This order cannot be paid.' },
    });
    expect((await cancel(me.headers, order.id)).status).toBe(409);
  });

  it('a card order whose payment is pending at the provider offers neither, as both calls refuse it', async () => {
    const { me, order } = await placed('card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    await notifySandbox(t.app, payment.payment_uuid, order.total_price, {
      status: 'pending',
      gateway_transaction_ref: null,
    });
    expect(await actionsOf(me, order.id)).toEqual([]);
    expect(await pay(me, order.id)).toMatchObject({
      status: 409,
      body: { detail: 'A payment of this order is still being processed.' },
    });
    expect(await cancel(me.headers, order.id)).toMatchObject({
      status: 409,
      body: { detail: expect.stringContaining('being processed') },
    });

    // The provider declines it: the order may be paid again, or canceled.
    await notifySandbox(t.app, payment.payment_uuid, order.total_price, {
      status: 'failed',
      gateway_transaction_ref: null,
      error_message: 'The card was declined.',
    });
    expect(await actionsOf(me, order.id)).toEqual(['pay', 'cancel']);
    expect((await pay(me, order.id)).status).toBe(201);
  });

  it('a bank-transfer or custom order offers cancel and never pay', async () => {
    for (const method of ['bank_transfer', 'custom'] as const) {
      const { me, order } = await placed(method);
      expect(order.actions).toEqual(['cancel']);
      expect(await actionsOf(me, order.id)).toEqual(['cancel']);
      expect(await pay(me, order.id)).toMatchObject({
        status: 409,
        body: { detail: 'This order is not paid by card.' },
      });
      expect(await cancel(me.headers, order.id)).toMatchObject({
        status: 200,
        body: { status: 'canceled', actions: [] },
      });
    }
  });

  it('a card order offers pay only while the shop takes card payments', async () => {
    const { me, order } = await placed('card_2c2p');
    await t.app.db
      .updateTable('payment_settings')
      .set({ enable_card_payment: 0 })
      .where('tenant_id', '=', me.tenantId)
      .execute();
    try {
      expect(await actionsOf(me, order.id)).toEqual(['cancel']);
      expect(await pay(me, order.id)).toMatchObject({
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
    expect(await actionsOf(me, order.id)).toEqual(['pay', 'cancel']);
  });

  it('a paid order offers nothing, in its page, the history and the cancellation request', async () => {
    const { me, order } = await placed('card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    await paySandbox(t.app, payment.payment_uuid, order.total_price);
    expect((await orderRow(t.app, order.id)).status).toBe('paid');

    expect(await actionsOf(me, order.id)).toEqual([]);
    expect(await pay(me, order.id)).toMatchObject({
      status: 409,
      body: { detail: 'This order is already paid.' },
    });
    expect(await cancel(me.headers, order.id)).toMatchObject({
      status: 409,
      body: { detail: 'This order can no longer be canceled.' },
    });
    const asked = await call<Order>(
      t.app,
      'POST',
      `/orders/orders/${order.id}/cancellation-request/`,
      me.headers,
      {},
    );
    expect(asked).toMatchObject({ status: 200, body: { id: order.id, actions: [] } });
  });

  it('a card order past its deadline offers cancel only, and nothing once it has expired', async () => {
    const { me, order } = await placed('card_2c2p');
    // The deadline has passed and the sweep has not run yet: still unpaid, no longer payable.
    await makeDue(order.id);
    expect((await orderRow(t.app, order.id)).status).toBe('awaiting_payment');
    expect(await actionsOf(me, order.id)).toEqual(['cancel']);
    expect(await pay(me, order.id)).toMatchObject({
      status: 409,
      body: { detail: 'This order cannot be paid.' },
    });
    // Cancel is still accepted then (another order in the same state, so this one can expire).
    const other = await placed('card_2c2p');
    await makeDue(other.order.id);
    expect(await actionsOf(other.me, other.order.id)).toEqual(['cancel']);
    expect(await cancel(other.me.headers, other.order.id)).toMatchObject({
      status: 200,
      body: { status: 'canceled', actions: [] },
    });

    await t.app.sweepOrders();
    expect((await orderRow(t.app, order.id)).status).toBe('expired');
    expect(await actionsOf(me, order.id)).toEqual([]);
    expect((await pay(me, order.id)).status).toBe(409);
    expect(await cancel(me.headers, order.id)).toMatchObject({
      status: 409,
      body: { detail: 'This order can no longer be canceled.' },
    });
  });
});
