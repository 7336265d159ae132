/**
 * The maker's shop (decision 014) through HTTP: a made-to-order piece goes into the cart and the
 * order whatever its stock, and leaves its stock alone; a sold-out piece that is not made to
 * order is still refused.
 */
import type { components } from '../../src/api/schema';
import { call, createCustomer, productBySlug } from '../test/shop.ts';
import { expectDispatch, money, useMakersShop } from './makers-shop-test-utils.ts';

type Cart = components['schemas']['Cart'];

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
