/**
 * The maker's shop (decision 014) end to end, through HTTP, as a shopper notices it: a piece's
 * options and what they cost, made-to-order pieces, when a piece leaves the workshop, shipping
 * by zone and method, the age gate of the knives, and the order that keeps all of it. One app
 * (one database) for the file: every test uses its own customers, and restores a product it
 * changes.
 */
import type { FastifyInstance } from 'fastify';
import type { components } from '../../src/api/schema';
import {
  ADDRESS,
  ADULT,
  call,
  createCustomer,
  postOrder,
  productBySlug,
  quoteShipping,
  type TestCustomer,
} from '../test/shop.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';
import { addWorkingDays } from './dispatch.ts';

type Cart = components['schemas']['Cart'];
type Order = components['schemas']['Order'];
type Product = components['schemas']['Product'];
type ShippingQuote = components['schemas']['ShippingQuote'];
type ShippingOptions = components['schemas']['ShippingOptions'];

const BLANK = 'This field may not be blank.';
const MISSING_ATTESTATION =
  'Please give your date of birth and confirm that the parcel will be handed only to an adult.';
const UNDER_18 = 'You must be 18 or over to buy age-restricted items.';
const ATTESTATION_TEXT = 'I am 18 or over, and the parcel will be handed only to an adult.';
const GYUTO = 'Damascus Gyuto 210mm';
const AGE_VERIFIED_ONLY = `${GYUTO} can only be sent by age-verified delivery or collected from the workshop.`;

/** demo-handcraft works Monday to Friday; demo-pottery Monday to Saturday. */
const MON_FRI = new Set([1, 2, 3, 4, 5]);
const MON_SAT = new Set([1, 2, 3, 4, 5, 6]);

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

const ymd = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The dispatch a piece answers when asked at `since` or at any moment up to now (the real
 * clock: a test that straddles midnight UTC still passes).
 */
function expectDispatch(
  actual: unknown,
  since: Date,
  made_to_order: boolean,
  [min, max]: [number, number],
  week: ReadonlySet<number> = MON_FRI,
) {
  const at = (now: Date) => ({
    made_to_order,
    earliest: ymd(addWorkingDays(now, min, week)),
    latest: ymd(addWorkingDays(now, max, week)),
  });
  expect([at(since), at(new Date())]).toContainEqual(actual);
}

/**
 * A date of birth `years` years before today (UTC), moved `laterBy` days later: 18 years ago
 * today is a buyer who turns 18 today; one day later, one who turns 18 tomorrow.
 */
function bornYearsAgo(years: number, laterBy = 0): string {
  const now = new Date();
  let day = now.getUTCDate();
  // 29 February 18 years ago may not exist: born on the 28th is of age today too.
  if (now.getUTCMonth() === 1 && day === 29) day = 28;
  return ymd(new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), day + laterBy)));
}

const money = (cents: number) => (cents / 100).toFixed(2);

function add(
  who: TestCustomer,
  productId: number,
  quantity = 1,
  customization?: Record<string, string>,
  extra: object = {},
) {
  return call<Cart>(app, 'POST', '/orders/cart/add-item/', who.headers, {
    product_id: productId,
    quantity,
    ...(customization ? { customization } : {}),
    ...extra,
  });
}

const cartOf = (who: TestCustomer) => call<Cart>(app, 'GET', '/orders/cart/', who.headers);

async function stockOf(id: number): Promise<number> {
  const row = await app.db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.stock;
}

async function ordersOf(who: TestCustomer) {
  return app.db.selectFrom('orders').select('id').where('user_id', '=', who.id).execute();
}

/** Places the customer's order (postOrder completes shipping, attestation and total). */
function order(who: TestCustomer, body: Record<string, unknown> = {}) {
  return postOrder<Order>(app, who, {
    payment_method: 'bank_transfer',
    delivery_address: ADDRESS,
    ...body,
  });
}

/** Runs a refused checkout and checks that nothing was ordered and no stock moved. */
async function expectNothingOrdered(
  who: TestCustomer,
  productIds: number[],
  attempt: () => Promise<unknown>,
) {
  const before = await Promise.all(productIds.map(stockOf));
  const cartBefore = (await cartOf(who)).body.items;
  await attempt();
  expect(await ordersOf(who)).toEqual([]);
  expect(await Promise.all(productIds.map(stockOf))).toEqual(before);
  expect((await cartOf(who)).body.items).toEqual(cartBefore);
}

/** The choices of every line in the cart: its product's slug -> method code. */
async function choices(who: TestCustomer, bySlug: Record<string, string>) {
  const { items } = (await cartOf(who)).body;
  return items.map((i) => ({ item_id: i.id, method: bySlug[i.product.slug]! }));
}

const product = (slug: string, token = 'demo-handcraft') =>
  call<Product>(app, 'GET', `/products/products/${slug}/`, asTenant(token));

describe('a piece’s page', () => {
  it('shows a knife’s options with their surcharges, its age restriction and when it leaves the workshop', async () => {
    const since = new Date();
    const answer = await product('damascus-gyuto-210mm');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      slug: 'damascus-gyuto-210mm',
      name: GYUTO,
      price: '385.00',
      options: [
        {
          key: 'handle',
          label: 'Handle wood',
          kind: 'choice',
          required: true,
          values: [
            { value: 'walnut', label: 'Walnut', price_delta: '0.00' },
            { value: 'ebony', label: 'Ebony', price_delta: '20.00' },
            { value: 'maple', label: 'Stabilised maple', price_delta: '35.00' },
          ],
          max_length: null,
          price_delta: '0.00',
        },
        {
          key: 'engraving_text',
          label: 'Engraving',
          kind: 'text',
          required: false,
          values: [],
          max_length: 24,
          price_delta: '15.00',
        },
      ],
      made_to_order: false,
      lead_time_days_min: null,
      lead_time_days_max: null,
      age_restricted: true,
    });
    // In stock: within 1 to 2 of the workshop's working days.
    expectDispatch(answer.body.dispatch, since, false, [1, 2]);
  });

  it('shows a made-to-order piece’s lead time, and its dispatch in working days from today', async () => {
    const since = new Date();
    const pieces: [string, [number, number], boolean][] = [
      ['kurouchi-nakiri-170mm', [15, 20], true],
      ['upland-pasture-giclee-print', [5, 8], false],
      ['copper-red-ewer', [20, 30], false],
    ];
    for (const [slug, [min, max], restricted] of pieces) {
      const answer = await product(slug);
      expect(answer.status).toBe(200);
      expect(answer.body, slug).toMatchObject({
        options: [],
        made_to_order: true,
        lead_time_days_min: min,
        lead_time_days_max: max,
        age_restricted: restricted,
      });
      expectDispatch(answer.body.dispatch, since, true, [min, max]);
    }
    // The nakiri is made to order although none is in stock.
    expect((await product('kurouchi-nakiri-170mm')).body.stock).toBe(0);
  });

  it('shows a piece without options or restriction, and counts in each shop’s own week', async () => {
    const since = new Date();
    const mug = await product('tenmoku-tea-mug');
    expect(mug.body).toMatchObject({
      options: [],
      made_to_order: false,
      lead_time_days_min: null,
      lead_time_days_max: null,
      age_restricted: false,
    });
    expectDispatch(mug.body.dispatch, since, false, [1, 2]);
    // The pottery works Monday to Saturday and dispatches in 2 to 3 working days.
    const potteryMug = await product('river-clay-morning-mug', 'demo-pottery');
    expect(potteryMug.body).toMatchObject({ made_to_order: false, age_restricted: false });
    expectDispatch(potteryMug.body.dispatch, since, false, [2, 3], MON_SAT);
  });
});

describe('choosing a piece’s options', () => {
  it('answers every problem with the options in words, and puts nothing in the cart', async () => {
    const me = await createCustomer(app);
    const gyuto = await productBySlug(app, 'damascus-gyuto-210mm');
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    const refusals: [number, Record<string, string> | undefined, Record<string, string[]>][] = [
      [gyuto.id, undefined, { 'customization.handle': ['Choose the handle wood.'] }],
      [gyuto.id, { handle: '  ' }, { 'customization.handle': ['Choose the handle wood.'] }],
      [
        gyuto.id,
        { handle: 'oak' },
        { 'customization.handle': ['Choose one of: Walnut, Ebony, Stabilised maple.'] },
      ],
      [
        gyuto.id,
        { handle: 'walnut', colour: 'red' },
        { 'customization.colour': ['This piece has no option "colour".'] },
      ],
      [
        gyuto.id,
        { handle: 'walnut', engraving_text: 'x'.repeat(25) },
        { 'customization.engraving_text': ['At most 24 characters.'] },
      ],
      [
        gyuto.id,
        { handle: 'walnut', engraving_text: 'Ada\nLovelace' },
        { 'customization.engraving_text': ['Control characters are not allowed.'] },
      ],
      [
        gyuto.id,
        { handle: 'walnut', engraving_text: 'A\u0000L' },
        { customization: ['Null characters are not allowed.'] },
      ],
      [mug.id, { engraving_text: 'A.L.' }, { customization: ['This piece takes no options.'] }],
    ];
    for (const [productId, customization, body] of refusals) {
      const answer = await add(me, productId, 1, customization);
      expect(answer, JSON.stringify(customization)).toMatchObject({ status: 400, body });
      expect(Object.keys(answer.body)).toEqual(Object.keys(body));
    }
    expect((await cartOf(me)).body.items).toEqual([]);
    // Blank values are dropped: a mug with a blank note is a mug.
    expect(await add(me, mug.id, 1, { note: '   ' })).toMatchObject({
      status: 200,
      body: { items: [{ customization: {}, options: [] }] },
    });
  });

  it('prices the surcharges into the unit price, the line total and the cart total', async () => {
    const me = await createCustomer(app);
    const gyuto = await productBySlug(app, 'damascus-gyuto-210mm');
    const painting = await productBySlug(app, 'harbour-at-dusk-oil');
    await add(me, gyuto.id, 2, { handle: 'ebony', engraving_text: 'A.L.' });
    await add(me, gyuto.id, 1, { handle: 'maple' });
    const answer = await add(me, painting.id, 1, { framing: 'walnut' });
    expect(answer.status).toBe(200);
    const ebonyEngraved = gyuto.price_cents + 2000 + 1500;
    const maple = gyuto.price_cents + 3500;
    const framed = painting.price_cents + 8000;
    expect(
      answer.body.items.map((i) => [
        i.product.slug,
        i.product.price,
        i.unit_price,
        i.quantity,
        i.line_total,
      ]),
    ).toEqual([
      ['damascus-gyuto-210mm', '385.00', money(ebonyEngraved), 2, money(ebonyEngraved * 2)],
      ['damascus-gyuto-210mm', '385.00', money(maple), 1, money(maple)],
      ['harbour-at-dusk-oil', money(painting.price_cents), money(framed), 1, money(framed)],
    ]);
    expect(answer.body.items[0]!.unit_price).toBe('420.00');
    expect(answer.body.items[1]!.options).toEqual([
      {
        key: 'handle',
        label: 'Handle wood',
        value: 'maple',
        display_value: 'Stabilised maple',
        price_delta: '35.00',
      },
    ]);
    expect(answer.body.items[2]!.options).toEqual([
      {
        key: 'framing',
        label: 'Framing',
        value: 'walnut',
        display_value: 'Walnut frame',
        price_delta: '80.00',
      },
    ]);
    expect(answer.body.total_items).toBe(4);
    expect(answer.body.total_price).toBe(money(ebonyEngraved * 2 + maple + framed));
  });

  it('keeps a 24-character engraving of accented letters, and refuses 25', async () => {
    const me = await createCustomer(app);
    const gyuto = await productBySlug(app, 'damascus-gyuto-210mm');
    const engraving = 'Zoë & Anaïs — Noël Ærø 1';
    expect([...engraving]).toHaveLength(24);
    // More bytes than characters: the limit is in characters.
    expect(Buffer.byteLength(engraving)).toBeGreaterThan(24);
    const kept = await add(me, gyuto.id, 1, { handle: 'walnut', engraving_text: engraving });
    expect(kept.status).toBe(200);
    expect(kept.body.items[0]).toMatchObject({
      customization: { handle: 'walnut', engraving_text: engraving },
      options: [
        { key: 'handle', display_value: 'Walnut', price_delta: '0.00' },
        { key: 'engraving_text', value: engraving, display_value: engraving, price_delta: '15.00' },
      ],
      unit_price: money(gyuto.price_cents + 1500),
    });
    expect(
      await add(me, gyuto.id, 1, { handle: 'walnut', engraving_text: `${engraving}é` }),
    ).toMatchObject({
      status: 400,
      body: { 'customization.engraving_text': ['At most 24 characters.'] },
    });
    expect((await cartOf(me)).body.items).toHaveLength(1);
  });

  it('never reads a price the client sends', async () => {
    const me = await createCustomer(app);
    const gyuto = await productBySlug(app, 'damascus-gyuto-210mm');
    const answer = await add(
      me,
      gyuto.id,
      1,
      { handle: 'ebony' },
      {
        price: '0.01',
        unit_price: '0.01',
        line_total: '0.01',
        total_price: '0.01',
        options: [{ key: 'handle', value: 'ebony', price_delta: '-400.00' }],
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.items[0]).toMatchObject({
      unit_price: '405.00',
      line_total: '405.00',
      options: [{ key: 'handle', price_delta: '20.00' }],
    });
    expect(answer.body.total_price).toBe('405.00');
  });
});

describe('made to order', () => {
  it('takes the nakiri at stock 0 into the cart and the order, and leaves its stock at 0', async () => {
    const me = await createCustomer(app);
    const nakiri = await productBySlug(app, 'kurouchi-nakiri-170mm');
    expect(nakiri.stock).toBe(0);
    const since = new Date();
    const added = await add(me, nakiri.id, 2);
    expect(added.status).toBe(200);
    const line = added.body.items[0]!;
    expect(line).toMatchObject({
      quantity: 2,
      product: {
        slug: 'kurouchi-nakiri-170mm',
        stock: 0,
        made_to_order: true,
        age_restricted: true,
      },
      unit_price: money(nakiri.price_cents),
    });
    expectDispatch(line.dispatch, since, true, [15, 20]);
    // Raising the quantity is not limited by the stock either.
    expect(
      await call<Cart>(app, 'PATCH', `/orders/cart/items/${line.id}/`, me.headers, { quantity: 3 }),
    ).toMatchObject({ status: 200, body: { items: [{ quantity: 3 }] } });

    const placed = await order(me);
    expect(placed.status).toBe(201);
    expect(placed.body.items).toHaveLength(1);
    expect(placed.body.items[0]).toMatchObject({
      product_slug: 'kurouchi-nakiri-170mm',
      quantity: 3,
      made_to_order: true,
      age_restricted: true,
      line_total: money(nakiri.price_cents * 3),
    });
    expectDispatch(placed.body.items[0]!.dispatch, since, true, [15, 20]);
    expect(placed.body.needs_adult_signature).toBe(true);
    expect(await stockOf(nakiri.id)).toBe(0);
    expect((await product('kurouchi-nakiri-170mm')).body.stock).toBe(0);
  });

  it('still answers 409 "Item is out of stock." for a sold-out piece that is not made to order', async () => {
    const me = await createCustomer(app);
    const spoons = await productBySlug(app, 'sycamore-eating-spoon-set');
    expect(spoons.stock).toBe(0);
    expect(await add(me, spoons.id, 1)).toMatchObject({
      status: 409,
      body: { detail: 'Item is out of stock.' },
    });
    expect((await cartOf(me)).body.items).toEqual([]);
  });
});

describe('the countries a shop ships to', () => {
  it('names them with their codes, with the minimum age and the words a knife buyer confirms', async () => {
    const me = await createCustomer(app);
    const answer = await call<ShippingOptions>(app, 'GET', '/shipping/options/', me.headers);
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
      (await call<ShippingOptions>(app, 'GET', '/shipping/options/', asTenant('demo-handcraft')))
        .body,
    ).toEqual(answer.body);
  });

  it('answers the pottery’s own: the United Kingdom only', async () => {
    const answer = await call<ShippingOptions>(
      app,
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
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    const gyuto = await productBySlug(app, 'damascus-gyuto-210mm');
    await add(me, mug.id, 1);
    const cart = await add(me, gyuto.id, 1, { handle: 'walnut' });
    const [mugLine, knifeLine] = cart.body.items.map((i) => i.id) as [number, number];
    const answer = await call<ShippingQuote>(
      app,
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
    expect((await quoteShipping(app, me, 'gb')).body).toEqual(answer.body);
  });

  it('sends the mugs free when they come to 150.00', async () => {
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    expect(mug.price_cents).toBe(4500);
    const line = (await add(me, mug.id, 3)).body.items[0]!.id;
    expect((await quoteShipping(app, me, 'GB')).body).toMatchObject({
      subtotal: '135.00',
      shipping_price: '6.50',
      total_price: '141.50',
    });
    await call(app, 'PATCH', `/orders/cart/items/${line}/`, me.headers, { quantity: 4 });
    expect((await quoteShipping(app, me, 'GB')).body).toMatchObject({
      shipments: [{ method: 'uk-standard', price: '0.00', item_ids: [line] }],
      subtotal: '180.00',
      shipping_price: '0.00',
      total_price: '180.00',
    });
    // Express has no threshold.
    expect((await quoteShipping(app, me, 'GB', { [line]: 'uk-express' })).body).toMatchObject({
      shipments: [{ method: 'uk-express', price: '14.00' }],
      total_price: '194.00',
    });
  });

  it('quotes collection from the workshop, for nothing, when the shopper chooses it', async () => {
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    const line = (await add(me, mug.id, 1)).body.items[0]!.id;
    expect((await quoteShipping(app, me, 'GB', { [line]: 'collection' })).body).toMatchObject({
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
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    await add(me, mug.id, 1);
    for (const country of ['CA', 'ca']) {
      expect(await quoteShipping(app, me, country)).toMatchObject({
        status: 400,
        body: { country: ['We do not ship to Canada.'] },
      });
    }
  });

  it('answers 400 for a method that is not the country’s', async () => {
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    const line = (await add(me, mug.id, 1)).body.items[0]!.id;
    for (const method of ['air-mail', 'eu-standard', 'us-express']) {
      expect(await quoteShipping(app, me, 'GB', { [line]: method })).toMatchObject({
        status: 400,
        body: { shipping: [`"${method}" is not a delivery method for this country.`] },
      });
    }
  });

  it('answers 400 for a line of another customer’s cart', async () => {
    const me = await createCustomer(app);
    const other = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    await add(me, mug.id, 1);
    const theirs = (await add(other, mug.id, 1)).body.items[0]!.id;
    const answer = await quoteShipping(app, me, 'GB', { [theirs]: 'uk-standard' });
    expect(answer).toEqual({
      status: 400,
      body: { shipping: [`Line ${theirs} is not in your cart.`] },
      headers: expect.anything(),
    });
  });

  it('says why a knife cannot go to the United States, and offers only collection', async () => {
    const me = await createCustomer(app);
    const gyuto = await productBySlug(app, 'damascus-gyuto-210mm');
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    await add(me, mug.id, 1);
    const cart = await add(me, gyuto.id, 1, { handle: 'walnut' });
    const [mugLine, knifeLine] = cart.body.items.map((i) => i.id) as [number, number];
    const answer = await quoteShipping(app, me, 'US');
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
    expect(await quoteShipping(app, me, 'US', { [knifeLine]: 'us-standard' })).toMatchObject({
      status: 400,
      body: { shipping: [`${GYUTO} cannot be shipped to United States.`] },
    });
  });

  it('quotes an empty cart at nothing', async () => {
    const me = await createCustomer(app);
    expect((await quoteShipping(app, me, 'GB')).body).toMatchObject({
      lines: [],
      shipments: [],
      subtotal: '0.00',
      shipping_price: '0.00',
      total_price: '0.00',
      ready: true,
    });
  });
});

describe('checking out with delivery', () => {
  it('asks how each line is delivered when a choice is missing, and orders nothing', async () => {
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    const gyuto = await productBySlug(app, 'damascus-gyuto-210mm');
    await add(me, mug.id, 1);
    await add(me, gyuto.id, 1, { handle: 'walnut' });
    await expectNothingOrdered(me, [mug.id, gyuto.id], async () => {
      expect(await order(me, { shipping: [] })).toMatchObject({
        status: 400,
        body: {
          shipping: [
            'Choose how Tenmoku Tea Mug is delivered.',
            `Choose how ${GYUTO} is delivered.`,
          ],
        },
      });
      const knifeOnly = (await choices(me, { 'damascus-gyuto-210mm': 'uk-age-verified' })).filter(
        (c) => c.method,
      );
      expect(await order(me, { shipping: knifeOnly })).toMatchObject({
        status: 400,
        body: { shipping: ['Choose how Tenmoku Tea Mug is delivered.'] },
      });
    });
  });

  it('refuses a knife by standard post, in the words of the law', async () => {
    const me = await createCustomer(app);
    const gyuto = await productBySlug(app, 'damascus-gyuto-210mm');
    await add(me, gyuto.id, 1, { handle: 'walnut' });
    await expectNothingOrdered(me, [gyuto.id], async () => {
      for (const method of ['uk-standard', 'uk-express']) {
        const shipping = await choices(me, { 'damascus-gyuto-210mm': method });
        expect(await order(me, { shipping })).toMatchObject({
          status: 400,
          body: { shipping: [AGE_VERIFIED_ONLY] },
        });
      }
    });
  });

  it('refuses to post a knife to the United States', async () => {
    const me = await createCustomer(app);
    const gyuto = await productBySlug(app, 'damascus-gyuto-210mm');
    await add(me, gyuto.id, 1, { handle: 'walnut' });
    await expectNothingOrdered(me, [gyuto.id], async () => {
      const shipping = await choices(me, { 'damascus-gyuto-210mm': 'us-standard' });
      expect(
        await order(me, { delivery_address: { ...ADDRESS, country: 'US' }, shipping }),
      ).toMatchObject({
        status: 400,
        body: { shipping: [`${GYUTO} cannot be shipped to United States.`] },
      });
    });
  });

  it('refuses an address in a country the shop does not ship to', async () => {
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    await add(me, mug.id, 1);
    await expectNothingOrdered(me, [mug.id], async () => {
      for (const country of ['CA', 'ca']) {
        const shipping = await choices(me, { 'tenmoku-tea-mug': 'uk-standard' });
        expect(
          await order(me, { delivery_address: { ...ADDRESS, country }, shipping }),
        ).toMatchObject({
          status: 400,
          body: { 'delivery_address.country': ['We do not ship to Canada.'] },
        });
      }
      // A country's name is not its code.
      expect(
        await order(me, { delivery_address: { ...ADDRESS, country: 'United Kingdom' } }),
      ).toMatchObject({ status: 400, body: { 'delivery_address.country': [expect.any(String)] } });
    });
  });

  it('places an order collected from the workshop without a street, city or postal code', async () => {
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    const before = await stockOf(mug.id);
    await add(me, mug.id, 2);
    const shipping = await choices(me, { 'tenmoku-tea-mug': 'collection' });
    const address = { ...ADDRESS, street: '', city: '  ', postalCode: '' };
    const placed = await order(me, {
      delivery_address: address,
      shipping,
      expected_total_price: '90.00',
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      delivery_address: { ...ADDRESS, street: '', city: '', postalCode: '' },
      subtotal: '90.00',
      shipping_price: '0.00',
      total_price: '90.00',
      shipments: [{ method: 'collection', kind: 'collection', price: '0.00' }],
      needs_adult_signature: false,
      age_attestation: null,
    });
    expect(await stockOf(mug.id)).toBe(before - 2);
  });

  it('refuses a delivered order with a blank city, even when another line is collected', async () => {
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    const spoon = await productBySlug(app, 'cherry-cooking-spoon');
    await add(me, mug.id, 1);
    await add(me, spoon.id, 1);
    await expectNothingOrdered(me, [mug.id, spoon.id], async () => {
      expect(await order(me, { delivery_address: { ...ADDRESS, city: '' } })).toMatchObject({
        status: 400,
        body: { 'delivery_address.city': [BLANK] },
      });
      const shipping = await choices(me, {
        'tenmoku-tea-mug': 'collection',
        'cherry-cooking-spoon': 'uk-standard',
      });
      const answer = await order(me, {
        delivery_address: { ...ADDRESS, city: ' ', postalCode: '' },
        shipping,
      });
      expect(answer).toEqual({
        status: 400,
        body: {
          'delivery_address.city': [BLANK],
          'delivery_address.postalCode': [BLANK],
        },
        headers: expect.anything(),
      });
    });
  });

  it('answers a blank address with the other field errors only when a line is delivered', async () => {
    // The pottery takes no cards: the payment method's error comes before the transaction.
    const potter = await createCustomer(app, 'demo-pottery');
    const mug = await productBySlug(app, 'river-clay-morning-mug', 'demo-pottery');
    await add(potter, mug.id, 1);
    const collected = await choices(potter, { 'river-clay-morning-mug': 'collection' });
    const delivered = await choices(potter, { 'river-clay-morning-mug': 'uk-standard' });
    const body = (shipping: unknown) => ({
      payment_method: 'card_2c2p',
      delivery_address: { ...ADDRESS, city: '' },
      shipping,
    });
    await expectNothingOrdered(potter, [mug.id], async () => {
      expect(await order(potter, body(collected))).toEqual({
        status: 400,
        body: { payment_method: ['This payment method is not available.'] },
        headers: expect.anything(),
      });
      expect(await order(potter, body(delivered))).toEqual({
        status: 400,
        body: {
          payment_method: ['This payment method is not available.'],
          'delivery_address.city': [BLANK],
        },
        headers: expect.anything(),
      });
    });
  });
});

describe('the age gate', () => {
  it('asks for the attestation when a knife is bought without one, or without confirming it', async () => {
    const me = await createCustomer(app);
    const petty = await productBySlug(app, 'carbon-steel-petty-150mm');
    await add(me, petty.id, 1);
    await expectNothingOrdered(me, [petty.id], async () => {
      for (const age_attestation of [undefined, { ...ADULT, confirmed: false }]) {
        expect(await order(me, { age_attestation })).toMatchObject({
          status: 400,
          body: { age_attestation: [MISSING_ATTESTATION] },
        });
      }
    });
  });

  it('refuses a buyer who turns 18 tomorrow, and a date of birth that cannot be real', async () => {
    const me = await createCustomer(app);
    const petty = await productBySlug(app, 'carbon-steel-petty-150mm');
    await add(me, petty.id, 1);
    await expectNothingOrdered(me, [petty.id], async () => {
      expect(
        await order(me, {
          age_attestation: { date_of_birth: bornYearsAgo(18, 1), confirmed: true },
        }),
      ).toMatchObject({ status: 400, body: { 'age_attestation.date_of_birth': [UNDER_18] } });
      // A day that does not exist is refused by the contract's date format first.
      expect(
        await order(me, { age_attestation: { date_of_birth: '2007-02-30', confirmed: true } }),
      ).toEqual({
        status: 400,
        body: { 'age_attestation.date_of_birth': ['Enter a valid date.'] },
        headers: expect.anything(),
      });
      // A well-formed date that cannot be a buyer's: tomorrow, or before 1900.
      const tomorrow = ymd(new Date(Date.now() + 86_400_000));
      for (const date_of_birth of [tomorrow, '1899-12-31']) {
        expect(await order(me, { age_attestation: { date_of_birth, confirmed: true } })).toEqual({
          status: 400,
          body: { 'age_attestation.date_of_birth': ['Enter a real date of birth.'] },
          headers: expect.anything(),
        });
      }
    });
  });

  it('places the order of a buyer who is 18 today, for adult signature, and keeps the attestation', async () => {
    const me = await createCustomer(app);
    const petty = await productBySlug(app, 'carbon-steel-petty-150mm');
    const before = await stockOf(petty.id);
    await add(me, petty.id, 1);
    const dateOfBirth = bornYearsAgo(18);
    const since = Date.now();
    const placed = await order(me, {
      age_attestation: { date_of_birth: dateOfBirth, confirmed: true },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      needs_adult_signature: true,
      age_attestation: {
        date_of_birth: dateOfBirth,
        confirmed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
        text: ATTESTATION_TEXT,
      },
      items: [{ product_slug: 'carbon-steel-petty-150mm', age_restricted: true }],
      shipments: [{ method: 'uk-age-verified', age_verified: true, price: '9.50' }],
    });
    const confirmedAt = Date.parse(placed.body.age_attestation!.confirmed_at);
    expect(confirmedAt).toBeGreaterThanOrEqual(since - 1000);
    expect(confirmedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await stockOf(petty.id)).toBe(before - 1);
    // The order reads back the same.
    const read = await call<Order>(app, 'GET', `/orders/orders/${placed.body.id}/`, me.headers);
    expect(read.body).toMatchObject({
      needs_adult_signature: true,
      age_attestation: placed.body.age_attestation,
    });
  });

  it('needs no attestation for a cart without age-restricted pieces, and keeps none', async () => {
    for (const age_attestation of [
      undefined,
      { ...ADULT, confirmed: false },
      { date_of_birth: bornYearsAgo(10), confirmed: true },
      ADULT,
    ]) {
      const me = await createCustomer(app);
      const mug = await productBySlug(app, 'tenmoku-tea-mug');
      await add(me, mug.id, 1);
      const placed = await order(me, { age_attestation });
      expect(placed.status, JSON.stringify(age_attestation)).toBe(201);
      expect(placed.body).toMatchObject({ needs_adult_signature: false, age_attestation: null });
    }
  });
});

describe('the total the shopper is shown', () => {
  it('answers 409 naming the total with shipping when the shopper saw it without, and orders nothing', async () => {
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
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
    const me = await createCustomer(app);
    const mug = await productBySlug(app, 'tenmoku-tea-mug');
    const spoon = await productBySlug(app, 'cherry-cooking-spoon');
    const petty = await productBySlug(app, 'carbon-steel-petty-150mm');
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
      app,
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
      },
      {
        method: 'uk-express',
        name: 'Royal Mail Special Delivery',
        kind: 'delivery',
        age_verified: false,
        price: '14.00',
        item_ids: [lineOf('cherry-cooking-spoon')],
      },
      {
        method: 'collection',
        name: 'Collect from the workshop',
        kind: 'collection',
        age_verified: false,
        price: '0.00',
        item_ids: [lineOf('carbon-steel-petty-150mm')],
      },
    ]);
    expect(body.shipments.flatMap((s) => s.item_ids).sort()).toEqual(
      body.items.map((i) => i.id).sort(),
    );
    // The order's lines, not the cart's (which are gone).
    const stale = await app.db
      .selectFrom('cart_items')
      .select('id')
      .where('id', 'in', cartLines)
      .execute();
    expect(stale).toEqual([]);
    const stored = await app.db
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
    const me = await createCustomer(app);
    const gyuto = await productBySlug(app, 'damascus-gyuto-210mm');
    const print = await productBySlug(app, 'upland-pasture-giclee-print');
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
      app,
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

    const placed = await call<Order>(app, 'POST', '/orders/orders/', me.headers, {
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
      },
      {
        method: 'collection',
        name: 'Collect from the workshop',
        kind: 'collection',
        age_verified: false,
        price: '0.00',
        item_ids: [giclee.id],
      },
    ]);
    // The knife took one from stock; the print is made for the order and took none.
    expect(await stockOf(gyuto.id)).toBe(gyutoStock - 1);
    expect(await stockOf(print.id)).toBe(printStock);
    expect((await cartOf(me)).body.items).toEqual([]);
    // The order history shows it the same.
    const read = await call<Order>(app, 'GET', `/orders/orders/${body.id}/`, me.headers);
    expect(read.body).toEqual(body);
  });
});

describe('one shop’s shipping is its own', () => {
  it('refuses the pottery’s customer the workshop’s methods and countries', async () => {
    const potter = await createCustomer(app, 'demo-pottery');
    const mug = await productBySlug(app, 'river-clay-morning-mug', 'demo-pottery');
    const line = (await add(potter, mug.id, 1)).body.items[0]!.id;
    expect(await quoteShipping(app, potter, 'GB', { [line]: 'uk-age-verified' })).toMatchObject({
      status: 400,
      body: { shipping: ['"uk-age-verified" is not a delivery method for this country.'] },
    });
    expect(await quoteShipping(app, potter, 'FR')).toMatchObject({
      status: 400,
      body: { country: ['We do not ship to France.'] },
    });
    // Its own methods, with its own prices.
    const own = await quoteShipping(app, potter, 'GB');
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
      app,
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
