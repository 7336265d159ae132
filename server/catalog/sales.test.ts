/**
 * Sales (issue 42, decision 089) through the APIs: an owner schedules, changes and ends a sale in
 * the back office (each change in the activity log, each refusal with its words); while it runs,
 * the product's price is the reduced one in the list, the page, the suggestions, the cart, the
 * shipping quote and the order (which keeps the sale's id), and the "was" price is the lowest of
 * the 30 days before the sale started, only when the reduced price is below it (Directive
 * 98/6/EC art. 6a). On SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import type { components } from '../../common/admin-api';
import type { components as storefront } from '../../common/storefront-api';
import { ADDRESS, call, createCustomer, postOrder, quoteShipping } from '../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { QueryCounter } from '../test/query-counter.ts';
import { asTenant, createTestApp, type TestApp, useTestApp } from '../test/test-app.ts';
import { lowestBeforeSale, salePrice } from './sales.ts';

type AdminSale = components['schemas']['AdminSale'];
type AdminProduct = components['schemas']['AdminProduct'];
type Product = storefront['schemas']['Product'];
type Page = storefront['schemas']['PaginatedProductList'];
type Cart = storefront['schemas']['Cart'];

const SHOP = 'demo-handcraft';
const DAY = 86_400_000;
const HOUR = 3_600_000;
const t = useTestApp();
let owner: Record<string, string>;
let staff: Record<string, string>;
let tenantId: number;
let otherCategoryId: number;

beforeAll(async () => {
  tenantId = await tenantIdOf(t.app.db, SHOP);
  owner = asStaff(
    SHOP,
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'owner' })),
  );
  staff = asStaff(
    SHOP,
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'staff' })),
  );
  const pottery = await tenantIdOf(t.app.db, 'demo-pottery');
  otherCategoryId = (
    await t.app.db
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', pottery)
      .executeTakeFirstOrThrow()
  ).id;
});

const admin = <T = AdminSale>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
  call<T>(t.app, method, `/admin${path}`, owner, body);
const shopProduct = async (slug: string) =>
  (await call<Product>(t.app, 'GET', `/products/products/${slug}/`, asTenant(SHOP))).body;
const listed = async (category: string, slug: string) => {
  const page = await call<Page>(
    t.app,
    'GET',
    `/products/products/?category__slug=${category}&page_size=100`,
    asTenant(SHOP),
  );
  return page.body.results.find((p) => p.slug === slug);
};

let made = 0;
/** A new category of the shop, its id and slug. */
async function newCategory() {
  made++;
  const created = await call<{ id: number; slug: string }>(
    t.app,
    'POST',
    '/admin/categories/',
    owner,
    { name: `Sale test shelf ${made}` },
  );
  expect(created.status).toBe(201);
  return created.body;
}

/** A new active product at `price` in `categoryId`, with its price history moved back. */
async function newProduct(categoryId: number, price: string) {
  made++;
  const created = await call<AdminProduct>(t.app, 'POST', '/admin/products/', owner, {
    name: `Sale test cup ${made}`,
    category_id: categoryId,
    price,
    stock: 10,
    status: 'active',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** Replaces the product's price history with `points` (price, days ago) and sets its price. */
async function history(productId: number, points: [string, number][]) {
  await t.app.db.deleteFrom('product_prices').where('product_id', '=', productId).execute();
  const now = Date.now();
  for (const [price, daysAgo] of points) {
    await t.app.db
      .insertInto('product_prices')
      .values({
        tenant_id: tenantId,
        product_id: productId,
        price_cents: Math.round(Number(price) * 100),
        effective_from: new Date(now - daysAgo * DAY).toISOString(),
      })
      .execute();
  }
  const last = points.at(-1)!;
  await t.app.db
    .updateTable('products')
    .set({ price_cents: Math.round(Number(last[0]) * 100) })
    .where('id', '=', productId)
    .execute();
}

/** A sale running from an hour ago for a day (or as `times` say). */
const running = (fields: Record<string, unknown>) => ({
  name: 'Weekend sale',
  starts_at: new Date(Date.now() - HOUR).toISOString(),
  ends_at: new Date(Date.now() + DAY).toISOString(),
  ...fields,
});

describe('the sale price', () => {
  it('is rounded half up to the cent, per unit', () => {
    expect(salePrice(1005, 10)).toBe(905); // 904.5
    expect(salePrice(1004, 10)).toBe(904); // 903.6
    expect(salePrice(999, 15)).toBe(849); // 849.15
    expect(salePrice(10000, 90)).toBe(1000);
  });

  it('shows as the earlier price the lowest of the 30 days before the sale started', () => {
    const start = new Date('2026-12-05T00:00:00Z');
    const at = (daysBefore: number) => new Date(start.getTime() - daysBefore * DAY);
    // Raised ten days before: the lower price of the window counts.
    expect(
      lowestBeforeSale(
        [
          { priceCents: 8000, from: at(40) },
          { priceCents: 10000, from: at(10) },
        ],
        start,
      ),
    ).toBe(8000);
    // Lowered 31 days before: only the price in effect in the window counts.
    expect(
      lowestBeforeSale(
        [
          { priceCents: 5000, from: at(60) },
          { priceCents: 9000, from: at(31) },
        ],
        start,
      ),
    ).toBe(9000);
    // A price taking effect after the start is not "before".
    expect(
      lowestBeforeSale(
        [
          { priceCents: 9000, from: at(40) },
          { priceCents: 4000, from: new Date(start.getTime() + HOUR) },
        ],
        start,
      ),
    ).toBe(9000);
    expect(
      lowestBeforeSale([{ priceCents: 9000, from: new Date(start.getTime() + 1) }], start),
    ).toBe(null);
  });
});

describe('a sale on the storefront', () => {
  it('reduces a category’s products in the list and the page, with the 30 days’ lowest as the earlier price', async () => {
    const shelf = await newCategory();
    const cup = await newProduct(shelf.id, '100.00');
    await history(cup.id, [['100.00', 40]]);
    const other = await newProduct((await newCategory()).id, '100.00');
    const created = await admin(
      'POST',
      '/promotions/sales/',
      running({ percent: 20, category_id: shelf.id }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      percent: 20,
      category: { id: shelf.id, name: expect.any(String) },
      products: [],
      status: 'running',
    });
    const page = await shopProduct(cup.slug);
    expect(page.price).toBe('80.00');
    expect(page.price_before_discount).toBe('100.00');
    expect(page.sale).toEqual({ percent: 20, ends_at: created.body.ends_at });
    const card = await listed(shelf.slug, cup.slug);
    expect(card).toMatchObject({ price: '80.00', price_before_discount: '100.00' });
    // Another category's product keeps its price.
    const full = await shopProduct(other.slug);
    expect(full.price).toBe('100.00');
    expect(full.sale ?? null).toBeNull();
  });

  it('shows the lowest price when it was raised within the 30 days, and no earlier price when the sale price is not below it', async () => {
    const shelf = await newCategory();
    const raised = await newProduct(shelf.id, '100.00');
    await history(raised.id, [
      ['80.00', 40],
      ['100.00', 10],
    ]);
    const deeper = await newProduct(shelf.id, '100.00');
    await history(deeper.id, [
      ['80.00', 40],
      ['100.00', 10],
    ]);
    expect(
      (
        await admin(
          'POST',
          '/promotions/sales/',
          running({ percent: 10, product_ids: [raised.id] }),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await admin(
          'POST',
          '/promotions/sales/',
          running({ percent: 25, product_ids: [deeper.id] }),
        )
      ).status,
    ).toBe(201);
    // 90.00 is not below the 30 days' lowest, 80.00: no earlier price.
    expect(await shopProduct(raised.slug)).toMatchObject({
      price: '90.00',
      price_before_discount: null,
      sale: { percent: 10 },
    });
    // 75.00 is: the earlier price is 80.00, not the 100.00 of the day before the sale.
    expect(await shopProduct(deeper.slug)).toMatchObject({
      price: '75.00',
      price_before_discount: '80.00',
    });
    expect(await listed(shelf.slug, deeper.slug)).toMatchObject({
      price: '75.00',
      price_before_discount: '80.00',
    });
  });

  it('takes the larger percent when two running sales cover a product, and none before it starts or after it ends', async () => {
    const shelf = await newCategory();
    const cup = await newProduct(shelf.id, '50.00');
    await history(cup.id, [['50.00', 40]]);
    await admin('POST', '/promotions/sales/', running({ percent: 10, category_id: shelf.id }));
    await admin(
      'POST',
      '/promotions/sales/',
      running({ name: 'Cup week', percent: 30, product_ids: [cup.id] }),
    );
    expect((await shopProduct(cup.slug)).price).toBe('35.00');

    const later = await newProduct(shelf.id, '40.00');
    const soon = await newCategory();
    const waiting = await newProduct(soon.id, '40.00');
    const scheduled = await admin('POST', '/promotions/sales/', {
      name: 'Next week',
      percent: 50,
      category_id: soon.id,
      starts_at: new Date(Date.now() + DAY).toISOString(),
      ends_at: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    expect(scheduled.body.status).toBe('scheduled');
    expect((await shopProduct(waiting.slug)).price).toBe('40.00');
    // The category sale covers a product added to it after the sale was made.
    expect((await shopProduct(later.slug)).price).toBe('36.00');

    const suggested = await call<{ slug: string; price: string }[]>(
      t.app,
      'GET',
      `/products/suggestions/?q=${encodeURIComponent(cup.name)}`,
      asTenant(SHOP),
    );
    expect(suggested.body.find((s) => s.slug === cup.slug)?.price).toBe('35.00');
  });

  it('filters and orders the list by the price its cards show: the sale price while a sale runs', async () => {
    const shelf = await newCategory();
    const knife = await newProduct(shelf.id, '300.00');
    const bowl = await newProduct(shelf.id, '280.00');
    const spoon = await newProduct(shelf.id, '275.00');
    const list = async (query: string) =>
      (
        await call<Page>(
          t.app,
          'GET',
          `/products/products/?category__slug=${shelf.slug}&${query}`,
          asTenant(SHOP),
        )
      ).body.results.map((p) => [p.slug, p.price]);
    // Before any sale: the list prices.
    expect(await list('ordering=price')).toEqual([
      [spoon.slug, '275.00'],
      [bowl.slug, '280.00'],
      [knife.slug, '300.00'],
    ]);
    // 10 % off the shelf, and 30 % off the knife alone: the larger percent wins.
    await admin('POST', '/promotions/sales/', running({ percent: 10, category_id: shelf.id }));
    await admin(
      'POST',
      '/promotions/sales/',
      running({ name: 'Knife week', percent: 30, product_ids: [knife.id] }),
    );
    expect(await list('ordering=price')).toEqual([
      [knife.slug, '210.00'],
      [spoon.slug, '247.50'],
      [bowl.slug, '252.00'],
    ]);
    expect(await list('ordering=-price')).toEqual([
      [bowl.slug, '252.00'],
      [spoon.slug, '247.50'],
      [knife.slug, '210.00'],
    ]);
    // "Up to 250" finds the pieces the sale brought under it, and "from 251" leaves them out.
    expect(await list('max_price=250&ordering=price')).toEqual([
      [knife.slug, '210.00'],
      [spoon.slug, '247.50'],
    ]);
    expect(await list('min_price=251')).toEqual([[bowl.slug, '252.00']]);
    expect(await list('min_price=247.50&max_price=247.50')).toEqual([[spoon.slug, '247.50']]);
  });

  it('prices the cart, the shipping quote and the order at the sale price, and the order line keeps the sale', async () => {
    const shelf = await newCategory();
    const cup = await newProduct(shelf.id, '10.05');
    const sale = await admin(
      'POST',
      '/promotions/sales/',
      running({ percent: 10, category_id: shelf.id }),
    );
    const me = await createCustomer(t.app);
    const added = await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: cup.id,
      quantity: 3,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = await call<Cart>(t.app, 'GET', '/orders/cart/', me.headers);
    // 10.05 less 10% is 9.045: 9.05 a unit, rounded half up, times three.
    expect(cart.body.items[0]).toMatchObject({
      unit_price: '9.05',
      line_total: '27.15',
      product: { price: '9.05' },
    });
    expect(cart.body.total_price).toBe('27.15');
    const quote = await quoteShipping(t.app, me, 'GB');
    expect(quote.status).toBe(200);
    const placed = await postOrder<{ order_number: string; total_price: string }>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.total_price).toBe(quote.body.total_price);
    const line = await t.app.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.unit_price_cents', 'i.line_total_cents', 'i.sale_id'])
      .where('o.order_number', '=', placed.body.order_number)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ unit_price_cents: 905, line_total_cents: 2715, sale_id: sale.body.id });

    // Once the sale has ended, the same cart is at full price and a line keeps no sale.
    expect((await admin('POST', `/promotions/sales/${sale.body.id}/end/`)).status).toBe(200);
    await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: cup.id,
      quantity: 1,
    });
    const after = await call<Cart>(t.app, 'GET', '/orders/cart/', me.headers);
    expect(after.body.items[0]).toMatchObject({ unit_price: '10.05', product: { price: '10.05' } });
  });
});

describe('sales in the back office', () => {
  it('lists, changes and ends a sale, each change in the activity log', async () => {
    const shelf = await newCategory();
    const cup = await newProduct(shelf.id, '30.00');
    const created = await admin('POST', '/promotions/sales/', {
      name: '  Spring sale ',
      percent: 15,
      product_ids: [cup.id, cup.id],
      starts_at: new Date(Date.now() + DAY).toISOString(),
      ends_at: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Spring sale',
      category: null,
      products: [{ id: cup.id, name: cup.name }],
      status: 'scheduled',
    });
    const id = created.body.id;
    const list = await admin<AdminSale[]>('GET', '/promotions/sales/');
    expect(list.body.find((s) => s.id === id)).toEqual(created.body);
    expect((await admin('GET', `/promotions/sales/${id}/`)).body).toEqual(created.body);

    const changed = await admin('PATCH', `/promotions/sales/${id}/`, {
      percent: 25,
      category_id: shelf.id,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ percent: 25, category: { id: shelf.id } });

    const ended = await admin('POST', `/promotions/sales/${id}/end/`);
    expect(ended.status).toBe(200);
    expect(ended.body.status).toBe('ended');
    expect((await shopProduct(cup.slug)).price).toBe('30.00');
    // An ended sale can no longer change.
    const again = await admin('POST', `/promotions/sales/${id}/end/`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'This sale has ended and can no longer be changed.' });
    expect((await admin('PATCH', `/promotions/sales/${id}/`, { percent: 5 })).status).toBe(409);

    const log = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'object_type', 'object_id', 'before', 'after'])
      .where('tenant_id', '=', tenantId)
      .where('object_type', '=', 'sale')
      .where('object_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.action)).toEqual(['sale.create', 'sale.update', 'sale.end']);
    const update = log[1]!;
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parse(update.before)).toMatchObject({ percent: 15, category_id: null });
    expect(parse(update.after)).toMatchObject({ percent: 25, category_id: shelf.id });
  });

  it('refuses what is wrong, each with its words', async () => {
    const shelf = await newCategory();
    const refused = async (body: unknown) => {
      const answer = await admin('POST', '/promotions/sales/', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body as unknown;
    };
    expect(
      await refused(
        running({
          percent: 10,
          category_id: shelf.id,
          ends_at: new Date(Date.now() - DAY).toISOString(),
        }),
      ),
    ).toEqual({ ends_at: ['The end must be after the start.'] });
    expect(await refused(running({ percent: 10 }))).toEqual({
      product_ids: ['Choose a category or at least one product.'],
    });
    expect(await refused(running({ percent: 10, category_id: otherCategoryId }))).toEqual({
      category_id: ['Choose one of the shop’s categories.'],
    });
    const theirs = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '!=', tenantId)
      .executeTakeFirstOrThrow();
    expect(await refused(running({ percent: 10, product_ids: [theirs.id] }))).toEqual({
      product_ids: ['Choose products of the shop.'],
    });
    expect(await refused(running({ name: '   ', percent: 10, category_id: shelf.id }))).toEqual({
      name: ['This field may not be blank.'],
    });
    // The contract refuses a percent out of range, a huge id and a stray field.
    await refused(running({ percent: 95, category_id: shelf.id }));
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions/sales/',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: JSON.stringify(running({ category_id: shelf.id })).replace(
        '{',
        '{"percent": 1e999,',
      ),
    });
    expect(huge.statusCode).toBe(400);
    await refused(running({ percent: 10, category_id: 2 ** 31 }));
    await refused(running({ percent: 10, category_id: shelf.id, code: 'X' }));
    expect(
      await refused(running({ name: 'a\u0000b', percent: 10, category_id: shelf.id })),
    ).toEqual({
      name: ['Enter text without control characters.'],
    });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions/sales/',
      headers: { ...owner, 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect((await admin('GET', `/promotions/sales/${2 ** 31}/`)).status).toBe(400);
    expect((await admin('GET', '/promotions/sales/999999/')).status).toBe(404);
  });

  it('keeps each shop’s sales its own, and is the owner’s alone', async () => {
    const shelf = await newCategory();
    const mine = await admin(
      'POST',
      '/promotions/sales/',
      running({ percent: 10, category_id: shelf.id }),
    );
    const pottery = await tenantIdOf(t.app.db, 'demo-pottery');
    const theirOwner = asStaff(
      'demo-pottery',
      await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId: pottery, role: 'owner' })),
    );
    const seen = await call(t.app, 'GET', `/admin/promotions/sales/${mine.body.id}/`, theirOwner);
    expect(seen.status).toBe(404);
    const ended = await call(
      t.app,
      'POST',
      `/admin/promotions/sales/${mine.body.id}/end/`,
      theirOwner,
    );
    expect(ended.status).toBe(404);
    const listed = await call<AdminSale[]>(t.app, 'GET', '/admin/promotions/sales/', theirOwner);
    expect(listed.body.some((s) => s.id === mine.body.id)).toBe(false);

    const byStaff = await call(t.app, 'GET', '/admin/promotions/sales/', staff);
    expect(byStaff.status).toBe(403);
    const made = await call(
      t.app,
      'POST',
      '/admin/promotions/sales/',
      staff,
      running({ percent: 10, category_id: shelf.id }),
    );
    expect(made.status).toBe(403);
  });
});

describe('sales at scale', () => {
  const queries = new QueryCounter();
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ catalogCacheTtlMs: 60_000 }, { plugins: [queries] });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('reads the shop’s sales once, and one batch of price history a page, whatever its size', async () => {
    const shop = await tenantIdOf(cached.app.db, SHOP);
    const categories = await cached.app.db
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', shop)
      .execute();
    for (const category of categories) {
      await cached.app.db
        .insertInto('sales')
        .values({
          tenant_id: shop,
          name: 'Everything',
          percent: 10,
          category_id: category.id,
          starts_at: new Date(Date.now() - HOUR).toISOString(),
          ends_at: new Date(Date.now() + DAY).toISOString(),
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
    }
    cached.app.catalogCache.invalidate(shop);
    const list = async (query: string) => {
      queries.reset();
      const answer = await cached.app.inject({
        method: 'GET',
        url: `/api/products/products/?${query}`,
        headers: asTenant(SHOP),
      });
      expect(answer.statusCode).toBe(200);
      const page = JSON.parse(answer.body) as Page;
      expect(page.results.length).toBeGreaterThan(1);
      expect(page.results.every((p) => p.sale?.percent === 10)).toBe(true);
      return { sales: queries.touching('sales'), history: queries.touching('product_prices') };
    };
    expect(await list('page_size=2')).toEqual({ sales: 1, history: 1 });
    // The sales are kept for the shop: another page reads only its rows' history.
    expect(await list('page_size=100')).toEqual({ sales: 0, history: 1 });
    expect(await list('page_size=50&ordering=name')).toEqual({ sales: 0, history: 1 });
  });
});
