/**
 * How much one cart may hold (decision 048): at most 100 of a line and at most 100 lines, so
 * one account cannot put thousands of lines in a cart (20,000 lines made `GET /orders/cart/`
 * take seconds and answer megabytes) nor hold a shop's stock in huge lines. Refusals are 400s
 * in the contract's words, and leave the cart as it was.
 */
import type { components } from '../../common/storefront-api';
import { createCustomer, productBySlug, productsInStock, setProduct } from '../test/shop.ts';
import { useCartApi } from '../test/cart.ts';

type Cart = components['schemas']['Cart'];

const { t, cart, add, patch } = useCartApi();

const CART_FULL = 'Your cart is full: it can hold at most 100 different items.';
const OVER_100 = 'Ensure this value is less than or equal to 100.';

/** A made-to-order piece: its stock does not limit a line, so only the cap does. */
async function madeToOrder() {
  return productBySlug(t.app, 'copper-red-ewer');
}

describe('a line', () => {
  it('takes 100 of a piece, and 101 is refused', async () => {
    const me = await createCustomer(t.app);
    const ewer = await madeToOrder();
    expect(await add(me.headers, { product_id: ewer.id, quantity: 101 })).toMatchObject({
      status: 400,
      body: { quantity: [OVER_100] },
    });
    expect((await cart(me.headers)).body.items).toEqual([]);
    const full = await add(me.headers, { product_id: ewer.id, quantity: 100 });
    expect(full).toMatchObject({ status: 200, body: { items: [{ quantity: 100 }] } });
  });

  it('cannot be raised past 100 by adding to it, and stays as it was', async () => {
    const me = await createCustomer(t.app);
    const ewer = await madeToOrder();
    expect((await add(me.headers, { product_id: ewer.id, quantity: 95 })).status).toBe(200);
    expect(await add(me.headers, { product_id: ewer.id, quantity: 6 })).toMatchObject({
      status: 400,
      body: {
        quantity: ['You can have at most 100 of one item in your cart; it already holds 95.'],
      },
    });
    expect((await cart(me.headers)).body.items).toMatchObject([{ quantity: 95 }]);
    // Up to 100 exactly is fine.
    expect(await add(me.headers, { product_id: ewer.id, quantity: 5 })).toMatchObject({
      status: 200,
      body: { items: [{ quantity: 100 }] },
    });
  });

  it('cannot be set above 100', async () => {
    const me = await createCustomer(t.app);
    const ewer = await madeToOrder();
    const line = (await add(me.headers, { product_id: ewer.id, quantity: 1 })).body.items[0]!;
    expect(await patch(me.headers, line.id, { quantity: 101 })).toMatchObject({
      status: 400,
      body: { quantity: [OVER_100] },
    });
    expect(await patch(me.headers, line.id, { quantity: 100 })).toMatchObject({
      status: 200,
      body: { items: [{ quantity: 100 }] },
    });
  });

  it('of a piece in stock is held to 100 even when the stock is larger', async () => {
    const me = await createCustomer(t.app);
    const [piece] = await productsInStock(t.app);
    await setProduct(t.app, piece!.id, { stock: 500 });
    expect((await add(me.headers, { product_id: piece!.id, quantity: 100 })).status).toBe(200);
    expect((await add(me.headers, { product_id: piece!.id, quantity: 1 })).status).toBe(400);
  });
});

describe('a cart', () => {
  it('holds 100 lines; the 101st is refused, and another unit of a line it holds is not', async () => {
    const me = await createCustomer(t.app);
    const knife = await productBySlug(t.app, 'damascus-gyuto-210mm');
    await setProduct(t.app, knife.id, { stock: 1000 });
    // One piece, 101 engravings: 101 lines.
    const line = (n: number) => ({
      product_id: knife.id,
      quantity: 1,
      customization: { handle: 'walnut', engraving_text: `N${n}` },
    });
    let answer: { status: number; body: Cart } | undefined;
    for (let n = 1; n <= 100; n++) {
      answer = await add(me.headers, line(n));
      expect(answer.status).toBe(200);
    }
    expect(answer!.body.items).toHaveLength(100);

    expect(await add(me.headers, line(101))).toMatchObject({
      status: 400,
      body: { detail: CART_FULL },
    });
    expect((await cart(me.headers)).body.items).toHaveLength(100);
    // More of a line already in the cart is no new line.
    expect(await add(me.headers, line(7))).toMatchObject({ status: 200 });
    expect((await cart(me.headers)).body.total_items).toBe(101);
  });
});
