/**
 * The maker's shop (decision 042) through HTTP: the countries each shop ships to, and the
 * shipping quote of a cart by zone and method: defaults, free delivery over a threshold,
 * collection, the refusals, the knives' age-verified delivery, and one shop's methods kept from
 * another's customers.
 */
import type { components } from '../../common/storefront-api';
import { call, createCustomer, productBySlug, quoteShipping } from '../test/shop.ts';
import { asTenant } from '../test/test-app.ts';
import { ATTESTATION_TEXT, GYUTO, money, useMakersShop } from '../test/makers-shop.ts';

type ShippingQuote = components['schemas']['ShippingQuote'];
type ShippingOptions = components['schemas']['ShippingOptions'];

const { t, add, order, expectNothingOrdered } = useMakersShop();

describe('the countries a shop ships to', () => {
  it('names them with their codes, with the minimum age and the words a knife buyer confirms', async () => {
    const me = await createCustomer(t.app);
    const answer = await call<ShippingOptions>(t.app, 'GET', '/shipping/options/', me.headers);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        countries: [
          { code: 'AT', name: 'Austria' },
          { code: 'BE', name: 'Belgium' },
          { code: 'FR', name: 'France' },
          { code: 'DE', name: 'Germany' },
          { code: 'IE', name: 'Ireland' },
          { code: 'IT', name: 'Italy' },
          { code: 'NL', name: 'Netherlands' },
          { code: 'ES', name: 'Spain' },
          { code: 'GB', name: 'United Kingdom' },
          { code: 'US', name: 'United States' },
        ],
        minimum_age: 18,
        age_attestation_text: ATTESTATION_TEXT,
      },
    });
    // A visitor who is not signed in sees the same.
    expect(
      (await call<ShippingOptions>(t.app, 'GET', '/shipping/options/', asTenant('demo-handcraft')))
        .body,
    ).toEqual(answer.body);
  });

  it('answers the pottery’s own: the United Kingdom only', async () => {
    const answer = await call<ShippingOptions>(
      t.app,
      'GET',
      '/shipping/options/',
      asTenant('demo-pottery'),
    );
    expect(answer).toMatchObject({
      status: 200,
      body: {
        countries: [{ code: 'GB', name: 'United Kingdom' }],
        minimum_age: 18,
        age_attestation_text: ATTESTATION_TEXT,
      },
    });
  });
});

describe('a shipping quote', () => {
  it('sends a mug by Royal Mail and a knife by age-verified delivery unless told otherwise', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    const gyuto = await productBySlug(t.app, 'damascus-gyuto-210mm');
    await add(me, mug.id, 1);
    const cart = await add(me, gyuto.id, 1, { handle: 'walnut' });
    const [mugLine, knifeLine] = cart.body.items.map((i) => i.id) as [number, number];
    const answer = await call<ShippingQuote>(
      t.app,
      'POST',
      '/orders/cart/shipping-quote/',
      me.headers,
      {
        country: 'GB',
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.methods.map((m) => [m.code, m.price, m.free_over])).toEqual([
      ['uk-standard', '6.50', '150.00'],
      ['uk-express', '14.00', null],
      ['uk-age-verified', '9.50', null],
      ['collection', '0.00', null],
    ]);
    expect(answer.body).toMatchObject({
      country: 'GB',
      lines: [
        {
          item_id: mugLine,
          methods: ['uk-standard', 'uk-express', 'uk-age-verified', 'collection'],
          method: 'uk-standard',
          problem: null,
        },
        {
          item_id: knifeLine,
          methods: ['uk-age-verified', 'collection'],
          method: 'uk-age-verified',
          problem: null,
        },
      ],
      shipments: [
        {
          method: 'uk-standard',
          name: 'Royal Mail Tracked 48',
          kind: 'delivery',
          age_verified: false,
          price: '6.50',
          item_ids: [mugLine],
        },
        {
          method: 'uk-age-verified',
          name: 'Age-verified delivery (DPD)',
          kind: 'delivery',
          age_verified: true,
          price: '9.50',
          item_ids: [knifeLine],
        },
      ],
      subtotal: money(mug.price_cents + gyuto.price_cents),
      shipping_price: '16.00',
      total_price: money(mug.price_cents + gyuto.price_cents + 1600),
      ready: true,
    });
    // A country code in lower case is read as the code.
    expect((await quoteShipping(t.app, me, 'gb')).body).toEqual(answer.body);
  });

  it('sends the mugs free when they come to 150.00', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    expect(mug.price_cents).toBe(4500);
    const line = (await add(me, mug.id, 3)).body.items[0]!.id;
    expect((await quoteShipping(t.app, me, 'GB')).body).toMatchObject({
      subtotal: '135.00',
      shipping_price: '6.50',
      total_price: '141.50',
    });
    await call(t.app, 'PATCH', `/orders/cart/items/${line}/`, me.headers, { quantity: 4 });
    expect((await quoteShipping(t.app, me, 'GB')).body).toMatchObject({
      shipments: [{ method: 'uk-standard', price: '0.00', item_ids: [line] }],
      subtotal: '180.00',
      shipping_price: '0.00',
      total_price: '180.00',
    });
    // Express has no threshold.
    expect((await quoteShipping(t.app, me, 'GB', { [line]: 'uk-express' })).body).toMatchObject({
      shipments: [{ method: 'uk-express', price: '14.00' }],
      total_price: '194.00',
    });
  });

  it('quotes collection from the workshop, for nothing, when the shopper chooses it', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    const line = (await add(me, mug.id, 1)).body.items[0]!.id;
    expect((await quoteShipping(t.app, me, 'GB', { [line]: 'collection' })).body).toMatchObject({
      lines: [{ item_id: line, method: 'collection', problem: null }],
      shipments: [
        {
          method: 'collection',
          name: 'Collect from the workshop',
          kind: 'collection',
          age_verified: false,
          price: '0.00',
          item_ids: [line],
        },
      ],
      shipping_price: '0.00',
      total_price: '45.00',
      ready: true,
    });
  });

  it('answers 400 "We do not ship to Canada." for a country outside the shop’s zones', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    await add(me, mug.id, 1);
    for (const country of ['CA', 'ca']) {
      expect(await quoteShipping(t.app, me, country)).toMatchObject({
        status: 400,
        body: { country: ['We do not ship to Canada.'] },
      });
    }
  });

  it('answers 400 for a method that is not the country’s', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    const line = (await add(me, mug.id, 1)).body.items[0]!.id;
    for (const method of ['air-mail', 'eu-standard', 'us-express']) {
      expect(await quoteShipping(t.app, me, 'GB', { [line]: method })).toMatchObject({
        status: 400,
        body: { shipping: [`"${method}" is not a delivery method for this country.`] },
      });
    }
  });

  it('answers 400 for a line of another customer’s cart', async () => {
    const me = await createCustomer(t.app);
    const other = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    await add(me, mug.id, 1);
    const theirs = (await add(other, mug.id, 1)).body.items[0]!.id;
    const answer = await quoteShipping(t.app, me, 'GB', { [theirs]: 'uk-standard' });
    expect(answer).toEqual({
      status: 400,
      body: { shipping: [`Line ${theirs} is not in your cart.`] },
      headers: expect.anything(),
    });
  });

  it('says why a knife cannot go to the United States, and offers only collection', async () => {
    const me = await createCustomer(t.app);
    const gyuto = await productBySlug(t.app, 'damascus-gyuto-210mm');
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    await add(me, mug.id, 1);
    const cart = await add(me, gyuto.id, 1, { handle: 'walnut' });
    const [mugLine, knifeLine] = cart.body.items.map((i) => i.id) as [number, number];
    const answer = await quoteShipping(t.app, me, 'US');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      country: 'US',
      lines: [
        {
          item_id: mugLine,
          methods: ['us-standard', 'us-express', 'collection'],
          method: 'us-standard',
          problem: null,
        },
        {
          item_id: knifeLine,
          methods: ['collection'],
          // The knife may still be collected: the quote offers that, and is ready.
          method: 'collection',
          problem: `${GYUTO} cannot be shipped to United States.`,
        },
      ],
      shipping_price: '28.00',
      ready: true,
    });
    // Asking for delivery is refused in the same words.
    expect(await quoteShipping(t.app, me, 'US', { [knifeLine]: 'us-standard' })).toMatchObject({
      status: 400,
      body: { shipping: [`${GYUTO} cannot be shipped to United States.`] },
    });
  });

  it('quotes an empty cart at nothing', async () => {
    const me = await createCustomer(t.app);
    expect((await quoteShipping(t.app, me, 'GB')).body).toMatchObject({
      lines: [],
      shipments: [],
      subtotal: '0.00',
      shipping_price: '0.00',
      total_price: '0.00',
      ready: true,
    });
  });
});

describe('one shop’s shipping is its own', () => {
  it('refuses the pottery’s customer the workshop’s methods and countries', async () => {
    const potter = await createCustomer(t.app, 'demo-pottery');
    const mug = await productBySlug(t.app, 'river-clay-morning-mug', 'demo-pottery');
    const line = (await add(potter, mug.id, 1)).body.items[0]!.id;
    expect(await quoteShipping(t.app, potter, 'GB', { [line]: 'uk-age-verified' })).toMatchObject({
      status: 400,
      body: { shipping: ['"uk-age-verified" is not a delivery method for this country.'] },
    });
    expect(await quoteShipping(t.app, potter, 'FR')).toMatchObject({
      status: 400,
      body: { country: ['We do not ship to France.'] },
    });
    // Its own methods, with its own prices.
    const own = await quoteShipping(t.app, potter, 'GB');
    expect(own.status).toBe(200);
    expect(
      (own.body as unknown as ShippingQuote).methods.map((m) => [m.code, m.name, m.price]),
    ).toEqual([
      ['uk-standard', 'Parcelforce 48', '8.95'],
      ['collection', 'Collect from the studio', '0.00'],
    ]);
    await expectNothingOrdered(potter, [mug.id], async () => {
      expect(
        await order(potter, { shipping: [{ item_id: line, method: 'uk-age-verified' }] }),
      ).toMatchObject({
        status: 400,
        body: { shipping: ['"uk-age-verified" is not a delivery method for this country.'] },
      });
    });
    // The pottery customer's token does not open the workshop's quote.
    const crossed = await call(
      t.app,
      'POST',
      '/orders/cart/shipping-quote/',
      {
        ...potter.headers,
        ...asTenant('demo-handcraft'),
      },
      { country: 'GB', choices: [{ item_id: line, method: 'uk-age-verified' }] },
    );
    expect(crossed.status).toBe(401);
  });
});
