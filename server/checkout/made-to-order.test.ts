/**
 * The maker's shop (decision 041) through HTTP: a made-to-order piece goes into the cart and the
 * order whatever its stock, and leaves its stock alone, when the order is placed and when it is
 * canceled or expires (closing gives back what checkout took, line by line); a sold-out piece
 * that is not made to order is still refused.
 */
import type { components } from '../../common/storefront-api';
import { call, createCustomer, productBySlug, productsInStock } from '../test/shop.ts';
import { asTenant } from '../test/test-app.ts';
import { expectDispatch, money, useMakersShop } from '../test/makers-shop.ts';

type Cart = components['schemas']['Cart'];
type Order = components['schemas']['Order'];

const { t, add, cartOf, stockOf, order, product } = useMakersShop();

describe('made to order', () => {
  it('takes the nakiri at stock 0 into the cart and the order, and leaves its stock at 0', async () => {
    const me = await createCustomer(t.app);
    const nakiri = await productBySlug(t.app, 'kurouchi-nakiri-170mm');
    expect(nakiri.stock).toBe(0);
    const since = new Date();
    const added = await add(me, nakiri.id, 2);
    expect(added.status).toBe(200);
    const line = added.body.items[0]!;
    expect(line).toMatchObject({
      quantity: 2,
      product: {
        slug: 'kurouchi-nakiri-170mm',
        stock: 0,
        made_to_order: true,
        age_restricted: true,
      },
      unit_price: money(nakiri.price_cents),
    });
    expectDispatch(line.dispatch, since, true, [15, 20]);
    // Raising the quantity is not limited by the stock either.
    expect(
      await call<Cart>(t.app, 'PATCH', `/orders/cart/items/${line.id}/`, me.headers, {
        quantity: 3,
      }),
    ).toMatchObject({ status: 200, body: { items: [{ quantity: 3 }] } });

    const placed = await order(me);
    expect(placed.status).toBe(201);
    expect(placed.body.items).toHaveLength(1);
    expect(placed.body.items[0]).toMatchObject({
      product_slug: 'kurouchi-nakiri-170mm',
      quantity: 3,
      made_to_order: true,
      age_restricted: true,
      line_total: money(nakiri.price_cents * 3),
    });
    expectDispatch(placed.body.items[0]!.dispatch, since, true, [15, 20]);
    expect(placed.body.needs_adult_signature).toBe(true);
    expect(await stockOf(nakiri.id)).toBe(0);
    expect((await product('kurouchi-nakiri-170mm')).body.stock).toBe(0);
  });

  it('still answers 409 "Item is out of stock." for a sold-out piece that is not made to order', async () => {
    const me = await createCustomer(t.app);
    const spoons = await productBySlug(t.app, 'sycamore-eating-spoon-set');
    expect(spoons.stock).toBe(0);
    expect(await add(me, spoons.id, 1)).toMatchObject({
      status: 409,
      body: { detail: 'Item is out of stock.' },
    });
    expect((await cartOf(me)).body.items).toEqual([]);
  });
});

describe('closing an order of a made-to-order piece', () => {
  const cancel = (who: { headers: Record<string, string> }, id: number) =>
    call(t.app, 'POST', `/orders/orders/${id}/cancel/`, who.headers);
  const inStockSlugs = async () => {
    const list = await call<{ results: { slug: string }[] }>(
      t.app,
      'GET',
      '/products/products/?in_stock=true&page_size=100',
      asTenant('demo-handcraft'),
    );
    expect(list.status).toBe(200);
    return list.body.results.map((p) => p.slug);
  };
  /** Moves an order's deadline into the past, as time passing would. */
  const makeDue = (orderId: number) =>
    t.app.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', orderId)
      .execute();

  it('gives no stock back when the shopper cancels: the ewer stays at 0 and off the in-stock list', async () => {
    const me = await createCustomer(t.app);
    const ewer = await productBySlug(t.app, 'copper-red-ewer');
    expect(ewer.stock).toBe(0);
    expect((await add(me, ewer.id, 40)).status).toBe(200);
    const placed = await order(me);
    expect(placed.status).toBe(201);
    expect(await stockOf(ewer.id)).toBe(0);

    expect((await cancel(me, placed.body.id)).status).toBe(200);
    expect(await stockOf(ewer.id)).toBe(0);
    expect((await product('copper-red-ewer')).body.stock).toBe(0);
    expect(await inStockSlugs()).not.toContain('copper-red-ewer');
  });

  it('gives no stock back when the order expires, and still gives back what an in-stock line took', async () => {
    const me = await createCustomer(t.app);
    const ewer = await productBySlug(t.app, 'copper-red-ewer');
    const [board] = await productsInStock(t.app);
    const boardStock = board!.stock;
    expect((await add(me, ewer.id, 7)).status).toBe(200);
    expect((await add(me, board!.id, 2)).status).toBe(200);
    const placed = await order(me);
    expect(placed.status).toBe(201);
    expect(await stockOf(board!.id)).toBe(boardStock - 2);

    await makeDue(placed.body.id);
    await t.app.sweepOrders();
    expect(
      (await call<Order>(t.app, 'GET', `/orders/orders/${placed.body.id}/`, me.headers)).body,
    ).toMatchObject({ status: 'expired' });
    expect(await stockOf(ewer.id)).toBe(0);
    expect(await stockOf(board!.id)).toBe(boardStock);
    expect(await inStockSlugs()).not.toContain('copper-red-ewer');
  });

  it('gives back what checkout took, even when the piece is made to order or no longer is by then', async () => {
    const ewer = await productBySlug(t.app, 'copper-red-ewer');
    const [bowl] = await productsInStock(t.app);
    try {
      // Ordered while made to order (nothing taken), then the shop fires a batch of 5 and
      // sells them from stock: canceling the earlier order must not add to those 5.
      const first = await createCustomer(t.app);
      expect((await add(first, ewer.id, 3)).status).toBe(200);
      const madeOrder = await order(first);
      expect(madeOrder.status).toBe(201);
      await t.app.db
        .updateTable('products')
        .set({ made_to_order: 0, stock: 5 })
        .where('id', '=', ewer.id)
        .execute();
      expect((await cancel(first, madeOrder.body.id)).status).toBe(200);
      expect(await stockOf(ewer.id)).toBe(5);

      // Ordered from stock (taken), then the shop makes the piece to order: canceling gives
      // the units back.
      const second = await createCustomer(t.app);
      const before = bowl!.stock;
      expect((await add(second, bowl!.id, 2)).status).toBe(200);
      const stockOrder = await order(second);
      expect(stockOrder.status).toBe(201);
      expect(await stockOf(bowl!.id)).toBe(before - 2);
      await t.app.db
        .updateTable('products')
        .set({ made_to_order: 1 })
        .where('id', '=', bowl!.id)
        .execute();
      expect((await cancel(second, stockOrder.body.id)).status).toBe(200);
      expect(await stockOf(bowl!.id)).toBe(before);
    } finally {
      await t.app.db
        .updateTable('products')
        .set({ made_to_order: 1, stock: 0 })
        .where('id', '=', ewer.id)
        .execute();
      await t.app.db
        .updateTable('products')
        .set({ made_to_order: 0 })
        .where('id', '=', bowl!.id)
        .execute();
    }
  });
});
