/**
 * A sale starts and ends by itself (issue 42, decision 089): the catalogue's cached answers and
 * the server-rendered pages, though kept ten minutes here, never show a sale before it starts
 * nor after it ends: they go at the moment one does (catalog-cache.ts `expireAt`). The page's
 * HTML and its JSON-LD offer carry the reduced price while it runs. The clock is moved (only
 * `Date`), so nothing waits.
 */
import type { components as storefront } from '../../common/storefront-api';
import { call } from '../test/shop.ts';
import { tenantIdOf } from '../test/staff.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';
import { HTML, jsonLd, loadSource, useFakeDist } from '../test/pages.ts';

type Product = storefront['schemas']['Product'];

const SHOP = 'demo-handcraft';
const SLUG = 'tenmoku-tea-mug';
const dist = useFakeDist();
let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp(
    {
      serveSpa: true,
      distDir: dist.path,
      storefrontUrl: 'http://shop.example',
      catalogCacheTtlMs: 600_000,
      pageCacheTtlMs: 600_000,
    },
    { loadRenderer: loadSource },
  );
  tenantId = await tenantIdOf(t.app.db, SHOP);
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const product = async () =>
  (await call<Product>(t.app, 'GET', `/products/products/${SLUG}/`, asTenant(SHOP))).body;
const page = async () =>
  (await t.app.inject({ method: 'GET', url: `/products/${SLUG}`, headers: HTML })).body;
/** The page's JSON-LD offer of the product. */
const offerOf = (html: string) =>
  (jsonLd(html).find((ld) => ld['@type'] === 'Product')?.offers ?? {}) as Record<string, unknown>;

describe('a sale that starts and ends while answers are cached', () => {
  it('shows the reduced price from its start to its end, and the full price either side', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(start);
    const mug = await t.app.db
      .selectFrom('products')
      .select(['id', 'category_id', 'price_cents'])
      .where('tenant_id', '=', tenantId)
      .where('slug', '=', SLUG)
      .executeTakeFirstOrThrow();
    expect(mug.price_cents).toBe(4500);
    // As the back office writes one: the sale, then the shop's caches forgotten.
    const sale = await t.app.db
      .insertInto('sales')
      .values({
        tenant_id: tenantId,
        name: 'Half-minute sale',
        percent: 20,
        category_id: mug.category_id,
        starts_at: new Date(start + 30_000).toISOString(),
        ends_at: new Date(start + 90_000).toISOString(),
        created_at: new Date(start).toISOString(),
        updated_at: new Date(start).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    t.app.catalogCache.invalidate(tenantId);

    expect(await product()).toMatchObject({ price: '45.00', sale: null });
    const before = await page();
    expect(offerOf(before)).toMatchObject({ price: '45.00' });

    vi.setSystemTime(start + 31_000);
    expect(await product()).toMatchObject({
      price: '36.00',
      price_before_discount: '45.00',
      sale: { percent: 20, ends_at: new Date(start + 90_000).toISOString() },
    });
    const during = await page();
    expect(offerOf(during)).toMatchObject({ price: '36.00' });
    expect(during).toContain('36.00');

    vi.setSystemTime(start + 91_000);
    expect(await product()).toMatchObject({ price: '45.00', sale: null });
    expect(offerOf(await page())).toMatchObject({ price: '45.00' });
    await t.app.db.deleteFrom('sales').where('id', '=', sale.id).execute();
  });
});
