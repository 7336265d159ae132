/**
 * A price edited in the back office (`PATCH /admin/products/{id}/`): an order already placed
 * keeps the prices it was placed at (the product's and its option's surcharge), and a shopper
 * whose cart showed the old price is told at checkout (409 with the new total) and orders
 * nothing until they accept it.
 */
import type { components } from '../../common/admin-api';
import type { components as shop } from '../../common/storefront-api';
import { ADDRESS, call, createCustomer, postOrder, quoteShipping } from '../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { useTestApp } from '../test/test-app.ts';

type AdminProduct = components['schemas']['AdminProduct'];
type AdminOrder = components['schemas']['AdminOrder'];
type Order = shop['schemas']['Order'];
type Cart = shop['schemas']['Cart'];

const t = useTestApp();
let owner: Record<string, string>;
let product: AdminProduct;

const engraving = (priceDelta: string) => ({
  key: 'engraving',
  label: 'Engraving',
  kind: 'text',
  required: false,
  values: [],
  max_length: 20,
  price_delta: priceDelta,
});

beforeAll(async () => {
  const tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
  owner = asStaff(
    'demo-handcraft',
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'owner' })),
  );
  const category = await t.app.db
    .selectFrom('categories')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const created = await call<AdminProduct>(t.app, 'POST', '/admin/products/', owner, {
    name: 'Price edit spoon',
    category_id: category.id,
    price: '20.00',
    stock: 10,
    options: [engraving('5.00')],
    status: 'active',
  });
  expect(created.status).toBe(201);
  product = created.body;
});

const edit = (body: unknown) =>
  call<AdminProduct>(t.app, 'PATCH', `/admin/products/${product.id}/`, owner, body);

async function cartWithOne(engraved: string) {
  const me = await createCustomer(t.app);
  const added = await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
    product_id: product.id,
    quantity: 1,
    customization: { engraving: engraved },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return me;
}

describe('a price edited in the back office', () => {
  it('never changes an order already placed', async () => {
    const me = await cartWithOne('AL');
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const before = await call<AdminOrder>(
      t.app,
      'GET',
      `/admin/orders/${placed.body.order_number}/`,
      owner,
    );

    expect((await edit({ price: '26.00', options: [engraving('9.00')] })).status).toBe(200);

    const after = await call<AdminOrder>(
      t.app,
      'GET',
      `/admin/orders/${placed.body.order_number}/`,
      owner,
    );
    expect(after.body.total).toBe(placed.body.total_price);
    expect(after.body.lines).toEqual(before.body.lines);
    const mine = await call<Order>(t.app, 'GET', `/orders/orders/${placed.body.id}/`, me.headers);
    expect(mine.body.total_price).toBe(placed.body.total_price);
    expect(JSON.stringify(mine.body.items)).toContain('25.00');
    await edit({ price: '20.00', options: [engraving('5.00')] });
  });

  it('tells a cart holding the old price at checkout, with the new total, and orders nothing', async () => {
    const me = await cartWithOne('MJ');
    const seen = (await quoteShipping(t.app, me, 'GB')).body.total_price;

    expect((await edit({ price: '23.00', options: [engraving('6.00')] })).status).toBe(200);

    const refused = await postOrder<{ detail: string; cart: Cart }>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      expected_total_price: seen,
    });
    const now = (await quoteShipping(t.app, me, 'GB')).body.total_price;
    expect(Number(now) - Number(seen)).toBeCloseTo(4, 2);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      `The total of your order has changed to $${now} since you saw it. Please check it and place your order again.`,
    );
    expect(refused.body.cart.total_price).toBe('29.00');
    const stock = await t.app.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      expected_total_price: now,
    });
    expect(placed).toMatchObject({ status: 201, body: { total_price: now } });
    const after = await t.app.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(after.stock).toBe(stock.stock - 1);
  });
});
