import type { components } from '../../src/api/schema';
import { call, createCustomer, productBySlug, productsInStock, setProduct } from '../test/shop.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';

type Cart = components['schemas']['Cart'];

const NOT_FOUND = { detail: 'Not found.' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const cart = (headers: Record<string, string>) =>
  call<Cart>(t.app, 'GET', '/orders/cart/', headers);
const add = (headers: Record<string, string>, body: unknown) =>
  call<Cart>(t.app, 'POST', '/orders/cart/add-item/', headers, body);
const patch = (headers: Record<string, string>, id: number, body: unknown) =>
  call<Cart>(t.app, 'PATCH', `/orders/cart/items/${id}/`, headers, body);
const remove = (headers: Record<string, string>, id: number | string) =>
  call<Cart>(t.app, 'DELETE', `/orders/cart/items/${id}/`, headers);
const clear = (headers: Record<string, string>) =>
  call<Cart>(t.app, 'DELETE', '/orders/cart/clear/', headers);

/** The demo gyuto (options: a handle wood, required, and an engraving), with stock 50. */
async function gyuto() {
  const knife = await productBySlug(t.app, 'damascus-gyuto-210mm');
  await setProduct(t.app, knife.id, { stock: 50 });
  return { ...knife, stock: 50 };
}

/** Two different products of the demo shop with stock of at least 3. */
async function twoProducts() {
  const products = await productsInStock(t.app);
  return [products[0]!, products[1]!] as const;
}

describe('the whole-cart answer', () => {
  it('starts empty with total_price "0.00" and is created once per customer', async () => {
    const me = await createCustomer(t.app);
    const first = await cart(me.headers);
    expect(first).toMatchObject({
      status: 200,
      body: { id: expect.any(Number), items: [], total_items: 0, total_price: '0.00' },
    });
    expect((await cart(me.headers)).body.id).toBe(first.body.id);
    const other = await createCustomer(t.app);
    expect((await cart(other.headers)).body.id).not.toBe(first.body.id);
  });

  it('answers every line with its product summary, options, unit price, dispatch and the cart totals', async () => {
    const me = await createCustomer(t.app);
    const [a] = await twoProducts();
    const knife = await gyuto();
    await add(me.headers, { product_id: a.id, quantity: 2 });
    const answer = await add(me.headers, {
      product_id: knife.id,
      quantity: 1,
      customization: { handle: 'ebony', engraving_text: 'A.L.' },
    });
    expect(answer.status).toBe(200);
    const { items, total_items, total_price } = answer.body;
    expect(items.map((i) => i.product.id)).toEqual([a.id, knife.id]);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      quantity: 2,
      customization: {},
      options: [],
      product: {
        id: a.id,
        name: a.name,
        slug: a.slug,
        price: (a.price_cents / 100).toFixed(2),
        stock: a.stock,
        made_to_order: false,
        age_restricted: false,
        main_image: {
          image: expect.stringMatching(/^\/api\/media\/.+\.webp$/),
          thumb_image: expect.stringMatching(/-thumb\.webp$/),
          alt_text: expect.any(String),
        },
      },
      unit_price: (a.price_cents / 100).toFixed(2),
      line_total: ((a.price_cents * 2) / 100).toFixed(2),
      dispatch: {
        made_to_order: false,
        earliest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        latest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    // Ebony adds 20.00 and the engraving 15.00 to each unit; the options come in the
    // product's order, in words.
    const knifeUnit = knife.price_cents + 2000 + 1500;
    expect(items[1]).toMatchObject({
      quantity: 1,
      customization: { handle: 'ebony', engraving_text: 'A.L.' },
      options: [
        {
          key: 'handle',
          label: 'Handle wood',
          value: 'ebony',
          display_value: 'Ebony',
          price_delta: '20.00',
        },
        {
          key: 'engraving_text',
          label: 'Engraving',
          value: 'A.L.',
          display_value: 'A.L.',
          price_delta: '15.00',
        },
      ],
      product: { age_restricted: true },
      unit_price: (knifeUnit / 100).toFixed(2),
      line_total: (knifeUnit / 100).toFixed(2),
    });
    expect(total_items).toBe(3);
    expect(total_price).toBe(((a.price_cents * 2 + knifeUnit) / 100).toFixed(2));
    // Lines come in line id order.
    expect(items[0]!.id).toBeLessThan(items[1]!.id);
  });

  it('leaves out a line whose product is no longer sold', async () => {
    const me = await createCustomer(t.app);
    const products = await productsInStock(t.app);
    const gone = products[products.length - 1]!;
    await add(me.headers, { product_id: gone.id, quantity: 1 });
    await setProduct(t.app, gone.id, { is_active: 0 });
    try {
      expect((await cart(me.headers)).body).toMatchObject({ items: [], total_price: '0.00' });
    } finally {
      await setProduct(t.app, gone.id, { is_active: 1 });
    }
  });
});

describe('adding items', () => {
  it('raises the quantity of the same piece with the same options', async () => {
    const me = await createCustomer(t.app);
    const knife = await gyuto();
    await add(me.headers, {
      product_id: knife.id,
      quantity: 1,
      customization: { engraving_text: ' A.L. ', handle: 'walnut' },
    });
    // Same choices in another key order, with padding: the same line.
    const answer = await add(me.headers, {
      product_id: knife.id,
      quantity: 1,
      customization: { handle: 'walnut ', engraving_text: 'A.L.' },
    });
    expect(answer.body.items).toHaveLength(1);
    expect(answer.body.items[0]).toMatchObject({
      quantity: 2,
      customization: { handle: 'walnut', engraving_text: 'A.L.' },
    });
  });

  it('makes a new line for other options', async () => {
    const me = await createCustomer(t.app);
    const knife = await gyuto();
    for (const customization of [
      { handle: 'walnut', engraving_text: 'A' },
      { handle: 'walnut', engraving_text: 'B' },
      { handle: 'walnut' },
      { handle: 'walnut', engraving_text: '   ' },
    ]) {
      await add(me.headers, { product_id: knife.id, quantity: 1, customization });
    }
    const answer = await cart(me.headers);
    // A blank engraving is no engraving: the last add raised the third line.
    expect(answer.body.items.map((i) => [i.customization, i.quantity])).toEqual([
      [{ handle: 'walnut', engraving_text: 'A' }, 1],
      [{ handle: 'walnut', engraving_text: 'B' }, 1],
      [{ handle: 'walnut' }, 2],
    ]);
    expect(answer.body.total_items).toBe(4);
  });

  it('ignores any price or total the client sends', async () => {
    const me = await createCustomer(t.app);
    const [a] = await twoProducts();
    const answer = await add(me.headers, {
      product_id: a.id,
      quantity: 1,
      price: '0.01',
      line_total: '0.01',
      total_price: '0.01',
      unit_price: '0.01',
    });
    expect(answer.status).toBe(200);
    const price = (a.price_cents / 100).toFixed(2);
    expect(answer.body.items[0]).toMatchObject({ line_total: price, product: { price } });
    expect(answer.body.total_price).toBe(price);
  });

  it.each([
    [-1, 'Ensure this value is greater than or equal to 1.'],
    [0, 'Ensure this value is greater than or equal to 1.'],
    [1.5, 'A valid integer is required.'],
    [1e9, 'Ensure this value is less than or equal to 999.'],
    ['two', 'A valid integer is required.'],
  ])('refuses quantity %s with a field error', async (quantity, message) => {
    const me = await createCustomer(t.app);
    const [a] = await twoProducts();
    expect(await add(me.headers, { product_id: a.id, quantity })).toMatchObject({
      status: 400,
      body: { quantity: [message] },
    });
    expect((await cart(me.headers)).body.items).toEqual([]);
  });

  it('reads the quantity "2" as 2, as DRF’s IntegerField does', async () => {
    const me = await createCustomer(t.app);
    const [a] = await twoProducts();
    const answer = await add(me.headers, { product_id: a.id, quantity: '2' });
    expect(answer.status).toBe(200);
    expect(answer.body.items[0]!.quantity).toBe(2);
  });

  it('answers 409 "Only {n} items available." when the line would exceed the stock', async () => {
    const me = await createCustomer(t.app);
    const [a] = await twoProducts();
    await setProduct(t.app, a.id, { stock: 3 });
    await add(me.headers, { product_id: a.id, quantity: 2 });
    expect(await add(me.headers, { product_id: a.id, quantity: 2 })).toEqual({
      status: 409,
      body: { detail: 'Only 3 items available.' },
      headers: expect.anything(),
    });
    // The refused add changed nothing; exactly the stock still fits.
    expect((await cart(me.headers)).body.items[0]!.quantity).toBe(2);
    expect((await add(me.headers, { product_id: a.id, quantity: 1 })).status).toBe(200);
  });

  it('answers 409 "Item is out of stock." for a product at stock 0', async () => {
    const me = await createCustomer(t.app);
    const [, b] = await twoProducts();
    const before = b.stock;
    await setProduct(t.app, b.id, { stock: 0 });
    try {
      expect(await add(me.headers, { product_id: b.id, quantity: 1 })).toMatchObject({
        status: 409,
        body: { detail: 'Item is out of stock.' },
      });
    } finally {
      await setProduct(t.app, b.id, { stock: before });
    }
  });

  it('answers 404 for another shop’s product, an inactive one and an unknown id', async () => {
    const me = await createCustomer(t.app);
    const foreign = (await productsInStock(t.app, 'demo-pottery'))[0]!;
    expect(await add(me.headers, { product_id: foreign.id, quantity: 1 })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    const inactive = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('is_active', '=', 0)
      .where('tenant_id', '=', me.tenantId)
      .executeTakeFirstOrThrow();
    expect((await add(me.headers, { product_id: inactive.id, quantity: 1 })).status).toBe(404);
    expect((await add(me.headers, { product_id: 999_999, quantity: 1 })).status).toBe(404);
    // Beyond what a row id can hold: still a plain 404, never a database error.
    expect((await add(me.headers, { product_id: 1e15, quantity: 1 })).status).toBe(404);
  });

  it('refuses a NUL character in the customization, in a key or a value', async () => {
    const me = await createCustomer(t.app);
    const [a] = await twoProducts();
    for (const customization of [{ engraving: 'A\u0000B' }, { 'eng\u0000raving': 'AB' }]) {
      expect(await add(me.headers, { product_id: a.id, quantity: 1, customization })).toMatchObject(
        { status: 400, body: { customization: ['Null characters are not allowed.'] } },
      );
    }
    expect((await cart(me.headers)).body.items).toEqual([]);
  });

  it('refuses a customization for a piece that takes no options, and the largest map the contract allows', async () => {
    const me = await createCustomer(t.app);
    const [a] = await twoProducts();
    const largest = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `${'k'.repeat(97)}${i}`.padEnd(100, 'x'),
        'é'.repeat(500),
      ]),
    );
    for (const customization of [{ engraving_text: 'A.L.' }, largest]) {
      expect(await add(me.headers, { product_id: a.id, quantity: 1, customization })).toMatchObject(
        {
          status: 400,
          body: { customization: ['This piece takes no options.'] },
        },
      );
    }
    // Blank values are no customization at all.
    expect(
      await add(me.headers, { product_id: a.id, quantity: 1, customization: { note: '  ' } }),
    ).toMatchObject({ status: 200, body: { items: [{ customization: {} }] } });
  });

  it('answers a body that is missing or not JSON with a 4xx and a detail', async () => {
    const me = await createCustomer(t.app);
    const [a] = await twoProducts();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/orders/cart/add-item/',
        headers: { ...me.headers, 'content-type': type },
        payload: `product_id=${a.id}&quantity=1`,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: 'Unsupported Media Type' });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      headers: me.headers,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'A JSON request body is required.' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"product_id": 1, "quantity":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('detail');
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"product_id": 1, "quantity": 1, "__proto__": {"admin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect((await cart(me.headers)).body.items).toEqual([]);
  });
});

describe('changing and removing lines', () => {
  it.each([
    [-1, 'Ensure this value is greater than or equal to 0.'],
    [1.5, 'A valid integer is required.'],
    [1e9, 'Ensure this value is less than or equal to 999.'],
  ])('refuses quantity %s on PATCH', async (quantity, message) => {
    const me = await createCustomer(t.app);
    const [a] = await twoProducts();
    const line = (await add(me.headers, { product_id: a.id, quantity: 1 })).body.items[0]!;
    expect(await patch(me.headers, line.id, { quantity })).toMatchObject({
      status: 400,
      body: { quantity: [message] },
    });
  });

  it('sets the quantity ("2" read as 2) and removes the line at 0', async () => {
    const me = await createCustomer(t.app);
    const [a, b] = await twoProducts();
    await add(me.headers, { product_id: a.id, quantity: 1 });
    const [lineA, lineB] = (await add(me.headers, { product_id: b.id, quantity: 1 })).body.items;
    const changed = await patch(me.headers, lineA!.id, { quantity: '2' });
    expect(changed.status).toBe(200);
    expect(changed.body.items[0]).toMatchObject({ id: lineA!.id, quantity: 2 });
    expect(changed.body.total_items).toBe(3);

    const removed = await patch(me.headers, lineA!.id, { quantity: 0 });
    expect(removed.body.items.map((i) => i.id)).toEqual([lineB!.id]);
    expect(removed.body.total_items).toBe(1);
  });

  it('answers 409 above the stock and "Item is out of stock." at stock 0', async () => {
    const me = await createCustomer(t.app);
    const [a] = await twoProducts();
    const line = (await add(me.headers, { product_id: a.id, quantity: 1 })).body.items[0]!;
    await setProduct(t.app, a.id, { stock: 4 });
    expect(await patch(me.headers, line.id, { quantity: 5 })).toMatchObject({
      status: 409,
      body: { detail: 'Only 4 items available.' },
    });
    await setProduct(t.app, a.id, { stock: 0 });
    try {
      expect(await patch(me.headers, line.id, { quantity: 1 })).toMatchObject({
        status: 409,
        body: { detail: 'Item is out of stock.' },
      });
    } finally {
      await setProduct(t.app, a.id, { stock: 40 });
    }
  });

  it('answers 404 for another customer’s line, on PATCH and DELETE, and changes nothing', async () => {
    const owner = await createCustomer(t.app);
    const intruder = await createCustomer(t.app);
    const [a] = await twoProducts();
    const line = (await add(owner.headers, { product_id: a.id, quantity: 1 })).body.items[0]!;
    expect(await patch(intruder.headers, line.id, { quantity: 3 })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await remove(intruder.headers, line.id)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await cart(owner.headers)).body.items).toEqual([line]);
  });

  it('answers 404 for another shop’s customer asking with their own shop’s token', async () => {
    const owner = await createCustomer(t.app);
    const [a] = await twoProducts();
    const line = (await add(owner.headers, { product_id: a.id, quantity: 1 })).body.items[0]!;
    const elsewhere = await createCustomer(t.app, 'demo-pottery');
    expect((await remove(elsewhere.headers, line.id)).status).toBe(404);
    // The owner's token is bound to their shop: with the other shop's header it is refused.
    expect((await cart({ ...owner.headers, ...asTenant('demo-pottery') })).status).toBe(401);
  });

  it('removes one line, and 404 for an unknown or out-of-range id', async () => {
    const me = await createCustomer(t.app);
    const [a, b] = await twoProducts();
    await add(me.headers, { product_id: a.id, quantity: 1 });
    const [lineA, lineB] = (await add(me.headers, { product_id: b.id, quantity: 1 })).body.items;
    const answer = await remove(me.headers, lineA!.id);
    expect(answer).toMatchObject({ status: 200, body: { items: [lineB] } });
    expect((await remove(me.headers, lineA!.id)).status).toBe(404);
    expect((await remove(me.headers, '99999999999999999999')).status).toBe(404);
    expect((await remove(me.headers, 'abc')).status).toBe(400);
  });

  it('clears the cart', async () => {
    const me = await createCustomer(t.app);
    const [a, b] = await twoProducts();
    await add(me.headers, { product_id: a.id, quantity: 1 });
    await add(me.headers, { product_id: b.id, quantity: 2 });
    expect(await clear(me.headers)).toMatchObject({
      status: 200,
      body: { items: [], total_items: 0, total_price: '0.00' },
    });
    expect((await cart(me.headers)).body.items).toEqual([]);
  });
});

describe('authentication', () => {
  it('refuses the cart without a bearer token', async () => {
    expect(await cart(asTenant('demo-handcraft'))).toMatchObject({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
  });
});

describe('concurrent adds', () => {
  it('never put more in one cart than the stock, whatever the interleaving', async () => {
    const me = await createCustomer(t.app);
    const product = await productBySlug(t.app, (await twoProducts())[1].slug);
    await setProduct(t.app, product.id, { stock: 5 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => add(me.headers, { product_id: product.id, quantity: 1 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect((await cart(me.headers)).body.items[0]!.quantity).toBe(5);
    await setProduct(t.app, product.id, { stock: 40 });
  });
});
