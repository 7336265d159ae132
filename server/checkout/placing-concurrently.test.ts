/**
 * Many shoppers at once at checkout: the last unit sold exactly once among concurrent
 * checkouts, and one order for every retry of a checkout that carries the same Idempotency-Key.
 */
import { ADDRESS, checkoutBody, createCustomer } from '../test/shop.ts';
import { useOrdersApi } from '../test/orders.ts';

const { t, add, order, stockOf, ordersOf, freshProduct } = useOrdersApi();

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
