/**
 * Order history (`GET /orders/orders/` and `/orders/orders/{id}/`): the caller's orders newest
 * first, paginated, and one order answered to its owner only.
 */
import type { components } from '../../common/storefront-api';
import { call, createCustomer } from '../test/shop.ts';
import { useOrdersApi } from '../test/orders.ts';

type OrderPage = components['schemas']['PaginatedOrderList'];

const { t, add, order, freshProduct } = useOrdersApi();

describe('order history', () => {
  it('lists the caller’s orders newest first, paginated, and only theirs', async () => {
    const me = await createCustomer(t.app);
    const other = await createCustomer(t.app);
    const product = await freshProduct(30);
    const placed: number[] = [];
    for (let i = 0; i < 12; i++) {
      await add(t, me, product.id);
      placed.push((await order(me)).body.id);
      // Paid by bank transfer, so the unpaid-order limit never stops the history growing.
      await t.app.db
        .updateTable('orders')
        .set({ status: 'paid', expires_at: null })
        .where('id', '=', placed.at(-1)!)
        .execute();
    }
    await add(t, other, product.id);
    await order(other);

    const first = await call<OrderPage>(t.app, 'GET', '/orders/orders/', me.headers);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(12);
    expect(first.body.results.map((o) => o.id)).toEqual([...placed].reverse().slice(0, 10));
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('http://127.0.0.1:8080/api/orders/orders/?page=2');
    expect(first.body.results[0]).toMatchObject({
      items: [expect.objectContaining({ product_id: product.id })],
    });

    const second = await call<OrderPage>(t.app, 'GET', '/orders/orders/?page=2', me.headers);
    expect(second.body.results.map((o) => o.id)).toEqual([placed[1], placed[0]]);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe('http://127.0.0.1:8080/api/orders/orders/');

    const small = await call<OrderPage>(
      t.app,
      'GET',
      '/orders/orders/?page_size=5&page=3',
      me.headers,
    );
    expect(small.body.results).toHaveLength(2);
    expect(small.body.previous).toBe('http://127.0.0.1:8080/api/orders/orders/?page_size=5&page=2');

    expect(
      await call(t.app, 'GET', '/orders/orders/?page_size=5&page=4', me.headers),
    ).toMatchObject({ status: 404, body: { detail: 'Invalid page.' } });
    // Beyond the contract's maximum page: a field error, never a database error.
    expect(
      await call(t.app, 'GET', '/orders/orders/?page_size=5&page=99999999999999999999', me.headers),
    ).toMatchObject({ status: 400, body: { page: [expect.any(String)] } });
    expect((await call(t.app, 'GET', '/orders/orders/?page_size=101', me.headers)).status).toBe(
      400,
    );
    expect((await call(t.app, 'GET', '/orders/orders/?page=0', me.headers)).status).toBe(400);
  });

  it('answers an empty first page for a customer without orders', async () => {
    const me = await createCustomer(t.app);
    expect(await call(t.app, 'GET', '/orders/orders/', me.headers)).toMatchObject({
      status: 200,
      body: { count: 0, next: null, previous: null, results: [] },
    });
  });

  it('answers one order to its owner only: 404 for another customer or shop', async () => {
    const me = await createCustomer(t.app);
    await add(t, me, (await freshProduct()).id);
    const mine = (await order(me)).body;
    expect(await call(t.app, 'GET', `/orders/orders/${mine.id}/`, me.headers)).toMatchObject({
      status: 200,
      body: mine,
    });
    const other = await createCustomer(t.app);
    expect(await call(t.app, 'GET', `/orders/orders/${mine.id}/`, other.headers)).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    const elsewhere = await createCustomer(t.app, 'demo-pottery');
    expect((await call(t.app, 'GET', `/orders/orders/${mine.id}/`, elsewhere.headers)).status).toBe(
      404,
    );
    expect((await call(t.app, 'GET', '/orders/orders/99999999999/', me.headers)).status).toBe(404);
  });
});
