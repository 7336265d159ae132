import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';
import { CatalogCache } from './catalog-cache.ts';

describe('CatalogCache', () => {
  it('loads once per key within the TTL, even for concurrent misses, and not across tenants', async () => {
    const cache = new CatalogCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.remember(1, 'k', load), cache.remember(1, 'k', load)]);
    expect([a, b]).toEqual([1, 1]);
    expect(await cache.remember(2, 'k', load)).toBe(2);
    cache.invalidate(1);
    expect(await cache.remember(1, 'k', load)).toBe(3);
  });

  it('does not keep failures, and does nothing with a TTL of 0', async () => {
    const cache = new CatalogCache(60_000);
    await expect(
      cache.remember(1, 'k', () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down');
    expect(await cache.remember(1, 'k', async () => 'ok')).toBe('ok');
    const off = new CatalogCache(0);
    let loads = 0;
    await off.remember(1, 'k', async () => ++loads);
    await off.remember(1, 'k', async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('catalogue answers with the cache on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ catalogCacheTtlMs: 60_000 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('show a change only after the writer invalidates the tenant', async () => {
    const url = '/api/products/products/?page_size=100';
    const headers = asTenant('demo-handcraft');
    const before = (await t.app.inject({ url, headers })).json<{
      count: number;
      results: { slug: string }[];
    }>();
    const slug = before.results[0]!.slug;
    await t.app.db.updateTable('products').set({ stock: 0 }).where('slug', '=', slug).execute();

    const detailUrl = `/api/products/products/${slug}/`;
    expect((await t.app.inject({ url, headers })).json()).toEqual(before);
    const { id } = await t.app.db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', 'demo-handcraft')
      .executeTakeFirstOrThrow();
    t.app.catalogCache.invalidate(id);
    const after = (await t.app.inject({ url, headers })).json<{
      results: { slug: string; stock: number }[];
    }>();
    expect(after.results.find((p) => p.slug === slug)!.stock).toBe(0);
    expect((await t.app.inject({ url: detailUrl, headers })).json()).toMatchObject({ stock: 0 });
  });
});
