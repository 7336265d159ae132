/**
 * The maker's shop (decision 042) through HTTP: the total the shopper is shown (subtotal plus
 * shipping) is the total the order is placed at, and the order the shop was built for keeps its
 * options, its dispatch, its shipments and its attestation.
 */
import type { components } from '../../common/storefront-api';
import { ADDRESS, ADULT, call, createCustomer, productBySlug } from '../test/shop.ts';
import {
  ATTESTATION_TEXT,
  GYUTO,
  expectDispatch,
  money,
  useMakersShop,
} from '../test/makers-shop.ts';

type Order = components['schemas']['Order'];
type ShippingQuote = components['schemas']['ShippingQuote'];

const { t, add, cartOf, stockOf, order, expectNothingOrdered, choices } = useMakersShop();

describe('the total the shopper is shown', () => {
  it('answers 409 naming the total with shipping when the shopper saw it without, and orders nothing', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    await add(me, mug.id, 1);
    await expectNothingOrdered(me, [mug.id], async () => {
      const answer = await order(me, { expected_total_price: '45.00' });
      expect(answer).toMatchObject({
        status: 409,
        body: {
          detail:
            'The total of your order has changed to $51.50 since you saw it. Please check it and place your order again.',
          cart: { total_price: '45.00', items: [{ product: { slug: 'tenmoku-tea-mug' } }] },
        },
      });
    });
  });

  it('places the order at the total with shipping: subtotal plus shipping, by shipments of the order’s own lines', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    const spoon = await productBySlug(t.app, 'cherry-cooking-spoon');
    const petty = await productBySlug(t.app, 'carbon-steel-petty-150mm');
    await add(me, mug.id, 1);
    await add(me, spoon.id, 1);
    await add(me, petty.id, 1);
    const cartLines = (await cartOf(me)).body.items.map((i) => i.id);
    const shipping = await choices(me, {
      'tenmoku-tea-mug': 'uk-standard',
      'cherry-cooking-spoon': 'uk-express',
      'carbon-steel-petty-150mm': 'collection',
    });
    const quoted = await call<ShippingQuote>(
      t.app,
      'POST',
      '/orders/cart/shipping-quote/',
      me.headers,
      {
        country: 'GB',
        choices: shipping,
      },
    );
    const subtotal = mug.price_cents + spoon.price_cents + petty.price_cents;
    expect(quoted.body).toMatchObject({
      subtotal: money(subtotal),
      shipping_price: '20.50',
      total_price: money(subtotal + 2050),
    });
    const placed = await order(me, { shipping, expected_total_price: quoted.body.total_price });
    expect(placed.status).toBe(201);
    const { body } = placed;
    expect(body).toMatchObject({
      subtotal: money(subtotal),
      shipping_price: '20.50',
      total_price: money(subtotal + 2050),
      total_items: 3,
      needs_adult_signature: true,
    });
    const cents = (decimal: string) => Math.round(Number(decimal) * 100);
    expect(cents(body.subtotal) + cents(body.shipping_price)).toBe(cents(body.total_price));
    expect(body.items.reduce((sum, i) => sum + cents(i.line_total), 0)).toBe(cents(body.subtotal));
    // One shipment per method, each naming the order's line of that piece.
    const lineOf = (slug: string) => body.items.find((i) => i.product_slug === slug)!.id;
    expect(body.shipments).toEqual([
      {
        method: 'uk-standard',
        name: 'Royal Mail Tracked 48',
        kind: 'delivery',
        age_verified: false,
        price: '6.50',
        item_ids: [lineOf('tenmoku-tea-mug')],
        fulfilment: null,
      },
      {
        method: 'uk-express',
        name: 'Royal Mail Special Delivery',
        kind: 'delivery',
        age_verified: false,
        price: '14.00',
        item_ids: [lineOf('cherry-cooking-spoon')],
        fulfilment: null,
      },
      {
        method: 'collection',
        name: 'Collect from the workshop',
        kind: 'collection',
        age_verified: false,
        price: '0.00',
        item_ids: [lineOf('carbon-steel-petty-150mm')],
        fulfilment: null,
      },
    ]);
    expect(body.shipments.flatMap((s) => s.item_ids).sort()).toEqual(
      body.items.map((i) => i.id).sort(),
    );
    // The order's lines, not the cart's (which are gone).
    const stale = await t.app.db
      .selectFrom('cart_items')
      .select('id')
      .where('id', 'in', cartLines)
      .execute();
    expect(stale).toEqual([]);
    const stored = await t.app.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', body.id)
      .orderBy('id')
      .execute();
    expect(body.shipments.flatMap((s) => s.item_ids).sort((a, b) => a - b)).toEqual(
      stored.map((r) => r.id),
    );
  });
});

describe('the order the maker’s shop was built for', () => {
  it('sends an engraved walnut gyuto by age-verified delivery and keeps a made-to-order print for collection, in one order', async () => {
    const me = await createCustomer(t.app);
    const gyuto = await productBySlug(t.app, 'damascus-gyuto-210mm');
    const print = await productBySlug(t.app, 'upland-pasture-giclee-print');
    const gyutoStock = await stockOf(gyuto.id);
    const printStock = await stockOf(print.id);
    const since = new Date();
    await add(me, gyuto.id, 1, { handle: 'walnut', engraving_text: 'For Ada, 2025' });
    await add(me, print.id, 1);
    const shipping = await choices(me, {
      'damascus-gyuto-210mm': 'uk-age-verified',
      'upland-pasture-giclee-print': 'collection',
    });
    const quoted = await call<ShippingQuote>(
      t.app,
      'POST',
      '/orders/cart/shipping-quote/',
      me.headers,
      {
        country: 'GB',
        choices: shipping,
      },
    );
    expect(quoted.body).toMatchObject({
      subtotal: '465.00',
      shipping_price: '9.50',
      total_price: '474.50',
      ready: true,
    });

    const placed = await call<Order>(t.app, 'POST', '/orders/orders/', me.headers, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      shipping,
      age_attestation: ADULT,
      expected_total_price: '474.50',
    });
    expect(placed.status).toBe(201);
    const { body } = placed;
    expect(body).toMatchObject({
      status: 'awaiting_payment',
      subtotal: '465.00',
      shipping_price: '9.50',
      total_price: '474.50',
      total_items: 2,
      delivery_address: ADDRESS,
      needs_adult_signature: true,
      age_attestation: { date_of_birth: ADULT.date_of_birth, text: ATTESTATION_TEXT },
    });
    const [knife, giclee] = body.items as [Order['items'][number], Order['items'][number]];
    expect(knife).toMatchObject({
      product_slug: 'damascus-gyuto-210mm',
      product_name: GYUTO,
      customization: { handle: 'walnut', engraving_text: 'For Ada, 2025' },
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
          value: 'For Ada, 2025',
          display_value: 'For Ada, 2025',
          price_delta: '15.00',
        },
      ],
      quantity: 1,
      unit_price: '400.00',
      line_total: '400.00',
      made_to_order: false,
      age_restricted: true,
    });
    expect(giclee).toMatchObject({
      product_slug: 'upland-pasture-giclee-print',
      customization: {},
      options: [],
      quantity: 1,
      unit_price: '65.00',
      line_total: '65.00',
      made_to_order: true,
      age_restricted: false,
    });
    expectDispatch(knife.dispatch, since, false, [1, 2]);
    expectDispatch(giclee.dispatch, since, true, [5, 8]);
    expect(body.shipments).toEqual([
      {
        method: 'uk-age-verified',
        name: 'Age-verified delivery (DPD)',
        kind: 'delivery',
        age_verified: true,
        price: '9.50',
        item_ids: [knife.id],
        fulfilment: null,
      },
      {
        method: 'collection',
        name: 'Collect from the workshop',
        kind: 'collection',
        age_verified: false,
        price: '0.00',
        item_ids: [giclee.id],
        fulfilment: null,
      },
    ]);
    // The knife took one from stock; the print is made for the order and took none.
    expect(await stockOf(gyuto.id)).toBe(gyutoStock - 1);
    expect(await stockOf(print.id)).toBe(printStock);
    expect((await cartOf(me)).body.items).toEqual([]);
    // The order history shows it the same.
    const read = await call<Order>(t.app, 'GET', `/orders/orders/${body.id}/`, me.headers);
    expect(read.body).toEqual(body);
  });
});
