import type { components } from '../../common/storefront-api';
import {
  ADDRESS,
  call,
  createCustomer,
  productBySlug,
  productsInStock,
  type TestCustomer,
  postOrder,
} from '../test/shop.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';

type Review = components['schemas']['Review'];
type Product = components['schemas']['Product'];
type Order = components['schemas']['Order'];
type Eligibility = components['schemas']['ReviewEligibility'];
type OrderStatus = components['schemas']['OrderStatus'];

const DEMO = asTenant('demo-handcraft');
const NOT_FOUND = { detail: 'Not found.' };
const DUPLICATE = { detail: 'You have already reviewed this product.' };
const NOT_A_BUYER = { detail: 'Only customers who bought this piece can review it.' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const review = (headers: Record<string, string>, body: unknown) =>
  call<Review>(t.app, 'POST', '/products/reviews/', headers, body);
const product = async (slug: string, headers = DEMO) =>
  (await call<Product>(t.app, 'GET', `/products/products/${slug}/`, headers)).body;

async function reviewRows(productId: number) {
  return t.app.db.selectFrom('reviews').selectAll().where('product_id', '=', productId).execute();
}

/** A product of the demo shop with stock, different for each caller. */
let picked = 0;
async function aProduct() {
  const products = await productsInStock(t.app, 'demo-handcraft', 3);
  return products[picked++ % products.length]!;
}

/** Shop `token`'s tenant id. */
async function tenantOf(token: string): Promise<number> {
  const row = await t.app.db
    .selectFrom('tenants')
    .select('id')
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An order of `customer` in `status` (of their shop) with one line of product `productId`. */
async function orderOf(
  customer: TestCustomer,
  productId: number,
  status: OrderStatus,
  token = 'demo-handcraft',
): Promise<number> {
  const { id } = await insertOrder(t.app.db, await tenantOf(token), {
    userId: customer.id,
    status,
  });
  await t.app.db
    .updateTable('order_items')
    .set({ product_id: productId })
    .where('order_id', '=', id)
    .execute();
  return id;
}

/** A new customer of shop `token` who bought product `productId` (a paid order of it). */
async function buyer(productId: number, token = 'demo-handcraft'): Promise<TestCustomer> {
  const customer = await createCustomer(t.app, token);
  await orderOf(customer, productId, 'paid', token);
  return customer;
}

/** Places a bank-transfer order of one unit through the API, as a shopper would. */
async function order(customer: TestCustomer, productId: number): Promise<Order> {
  const added = await call(t.app, 'POST', '/orders/cart/add-item/', customer.headers, {
    product_id: productId,
    quantity: 1,
  });
  expect(added.status).toBe(200);
  const placed = await postOrder<Order>(t.app, customer, {
    payment_method: 'bank_transfer',
    delivery_address: ADDRESS,
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

const eligibility = (headers: Record<string, string>, productId: number | string) =>
  call<Eligibility>(t.app, 'GET', `/products/reviews/eligibility/?product=${productId}`, headers);

describe('writing a review', () => {
  it('needs a signed-in customer (401) and writes nothing without one', async () => {
    const p = await aProduct();
    const before = (await reviewRows(p.id)).length;
    const answer = await review(DEMO, { product: p.id, rating: 5, comment: 'Great' });
    expect(answer).toMatchObject({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
    expect(await reviewRows(p.id)).toHaveLength(before);
  });

  it('stores a buyer’s trimmed review as a verified purchase and shows it first, with the average and count recomputed', async () => {
    const p = await productBySlug(t.app, 'damascus-gyuto-210mm');
    const before = await product(p.slug);
    const me = await buyer(p.id);
    const answer = await review(me.headers, {
      product: p.id,
      rating: 1,
      comment: '  Chipped on the first pumpkin.  ',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      product: p.id,
      user: { username: expect.stringMatching(/^buyer/) },
      rating: 1,
      comment: 'Chipped on the first pumpkin.',
      created_at: expect.any(String),
      is_verified_purchase: true,
      incentivised: false,
      is_approved: true,
      shop_reply: null,
    });
    const after = await product(p.slug);
    expect(after.reviews![0]).toEqual(answer.body);
    expect(after.review_count).toBe(before.review_count + 1);
    const ratings = after.reviews!.map((r) => r.rating);
    const average = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
    expect(after.average_rating).toBe(average);
    expect(after.average_rating).toBeLessThan(before.average_rating!);
    // The list shows the same summary.
    const list = await call<components['schemas']['PaginatedProductList']>(
      t.app,
      'GET',
      '/products/products/?page_size=100',
      DEMO,
    );
    expect(list.body.results.find((x) => x.id === p.id)).toMatchObject({
      review_count: after.review_count,
      average_rating: after.average_rating,
    });
  });

  it('answers 409 with a detail for a second review of the same product, and keeps the first', async () => {
    const p = await aProduct();
    const me = await buyer(p.id);
    expect((await review(me.headers, { product: p.id, rating: 4, comment: 'Good' })).status).toBe(
      201,
    );
    expect(
      await review(me.headers, { product: p.id, rating: 1, comment: 'Changed my mind' }),
    ).toEqual(expect.objectContaining({ status: 409, body: DUPLICATE }));
    const rows = await reviewRows(p.id);
    expect(rows.filter((r) => r.user_id === me.id).map((r) => r.comment)).toEqual(['Good']);
    // Another buyer may still review it.
    const other = await buyer(p.id);
    expect(
      (await review(other.headers, { product: p.id, rating: 3, comment: 'Fine' })).status,
    ).toBe(201);
  });

  it('lets exactly one of ten concurrent first reviews by one customer land', async () => {
    const p = await aProduct();
    const me = await buyer(p.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        review(me.headers, { product: p.id, rating: 5, comment: `Try ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect((await reviewRows(p.id)).filter((r) => r.user_id === me.id)).toHaveLength(1);
  });
});

describe('only buyers review (decision 085)', () => {
  it('refuses, with 403 and the shop’s words, a customer who never bought the piece, and writes nothing', async () => {
    const p = await aProduct();
    const before = (await reviewRows(p.id)).length;
    const stranger = await createCustomer(t.app);
    expect(await review(stranger.headers, { product: p.id, rating: 5, comment: 'Lovely' })).toEqual(
      expect.objectContaining({ status: 403, body: NOT_A_BUYER }),
    );
    expect(await reviewRows(p.id)).toHaveLength(before);
  });

  it('refuses a buyer of another piece, an order never paid, a canceled, expired or refunded one; accepts paid, sent and collected ones', async () => {
    const [p, other] = [await aProduct(), await aProduct()];
    const refusedStates: OrderStatus[] = ['awaiting_payment', 'canceled', 'expired', 'refunded'];
    const me = await createCustomer(t.app);
    await orderOf(me, other.id, 'paid');
    for (const status of refusedStates) await orderOf(me, p.id, status);
    expect(await review(me.headers, { product: p.id, rating: 5, comment: 'Nice' })).toEqual(
      expect.objectContaining({ status: 403, body: NOT_A_BUYER }),
    );
    expect((await eligibility(me.headers, p.id)).body).toEqual({
      can_review: false,
      reason: 'not_a_buyer',
      detail: NOT_A_BUYER.detail,
    });
    for (const status of ['processing', 'shipped', 'ready_to_collect', 'completed'] as const) {
      const customer = await createCustomer(t.app);
      await orderOf(customer, p.id, status);
      const answer = await review(customer.headers, { product: p.id, rating: 4, comment: status });
      expect(answer, status).toMatchObject({ status: 201, body: { is_verified_purchase: true } });
    }
  });

  it('refuses a customer whose order placed through the checkout was canceled', async () => {
    const p = await aProduct();
    const me = await createCustomer(t.app);
    const placed = await order(me, p.id);
    // Not paid yet: not a purchase.
    expect((await review(me.headers, { product: p.id, rating: 5, comment: 'A' })).status).toBe(403);
    const canceled = await call(
      t.app,
      'POST',
      `/orders/orders/${placed.id}/cancel/`,
      me.headers,
      {},
    );
    expect(canceled.status).toBe(200);
    expect(await review(me.headers, { product: p.id, rating: 5, comment: 'B' })).toEqual(
      expect.objectContaining({ status: 403, body: NOT_A_BUYER }),
    );
  });

  it('does not let another shop’s customer, nor their paid order, count as a buyer here', async () => {
    const p = await aProduct();
    // A pottery customer's token in the demo shop is refused before any review rule.
    const potter = await createCustomer(t.app, 'demo-pottery');
    const theirs = await review(
      { ...potter.headers, ...DEMO },
      { product: p.id, rating: 5, comment: 'Hi' },
    );
    expect([401, 403]).toContain(theirs.status);
    expect((await reviewRows(p.id)).some((r) => r.user_id === potter.id)).toBe(false);
    // An order in another shop holding this product's id does not make a buyer here.
    const me = await createCustomer(t.app);
    await orderOf(me, p.id, 'paid', 'demo-pottery');
    expect(await review(me.headers, { product: p.id, rating: 5, comment: 'Hi' })).toEqual(
      expect.objectContaining({ status: 403, body: NOT_A_BUYER }),
    );
  });

  it('tells the product page whether the signed-in customer may review, and why not', async () => {
    const p = await aProduct();
    const me = await buyer(p.id);
    expect(await eligibility(me.headers, p.id)).toMatchObject({
      status: 200,
      body: { can_review: true, reason: null, detail: null },
    });
    expect((await review(me.headers, { product: p.id, rating: 5, comment: 'Yes' })).status).toBe(
      201,
    );
    expect((await eligibility(me.headers, p.id)).body).toEqual({
      can_review: false,
      reason: 'already_reviewed',
      detail: DUPLICATE.detail,
    });
    expect((await eligibility(DEMO, p.id)).status).toBe(401);
    const vase = await productBySlug(t.app, 'willow-ash-bud-vase', 'demo-pottery');
    expect(await eligibility(me.headers, vase.id)).toMatchObject({ status: 404, body: NOT_FOUND });
    for (const bad of ['abc', '0', '1e999', 'NaN', '%00']) {
      expect((await eligibility(me.headers, bad)).status, bad).toBe(400);
    }
  });

  it('labels a review the buyer declares incentivised, and shows the label on the product', async () => {
    const p = await aProduct();
    const me = await buyer(p.id);
    const answer = await review(me.headers, {
      product: p.id,
      rating: 4,
      comment: 'Sent to me free to try.',
      incentivised: true,
    });
    expect(answer).toMatchObject({
      status: 201,
      body: { incentivised: true, is_verified_purchase: true },
    });
    const shown = (await product(p.slug)).reviews!.find((r) => r.id === answer.body.id);
    expect(shown).toMatchObject({ incentivised: true, is_verified_purchase: true });
    const other = await buyer(p.id);
    expect(
      (await review(other.headers, { product: p.id, rating: 4, comment: 'x', incentivised: 'yes' }))
        .status,
    ).toBe(400);
  });

  it('keeps older reviews by non-buyers, shown as not verified', async () => {
    const p = await productBySlug(t.app, 'damascus-gyuto-210mm');
    const shown = (await product(p.slug)).reviews!;
    expect(shown.some((r) => r.is_verified_purchase === false)).toBe(true);
  });
});

describe('bad reviews', () => {
  it('refuses ratings outside 1-5 or not whole, and reads "5" as 5 (DRF’s IntegerField)', async () => {
    const p = await aProduct();
    const me = await buyer(p.id);
    const before = (await reviewRows(p.id)).length;
    const cases: [unknown, string][] = [
      [0, 'Ensure this value is greater than or equal to 1.'],
      [6, 'Ensure this value is less than or equal to 5.'],
      [-1, 'Ensure this value is greater than or equal to 1.'],
      [2.5, 'A valid integer is required.'],
      ['five', 'A valid integer is required.'],
      [[5], 'A valid integer is required.'],
      [{ stars: 5 }, 'A valid integer is required.'],
      [1e300, 'Ensure this value is less than or equal to 5.'],
    ];
    for (const [rating, message] of cases) {
      const answer = await review(me.headers, { product: p.id, rating, comment: 'Nice' });
      expect(answer, JSON.stringify(rating)).toMatchObject({
        status: 400,
        body: { rating: [message] },
      });
    }
    for (const raw of ['1e309', '-1e309']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/products/reviews/',
        headers: { ...me.headers, 'content-type': 'application/json' },
        payload: `{"product": ${p.id}, "rating": ${raw}, "comment": "Nice"}`,
      });
      expect(answer.statusCode, raw).toBe(400);
      expect(answer.json()).toHaveProperty('rating');
    }
    const missing = await review(me.headers, { product: p.id, comment: 'Nice' });
    expect(missing).toMatchObject({ status: 400, body: { rating: ['This field is required.'] } });
    expect(await reviewRows(p.id)).toHaveLength(before);
    const asText = await review(me.headers, { product: p.id, rating: '5', comment: 'Nice' });
    expect(asText).toMatchObject({ status: 201, body: { rating: 5 } });
  });

  it('refuses blank, whitespace-only, NUL and overlong comments, writing nothing', async () => {
    const p = await aProduct();
    const me = await buyer(p.id);
    const before = (await reviewRows(p.id)).length;
    for (const comment of ['', '  \n\t  ']) {
      expect(await review(me.headers, { product: p.id, rating: 4, comment })).toMatchObject({
        status: 400,
        body: { comment: ['This field may not be blank.'] },
      });
    }
    expect(
      await review(me.headers, { product: p.id, rating: 4, comment: 'ok\u0000' }),
    ).toMatchObject({ status: 400, body: { comment: ['Null characters are not allowed.'] } });
    expect(
      await review(me.headers, { product: p.id, rating: 4, comment: 'x'.repeat(4001) }),
    ).toMatchObject({
      status: 400,
      body: { comment: ['Ensure this field has no more than 4000 characters.'] },
    });
    expect(await review(me.headers, { product: p.id, rating: 4, comment: ['a'] })).toMatchObject({
      status: 400,
    });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/products/reviews/',
      headers: { ...me.headers, 'content-type': 'text/plain' },
      payload: `product=${p.id}&rating=5&comment=Nice`,
    });
    expect(text.statusCode).toBe(415);
    expect(await reviewRows(p.id)).toHaveLength(before);
  });

  it('answers 404 for another shop’s product, an inactive one and unknown ids', async () => {
    const me = await createCustomer(t.app);
    const vase = await productBySlug(t.app, 'willow-ash-bud-vase', 'demo-pottery');
    const inactive = await productBySlug(t.app, 'damascus-nakiri-prototype');
    const vaseReviews = (await reviewRows(vase.id)).length;
    for (const id of [vase.id, inactive.id, 999_999, 99_999_999_999]) {
      expect(await review(me.headers, { product: id, rating: 5, comment: 'Hi' })).toMatchObject({
        status: 404,
        body: NOT_FOUND,
      });
    }
    expect(await reviewRows(vase.id)).toHaveLength(vaseReviews);
    expect(await reviewRows(inactive.id)).toHaveLength(0);
    // The pottery's own customer who bought the vase may review it.
    const potter = await buyer(vase.id, 'demo-pottery');
    expect(
      (await review(potter.headers, { product: vase.id, rating: 5, comment: 'Hi' })).status,
    ).toBe(201);
    for (const id of ['abc', 0, 1.5]) {
      expect((await review(me.headers, { product: id, rating: 5, comment: 'Hi' })).status).toBe(
        400,
      );
    }
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

  it('shows a new review and its summary at once', async () => {
    const p = await productBySlug(cached.app, 'honesuki-150mm');
    const get = async () =>
      (await call<Product>(cached.app, 'GET', `/products/products/${p.slug}/`, DEMO)).body;
    const list = async () =>
      (
        await call<components['schemas']['PaginatedProductList']>(
          cached.app,
          'GET',
          '/products/products/?page_size=100',
          DEMO,
        )
      ).body.results.find((x) => x.id === p.id)!;
    const before = await get();
    await list();
    const me = await createCustomer(cached.app);
    const tenant = await cached.app.db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', 'demo-handcraft')
      .executeTakeFirstOrThrow();
    const { id: orderId } = await insertOrder(cached.app.db, tenant.id, {
      userId: me.id,
      status: 'paid',
    });
    await cached.app.db
      .updateTable('order_items')
      .set({ product_id: p.id })
      .where('order_id', '=', orderId)
      .execute();
    const answer = await call<Review>(cached.app, 'POST', '/products/reviews/', me.headers, {
      product: p.id,
      rating: 3,
      comment: 'Handy for chicken.',
    });
    expect(answer.status).toBe(201);
    const after = await get();
    expect(after.review_count).toBe(before.review_count + 1);
    expect(after.reviews![0]!.id).toBe(answer.body.id);
    expect((await list()).review_count).toBe(before.review_count + 1);
  });
});
