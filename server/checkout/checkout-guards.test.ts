/**
 * The order lifecycle through the API (decisions 038 and 039), on SQLite and on PostgreSQL: a
 * customer's unpaid orders are capped, and the total the shopper saw is the one the order is
 * placed at.
 */
import type { components } from '../../common/storefront-api';
import { orderOne, stockOf } from '../test/sandbox.ts';
import {
  ADDRESS,
  call,
  createCustomer,
  postOrder,
  quoteShipping,
  setProduct,
} from '../test/shop.ts';
import { useLifecycleApi } from '../test/order-lifecycle.ts';

type Order = components['schemas']['Order'];
type Cart = components['schemas']['Cart'];

const { t, cancel, freshProduct } = useLifecycleApi();

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
