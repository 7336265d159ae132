/**
 * The whole-cart answer (`GET /orders/cart/`): one cart per customer, every line with its
 * product, options, unit price and dispatch, the totals, no line of a product no longer sold;
 * and no cart without a bearer token.
 */
import { createCustomer, productsInStock, setProduct } from '../test/shop.ts';
import { asTenant } from '../test/test-app.ts';
import { useCartApi } from '../test/cart.ts';

const { t, cart, add, gyuto, twoProducts } = useCartApi();

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
      cancellation_exempt: false,
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

describe('authentication', () => {
  it('refuses the cart without a bearer token', async () => {
    expect(await cart(asTenant('demo-handcraft'))).toMatchObject({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
  });
});
