/**
 * Adding to the cart (`POST /orders/cart/add-item/`): the same piece with the same options raises
 * a line's quantity, other options make a new line, the client's prices are ignored, the stock
 * and the shop bound what may be added, bad bodies get a 4xx; and concurrent adds never put more
 * in one cart than the stock.
 */
import { createCustomer, productBySlug, productsInStock, setProduct } from '../test/shop.ts';
import { NOT_FOUND, useCartApi } from '../test/cart.ts';

const { t, cart, add, gyuto, twoProducts } = useCartApi();

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
    [1e9, 'Ensure this value is less than or equal to 100.'],
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
