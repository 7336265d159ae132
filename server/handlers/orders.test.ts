import type { components } from '../../src/api/schema';
import {
  ADDRESS,
  call,
  createCustomer,
  productsInStock,
  setProduct,
  type TestCustomer,
  checkoutBody,
  postOrder,
  productBySlug,
} from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

type Cart = components['schemas']['Cart'];
type Order = components['schemas']['Order'];
type OrderPage = components['schemas']['PaginatedOrderList'];

const ORDER_NUMBER =
  /^ORD-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function add(
  app: TestApp,
  who: TestCustomer,
  productId: number,
  quantity = 1,
  customization?: object,
) {
  return call<Cart>(app.app, 'POST', '/orders/cart/add-item/', who.headers, {
    product_id: productId,
    quantity,
    ...(customization ? { customization } : {}),
  });
}

function order(
  who: TestCustomer,
  body: unknown = { payment_method: 'bank_transfer', delivery_address: ADDRESS },
  key?: string,
  app = t,
) {
  return postOrder<Order>(app.app, who, body, key ? { 'idempotency-key': key } : {});
}

async function stockOf(id: number, app = t): Promise<number> {
  const row = await app.app.db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.stock;
}

async function ordersOf(userId: number, app = t) {
  return app.app.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();
}

/** The next active product of the demo shop in id order, its stock set to `stock`. */
let demoProducts: { id: number; slug: string; name: string; price_cents: number }[] = [];
let nextProduct = 0;
async function freshProduct(stock = 20) {
  if (demoProducts.length === 0) demoProducts = await productsInStock(t.app, 'demo-handcraft', -1);
  const product = demoProducts[nextProduct++ % demoProducts.length]!;
  await setProduct(t.app, product.id, { stock });
  return { ...product, stock };
}

describe('placing an order', () => {
  it('creates the order from the cart with a price snapshot, empties the cart and takes the stock', async () => {
    const me = await createCustomer(t.app);
    const a = await productBySlug(t.app, 'damascus-gyuto-210mm');
    await setProduct(t.app, a.id, { stock: 10 });
    const b = await freshProduct(10);
    expect((await add(t, me, a.id, 2, { handle: 'walnut', engraving_text: 'A.L.' })).status).toBe(
      200,
    );
    expect((await add(t, me, b.id, 1)).status).toBe(200);

    const placed = await order(me);
    expect(placed.status).toBe(201);
    // The knife (engraved: +15.00 a unit) goes by age-verified delivery (9.50), the other line
    // by Royal Mail (6.50, or free over 150.00).
    const unit = a.price_cents + 1500;
    const subtotal = unit * 2 + b.price_cents;
    const standard = b.price_cents >= 15_000 ? 0 : 650;
    const total = subtotal + 950 + standard;
    const [knifeLine, otherLine] = placed.body.items.map((i) => i.id) as [number, number];
    expect(placed.body).toEqual({
      id: expect.any(Number),
      order_number: expect.stringMatching(ORDER_NUMBER),
      status: 'awaiting_payment',
      payment_method: 'bank_transfer',
      subtotal: (subtotal / 100).toFixed(2),
      shipping_price: ((950 + standard) / 100).toFixed(2),
      total_price: (total / 100).toFixed(2),
      total_items: 3,
      delivery_address: ADDRESS,
      items: [
        {
          id: knifeLine,
          product_id: a.id,
          product_name: a.name,
          product_slug: a.slug,
          thumb_image: expect.stringMatching(/-thumb\.webp$/),
          customization: { handle: 'walnut', engraving_text: 'A.L.' },
          options: [
            {
              key: 'handle',
              label: 'Handle wood',
              value: 'walnut',
              display_value: 'Walnut',
              price_delta: '0.00',
            },
            {
              key: 'engraving_text',
              label: 'Engraving',
              value: 'A.L.',
              display_value: 'A.L.',
              price_delta: '15.00',
            },
          ],
          made_to_order: false,
          age_restricted: true,
          dispatch: {
            made_to_order: false,
            earliest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
            latest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          },
          quantity: 2,
          unit_price: (unit / 100).toFixed(2),
          line_total: ((unit * 2) / 100).toFixed(2),
        },
        expect.objectContaining({ id: otherLine, product_id: b.id, quantity: 1, options: [] }),
      ],
      shipments: [
        {
          method: 'uk-age-verified',
          name: 'Age-verified delivery (DPD)',
          kind: 'delivery',
          age_verified: true,
          price: '9.50',
          item_ids: [knifeLine],
        },
        {
          method: 'uk-standard',
          name: 'Royal Mail Tracked 48',
          kind: 'delivery',
          age_verified: false,
          price: (standard / 100).toFixed(2),
          item_ids: [otherLine],
        },
      ],
      needs_adult_signature: true,
      age_attestation: {
        date_of_birth: '1980-05-17',
        confirmed_at: expect.any(String),
        text: 'I am 18 or over, and the parcel will be handed only to an adult.',
      },
      created_at: expect.any(String),
      paid_at: null,
      expires_at: expect.any(String),
      closed_at: null,
      refund_status: null,
      payment_instructions: expect.stringContaining('IBAN'),
      payment_redirect_url: null,
      latest_payment: null,
    });
    expect(await stockOf(a.id)).toBe(8);
    expect(await stockOf(b.id)).toBe(9);
    expect((await call<Cart>(t.app, 'GET', '/orders/cart/', me.headers)).body).toMatchObject({
      items: [],
      total_items: 0,
      total_price: '0.00',
    });

    // A later price change does not touch the placed order.
    await setProduct(t.app, a.id, { price_cents: a.price_cents + 10_000 });
    try {
      const again = await call<Order>(
        t.app,
        'GET',
        `/orders/orders/${placed.body.id}/`,
        me.headers,
      );
      expect(again.body.items[0]!.unit_price).toBe((unit / 100).toFixed(2));
      expect(again.body.total_price).toBe((total / 100).toFixed(2));
    } finally {
      await setProduct(t.app, a.id, { price_cents: a.price_cents });
    }
  });

  it('stores the address trimmed', async () => {
    const me = await createCustomer(t.app);
    await add(t, me, (await freshProduct()).id);
    const padded = Object.fromEntries(Object.entries(ADDRESS).map(([k, v]) => [k, `  ${v}\t`]));
    const placed = await order(me, { payment_method: 'bank_transfer', delivery_address: padded });
    expect(placed.status).toBe(201);
    expect(placed.body.delivery_address).toEqual(ADDRESS);
  });

  it('gives each method its payment instructions and redirect URL', async () => {
    const me = await createCustomer(t.app);
    await add(t, me, (await freshProduct()).id);
    const card = await order(me, { payment_method: 'card_2c2p', delivery_address: ADDRESS });
    expect(card.body).toMatchObject({
      status: 'awaiting_payment',
      payment_method: 'card_2c2p',
      payment_instructions: null,
      payment_redirect_url: null,
    });
    await add(t, me, (await freshProduct()).id);
    const custom = await order(me, { payment_method: 'custom', delivery_address: ADDRESS });
    expect(custom.body).toMatchObject({
      status: 'awaiting_payment',
      payment_method: 'custom',
      payment_instructions: expect.stringContaining('order number'),
      payment_redirect_url: null,
    });

    const potter = await createCustomer(t.app, 'demo-pottery');
    const vase = (await productsInStock(t.app, 'demo-pottery'))[0]!;
    await add(t, potter, vase.id);
    const paypal = await order(potter, { payment_method: 'custom', delivery_address: ADDRESS });
    expect(paypal).toMatchObject({
      status: 201,
      body: {
        payment_method: 'custom',
        payment_redirect_url: 'https://www.paypal.com/paypalme/riversidepottery',
        payment_instructions: expect.stringContaining('order number'),
      },
    });
  });

  it('refuses blank and NUL address fields with nested field errors, and places nothing', async () => {
    const me = await createCustomer(t.app);
    const product = await freshProduct(5);
    await add(t, me, product.id);
    const answer = await order(me, {
      payment_method: 'bank_transfer',
      delivery_address: { ...ADDRESS, city: '   ', street: '12 Forge\u0000 Lane', postalCode: '' },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { 'delivery_address.postalCode': ['This field may not be blank.'] },
    });
    const trimmedOnly = await order(me, {
      payment_method: 'bank_transfer',
      delivery_address: { ...ADDRESS, city: '   ', street: '12 Forge\u0000 Lane' },
    });
    expect(trimmedOnly).toEqual({
      status: 400,
      body: {
        'delivery_address.city': ['This field may not be blank.'],
        'delivery_address.street': ['Null characters are not allowed.'],
      },
      headers: expect.anything(),
    });
    const missing = await order(me, {
      payment_method: 'bank_transfer',
      delivery_address: { city: 'X' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ 'delivery_address.street': ['This field is required.'] });
    expect(await ordersOf(me.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('refuses a payment method the shop does not offer (no card at the pottery)', async () => {
    const potter = await createCustomer(t.app, 'demo-pottery');
    const vase = (await productsInStock(t.app, 'demo-pottery'))[0]!;
    await add(t, potter, vase.id);
    expect(
      await order(potter, { payment_method: 'card_2c2p', delivery_address: ADDRESS }),
    ).toMatchObject({
      status: 400,
      body: { payment_method: ['This payment method is not available.'] },
    });
    expect(
      await order(potter, { payment_method: 'cash', delivery_address: ADDRESS }),
    ).toMatchObject({
      status: 400,
      body: { payment_method: [expect.stringContaining('Not a valid choice')] },
    });
    expect(await ordersOf(potter.id)).toEqual([]);
  });

  it('answers 400 "Your cart is empty." for an empty cart or none at all', async () => {
    const me = await createCustomer(t.app);
    expect(await order(me)).toMatchObject({ status: 400, body: { detail: 'Your cart is empty.' } });
    await call(t.app, 'GET', '/orders/cart/', me.headers);
    expect(await order(me)).toMatchObject({ status: 400, body: { detail: 'Your cart is empty.' } });
  });

  it('leaves out lines of products no longer sold, and answers empty when nothing else is left', async () => {
    const me = await createCustomer(t.app);
    const gone = await freshProduct(5);
    await add(t, me, gone.id);
    await setProduct(t.app, gone.id, { is_active: 0 });
    try {
      expect(await order(me)).toMatchObject({
        status: 400,
        body: { detail: 'Your cart is empty.' },
      });
      const kept = await freshProduct(5);
      await add(t, me, kept.id);
      const placed = await order(me);
      expect(placed.body.items.map((i) => i.product_id)).toEqual([kept.id]);
      expect(await stockOf(gone.id)).toBe(5);
    } finally {
      await setProduct(t.app, gone.id, { is_active: 1 });
    }
  });

  it('answers 409 naming the product when the stock no longer covers a line, and changes nothing', async () => {
    const me = await createCustomer(t.app);
    const fine = await freshProduct(10);
    const scarce = await freshProduct(3);
    await add(t, me, fine.id, 2);
    await add(t, me, scarce.id, 3);
    await setProduct(t.app, scarce.id, { stock: 2 });
    expect(await order(me)).toMatchObject({
      status: 409,
      body: { detail: `${scarce.name}: Only 2 items available.` },
    });
    await setProduct(t.app, scarce.id, { stock: 0 });
    expect(await order(me)).toMatchObject({
      status: 409,
      body: { detail: `${scarce.name}: Item is out of stock.` },
    });
    // Rolled back: no order, the other line's stock untouched, the cart kept.
    expect(await ordersOf(me.id)).toEqual([]);
    expect(await stockOf(fine.id)).toBe(10);
    expect((await call<Cart>(t.app, 'GET', '/orders/cart/', me.headers)).body.total_items).toBe(5);
  });

  it('counts one product in several lines (customizations) against its stock once', async () => {
    const me = await createCustomer(t.app);
    const product = await productBySlug(t.app, 'damascus-gyuto-210mm');
    await setProduct(t.app, product.id, { stock: 3 });
    const engraved = (text: string) => ({ handle: 'walnut', engraving_text: text });
    expect((await add(t, me, product.id, 2, engraved('A'))).status).toBe(200);
    expect((await add(t, me, product.id, 2, engraved('B'))).status).toBe(200);
    expect(await order(me)).toMatchObject({
      status: 409,
      body: { detail: `${product.name}: Only 3 items available.` },
    });
    await call(t.app, 'DELETE', '/orders/cart/clear/', me.headers);
    await add(t, me, product.id, 2, engraved('A'));
    await add(t, me, product.id, 1, engraved('B'));
    expect((await order(me)).status).toBe(201);
    expect(await stockOf(product.id)).toBe(0);
  });
});

describe('many shoppers at once', () => {
  it('sells the last unit exactly once among 50 concurrent checkouts', async () => {
    const product = await freshProduct(1);
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(t.app)));
    for (const shopper of shoppers) expect((await add(t, shopper, product.id)).status).toBe(200);

    const answers = await Promise.all(shoppers.map((s) => order(s)));
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(49);
    for (const answer of refused) {
      expect(answer.body).toEqual({ detail: `${product.name}: Item is out of stock.` });
    }
    expect(await stockOf(product.id)).toBe(0);
    const lines = await t.app.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<number | string>('quantity').as('sold'))
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(Number(lines.sold)).toBe(1);
  });

  it('places one order for 10 parallel requests with one Idempotency-Key, and answers it to all', async () => {
    const me = await createCustomer(t.app);
    const product = await freshProduct(10);
    await add(t, me, product.id, 2);
    const key = `checkout-${Date.now()}`;
    // Every retry of one checkout carries the same body: the lines' methods and the total the
    // shopper saw then.
    const body = await checkoutBody(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => order(me, body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    expect(await ordersOf(me.id)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(8);

    // Later, with a full cart again: the same key still answers the first order.
    await add(t, me, product.id, 1);
    const later = await order(me, body, key);
    expect(later).toMatchObject({ status: 201, body: { id: [...ids][0] } });
    expect(await stockOf(product.id)).toBe(8);
  });

  it('answers 422 for the same key with another body, and a new key places a new order', async () => {
    const me = await createCustomer(t.app);
    const product = await freshProduct(10);
    await add(t, me, product.id);
    const body = (await checkoutBody(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    })) as Record<string, unknown>;
    const first = await order(me, body, 'key-422');
    expect(first.status).toBe(201);
    await add(t, me, product.id);
    expect(
      await order(me, { ...body, delivery_address: { ...ADDRESS, city: 'Leeds' } }, 'key-422'),
    ).toMatchObject({
      status: 422,
      body: { detail: 'This Idempotency-Key was already used with a different request.' },
    });
    // Whitespace the server trims away is the same request.
    expect(
      await order(
        me,
        { ...body, delivery_address: { ...ADDRESS, city: ' Sheffield ' } },
        'key-422',
      ),
    ).toMatchObject({ status: 201, body: { id: first.body.id } });
    // Another customer may use the same key for their own order.
    const other = await createCustomer(t.app);
    await add(t, other, product.id);
    const theirs = await order(other, undefined, 'key-422');
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    const second = await order(me, undefined, 'key-other');
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const me = await createCustomer(t.app);
    await add(t, me, (await freshProduct()).id);
    for (const key of ['has space', 'x'.repeat(101), 'tab\there']) {
      expect((await order(me, undefined, key)).status).toBe(400);
    }
    expect(await ordersOf(me.id)).toEqual([]);
  });
});

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
    expect(first.body.next).toBe('http://localhost:80/api/orders/orders/?page=2');
    expect(first.body.results[0]).toMatchObject({
      items: [expect.objectContaining({ product_id: product.id })],
    });

    const second = await call<OrderPage>(t.app, 'GET', '/orders/orders/?page=2', me.headers);
    expect(second.body.results.map((o) => o.id)).toEqual([placed[1], placed[0]]);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe('http://localhost:80/api/orders/orders/');

    const small = await call<OrderPage>(
      t.app,
      'GET',
      '/orders/orders/?page_size=5&page=3',
      me.headers,
    );
    expect(small.body.results).toHaveLength(2);
    expect(small.body.previous).toBe('http://localhost:80/api/orders/orders/?page_size=5&page=2');

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

describe('with the catalogue cache on', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ catalogCacheTtlMs: 60_000 });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('shows the stock an order took at once', async () => {
    const me = await createCustomer(cached.app);
    const product = (await productsInStock(cached.app))[0]!;
    const detail = () =>
      call<{ stock: number }>(cached.app, 'GET', `/products/products/${product.slug}/`, me.headers);
    expect((await detail()).body.stock).toBe(product.stock);
    await add(cached, me, product.id, 2);
    expect((await order(me, undefined, undefined, cached)).status).toBe(201);
    expect((await detail()).body.stock).toBe(product.stock - 2);
  });
});
