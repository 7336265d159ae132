/**
 * Placing an order (`POST /orders/orders/`) from the cart: a price snapshot, the stock taken, the
 * payment instructions of each method, and the refusals (address, payment method, a total past
 * what is kept exactly, empty cart, pieces no longer sold or no longer in stock) that place
 * nothing; with the catalogue cache on,
 * the stock an order took shows at once.
 */
import type { components } from '../../common/storefront-api';
import {
  ADDRESS,
  call,
  createCustomer,
  productBySlug,
  productsInStock,
  setProduct,
} from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ORDER_NUMBER, useOrdersApi } from '../test/orders.ts';

type Cart = components['schemas']['Cart'];
type Order = components['schemas']['Order'];

const { t, add, order, stockOf, ordersOf, freshProduct } = useOrdersApi();

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
    // The demo shop's prices include VAT at 20 %: a sixth of each amount, half-up to the cent.
    const vat = (cents: number) => Math.floor((cents * 2 * 2000 + 12000) / 24000);
    const shippingVat = vat(950 + standard);
    const otherVat = vat(b.price_cents);
    expect(placed.body).toEqual({
      id: expect.any(Number),
      order_number: expect.stringMatching(ORDER_NUMBER),
      status: 'awaiting_payment',
      payment_method: 'bank_transfer',
      subtotal: (subtotal / 100).toFixed(2),
      // No discount code (issue 42).
      discount: null,
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
          // Engraved: no 14-day right to cancel (reg 28(1)(b)).
          cancellation_exempt: true,
          dispatch: {
            made_to_order: false,
            earliest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
            latest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          },
          quantity: 2,
          unit_price: (unit / 100).toFixed(2),
          line_total: ((unit * 2) / 100).toFixed(2),
          discount_amount: '0.00',
          vat_amount: (vat(unit * 2) / 100).toFixed(2),
        },
        expect.objectContaining({
          id: otherLine,
          product_id: b.id,
          quantity: 1,
          options: [],
          vat_amount: (otherVat / 100).toFixed(2),
        }),
      ],
      shipments: [
        {
          method: 'uk-age-verified',
          name: 'Age-verified delivery (DPD)',
          kind: 'delivery',
          age_verified: true,
          price: '9.50',
          item_ids: [knifeLine],
          fulfilment: null,
        },
        {
          method: 'uk-standard',
          name: 'Royal Mail Tracked 48',
          kind: 'delivery',
          age_verified: false,
          price: (standard / 100).toFixed(2),
          item_ids: [otherLine],
          fulfilment: null,
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
      refunded_total: '0.00',
      refund_status: null,
      payment_instructions: expect.stringContaining('IBAN'),
      payment_redirect_url: null,
      latest_payment: null,
      // Unpaid: cancelled with its own cancel, not under the 14-day right.
      cancellation: { exempt: false, deadline: null, can_request: false, requested_at: null },
      // Unpaid by bank transfer: the shopper may cancel it, and pays it by hand, never by card.
      actions: ['cancel'],
      vat_rate: '20.00',
      vat_total: ((vat(unit * 2) + otherVat + shippingVat) / 100).toFixed(2),
      shipping_vat: (shippingVat / 100).toFixed(2),
      // Taxed in the shop's own country (issue 41: one rate for every order).
      vat_country: 'GB',
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

  it('refuses an expected total past a safe integer of cents, and places nothing', async () => {
    const me = await createCustomer(t.app);
    const product = await freshProduct(5);
    await add(t, me, product.id);
    const answer = await order(me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      expected_total_price: '99999999999999999999.00',
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        expected_total_price: ['Ensure this value is less than or equal to 90071992547409.91.'],
      },
      headers: expect.anything(),
    });
    expect(await ordersOf(me.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);
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
