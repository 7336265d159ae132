/**
 * Honest discounts (Directive 98/6/EC art. 6a) and delivery in the headline price (UK DMCC Act
 * 2024) through the APIs: the storefront's product list and detail send `price_before_discount`
 * only when it is at most the lowest price of the 30 days before the price took effect, the
 * back office's product says why not, every price change is recorded; `delivery_from` quotes
 * the cheapest delivery of each piece to the shop's default country, which the owner sets
 * among the zones' countries. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import type { components } from '../../common/admin-api';
import type { components as storefront } from '../../common/storefront-api';
import { call } from '../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { asTenant, useTestApp } from '../test/test-app.ts';

type AdminProduct = components['schemas']['AdminProduct'];
type Product = storefront['schemas']['Product'];
type Page = storefront['schemas']['PaginatedProductList'];

const SHOP = 'demo-handcraft';
const DAY = 86_400_000;
const t = useTestApp();
let owner: Record<string, string>;
let tenantId: number;
let categoryId: number;

beforeAll(async () => {
  tenantId = await tenantIdOf(t.app.db, SHOP);
  owner = asStaff(
    SHOP,
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'owner' })),
  );
  categoryId = (
    await t.app.db
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('slug', '=', 'ceramics')
      .executeTakeFirstOrThrow()
  ).id;
});

const admin = <T = AdminProduct>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  body?: unknown,
) => call<T>(t.app, method, `/admin${path}`, owner, body);
const shopProduct = async (slug: string) =>
  (await call<Product>(t.app, 'GET', `/products/products/${slug}/`, asTenant(SHOP))).body;
const listed = async (slug: string) => {
  const page = await call<Page>(
    t.app,
    'GET',
    '/products/products/?page_size=100&ordering=-created_at',
    asTenant(SHOP),
  );
  return page.body.results.find((p) => p.slug === slug);
};

/** Moves every recorded price of the product `days` into the past, as if time had passed. */
async function age(productId: number, days: number) {
  const rows = await t.app.db
    .selectFrom('product_prices')
    .select(['id', 'effective_from'])
    .where('product_id', '=', productId)
    .execute();
  for (const row of rows) {
    const moved = new Date(new Date(row.effective_from).getTime() - days * DAY);
    await t.app.db
      .updateTable('product_prices')
      .set({ effective_from: moved.toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
}

let made = 0;
async function newProduct(price: string, before: string | null) {
  made++;
  const created = await admin('POST', '/products/', {
    name: `Honest test bowl ${made}`,
    category_id: categoryId,
    price,
    price_before_discount: before,
    status: 'active',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe('honest discounts', () => {
  it('shows no discount for a new product: no earlier price recorded', async () => {
    const bowl = await newProduct('80.00', '100.00');
    expect(bowl.discount).toEqual({
      shown: false,
      lowest_price_30_days: null,
      reason:
        'The shop shows no discount: no earlier price recorded in the 30 days before this price.',
    });
    expect((await shopProduct(bowl.slug)).price_before_discount).toBeNull();
    expect((await listed(bowl.slug))?.price_before_discount).toBeNull();
  });

  it('shows it exactly at the lowest prior price, not a cent above; records each price', async () => {
    const bowl = await newProduct('100.00', null);
    await age(bowl.id, 40);
    const lowered = await admin('PATCH', `/products/${bowl.id}/`, {
      price: '80.00',
      price_before_discount: '100.00',
    });
    expect(lowered.body.discount).toEqual({
      shown: true,
      lowest_price_30_days: '100.00',
      reason: null,
    });
    expect((await shopProduct(bowl.slug)).price_before_discount).toBe('100.00');
    expect((await listed(bowl.slug))?.price_before_discount).toBe('100.00');

    const above = await admin('PATCH', `/products/${bowl.id}/`, {
      price_before_discount: '100.01',
    });
    expect(above.body.discount).toEqual({
      shown: false,
      lowest_price_30_days: '100.00',
      reason:
        'The shop shows no discount: the price before discount ($100.01) is above the lowest price of the 30 days before this price ($100.00).',
    });
    expect((await shopProduct(bowl.slug)).price_before_discount).toBeNull();
    expect((await listed(bowl.slug))?.price_before_discount).toBeNull();

    const history = await t.app.db
      .selectFrom('product_prices')
      .select('price_cents')
      .where('product_id', '=', bowl.id)
      .orderBy('effective_from')
      .orderBy('id')
      .execute();
    // Changing only the price before discount records no price.
    expect(history.map((r) => r.price_cents)).toEqual([10000, 8000]);
  });

  it('sees through a price raised and then lowered', async () => {
    const bowl = await newProduct('100.00', null);
    await age(bowl.id, 60);
    await admin('PATCH', `/products/${bowl.id}/`, { price: '150.00' });
    await age(bowl.id, 10);
    const lowered = await admin('PATCH', `/products/${bowl.id}/`, {
      price: '120.00',
      price_before_discount: '150.00',
    });
    expect(lowered.body.discount).toMatchObject({ shown: false, lowest_price_30_days: '100.00' });
    expect(lowered.body.discount.reason).toContain('($150.00)');
    expect((await shopProduct(bowl.slug)).price_before_discount).toBeNull();
  });

  it("keeps the demo's discounts honest, and its one dishonest discount hidden", async () => {
    expect((await shopProduct('damascus-gyuto-210mm')).price_before_discount).toBe('420.00');
    const jar = await shopProduct('ash-glazed-moon-jar');
    expect(jar.price).toBe('340.00');
    expect(jar.price_before_discount).toBeNull();
    const row = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('slug', '=', 'ash-glazed-moon-jar')
      .executeTakeFirstOrThrow();
    const inOffice = await admin('GET', `/products/${row.id}/`);
    expect(inOffice.body.discount).toEqual({
      shown: false,
      lowest_price_30_days: '300.00',
      reason:
        'The shop shows no discount: the price before discount ($420.00) is above the lowest price of the 30 days before this price ($300.00).',
    });
  });
});

describe('delivery from', () => {
  it('quotes a knife by age-verified delivery, a print by standard, a dear piece free', async () => {
    expect((await shopProduct('damascus-gyuto-210mm')).delivery_from).toBe('9.50');
    expect((await listed('damascus-gyuto-210mm'))?.delivery_from).toBe('9.50');
    expect((await shopProduct('upland-pasture-giclee-print')).delivery_from).toBe('6.50');
    // $340.00 reaches Royal Mail's free-over amount ($150.00).
    expect((await shopProduct('ash-glazed-moon-jar')).delivery_from).toBe('0.00');
  });

  it("follows the owner's default country; refuses one no zone ships to", async () => {
    const workshop = (await admin<Record<string, unknown>>('GET', '/settings/workshop/')).body;
    expect(workshop.default_country).toBeNull();
    const refused = await admin('PUT', '/settings/workshop/', {
      ...workshop,
      default_country: 'JP',
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { default_country: ['Choose a country one of your shipping zones ships to.'] },
    });
    const saved = await admin('PUT', '/settings/workshop/', { ...workshop, default_country: 'US' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ default_country: 'US' });
    // The US zone takes no age-restricted piece: the knife has no delivery there.
    expect((await shopProduct('damascus-gyuto-210mm')).delivery_from).toBeNull();
    expect((await shopProduct('upland-pasture-giclee-print')).delivery_from).toBe('28.00');
    // Sent without the field, the country stays.
    const { default_country: _omitted, ...rest } = workshop;
    void _omitted;
    expect((await admin('PUT', '/settings/workshop/', rest)).body).toMatchObject({
      default_country: 'US',
    });
    await admin('PUT', '/settings/workshop/', { ...workshop, default_country: null });
    expect((await shopProduct('damascus-gyuto-210mm')).delivery_from).toBe('9.50');
  });

  it('is null with no shipping zone (collection only)', async () => {
    const other = await tenantIdOf(t.app.db, 'demo-pottery');
    await t.app.db
      .deleteFrom('shipping_methods')
      .where('tenant_id', '=', other)
      .where('zone_id', 'is not', null)
      .execute();
    await t.app.db.deleteFrom('shipping_zones').where('tenant_id', '=', other).execute();
    const page = await call<Page>(t.app, 'GET', '/products/products/', asTenant('demo-pottery'));
    expect(page.body.results.length).toBeGreaterThan(0);
    expect(page.body.results.every((p) => p.delivery_from === null)).toBe(true);
  });
});
