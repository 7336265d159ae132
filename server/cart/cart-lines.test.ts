/**
 * Changing and removing cart lines (`PATCH`/`DELETE /orders/cart/items/{id}/`,
 * `DELETE /orders/cart/clear/`): quantities within the stock, 0 removes the line, and another
 * customer's or shop's line is not found.
 */
import { createCustomer, setProduct } from '../test/shop.ts';
import { asTenant } from '../test/test-app.ts';
import { NOT_FOUND, useCartApi } from '../test/cart.ts';

const { t, cart, add, patch, remove, clear, twoProducts } = useCartApi();

describe('changing and removing lines', () => {
  it.each([
    [-1, 'Ensure this value is greater than or equal to 0.'],
    [1.5, 'A valid integer is required.'],
    [1e9, 'Ensure this value is less than or equal to 100.'],
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
