import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';
import { CatalogCache } from './catalog-cache.ts';

describe('CatalogCache', () => {
  it("keeps a shop's table until that shop's next invalidation; loads it each time when off", async () => {
    const cache = new CatalogCache({ ttlMs: 1000 });
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    expect(await cache.shopTable(1, 'delivery table', load)).toEqual({ loads: 1 });
    expect(await cache.shopTable(1, 'delivery table', load)).toEqual({ loads: 1 });
    expect(await cache.shopTable(2, 'delivery table', load)).toEqual({ loads: 2 });
    cache.invalidateProducts(1, ['oak-bowl']);
    expect(await cache.shopTable(1, 'delivery table', load)).toEqual({ loads: 1 });
    cache.invalidate(1);
    expect(await cache.shopTable(1, 'delivery table', load)).toEqual({ loads: 3 });
    expect(await cache.shopTable(2, 'delivery table', load)).toEqual({ loads: 2 });
    const off = new CatalogCache({ ttlMs: 0 });
    await off.shopTable(1, 'delivery table', load);
    expect(await off.shopTable(1, 'delivery table', load)).toEqual({ loads: 5 });
  });

  it('loads once per key within the TTL, even for concurrent misses, and not across tenants', async () => {
    const cache = new CatalogCache({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => Buffer.from(String(++loads));
    const [a, b] = await Promise.all([cache.remember(1, 'k', load), cache.remember(1, 'k', load)]);
    expect([String(a), String(b)]).toEqual(['1', '1']);
    expect(String(await cache.remember(2, 'k', load))).toBe('2');
    cache.invalidate(1);
    expect(String(await cache.remember(1, 'k', load))).toBe('3');
    expect(String(await cache.remember(2, 'k', load))).toBe('2');
  });

  it('does not keep failures, and does nothing with a TTL of 0', async () => {
    const cache = new CatalogCache({ ttlMs: 60_000 });
    await expect(
      cache.remember(1, 'k', () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down');
    expect(String(await cache.remember(1, 'k', async () => Buffer.from('ok')))).toBe('ok');
    const off = new CatalogCache({ ttlMs: 0 });
    let loads = 0;
    await off.remember(1, 'k', async () => Buffer.from(String(++loads)));
    await off.remember(1, 'k', async () => Buffer.from(String(++loads)));
    expect(loads).toBe(2);
  });

  it('is bounded: the least recently used entries go first, the hot one stays', async () => {
    const cache = new CatalogCache({ ttlMs: 60_000, maxEntries: 10 });
    await cache.remember(1, 'hot', async () => Buffer.from('hot'));
    for (let i = 0; i < 100; i++) {
      await cache.remember(1, `cold ${i}`, async () => Buffer.from('cold'));
      await cache.remember(1, 'hot', async () => Buffer.from('reloaded'));
    }
    expect(cache.size).toBe(10);
    expect(String(await cache.remember(1, 'hot', async () => Buffer.from('reloaded')))).toBe('hot');
  });

  it('keeps a list’s count apart from the answers, until the catalogue or a stock changes', async () => {
    const cache = new CatalogCache({ ttlMs: 0, countTtlMs: 60_000 });
    let counted = 0;
    const count = async () => 100_000 + ++counted;
    expect(await cache.count(1, 'is_active=true', count)).toBe(100_001);
    expect(await cache.count(1, 'is_active=true', count)).toBe(100_001);
    expect(await cache.count(2, 'is_active=true', count)).toBe(100_002);
    cache.invalidateProducts(1, ['sold']);
    expect(await cache.count(1, 'is_active=true', count)).toBe(100_003);
    cache.invalidate(1);
    expect(await cache.count(1, 'is_active=true', count)).toBe(100_004);
    // The other shop's count stayed.
    expect(await cache.count(2, 'is_active=true', count)).toBe(100_002);
    const off = new CatalogCache({ ttlMs: 60_000 });
    await off.count(1, 'k', count);
    await off.count(1, 'k', count);
    expect(counted).toBe(6);
  });

  it('is bounded by the size of the JSON it holds', async () => {
    const cache = new CatalogCache({ ttlMs: 60_000, maxBytes: 1000 });
    for (let i = 0; i < 20; i++)
      await cache.remember(1, `k${i}`, async () => Buffer.from('x'.repeat(100)));
    expect(cache.size).toBeLessThanOrEqual(10);
  });

  it('forgets, for a change of stock, only those products’ answers and the lists', async () => {
    const cache = new CatalogCache({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => Buffer.from(String(++loads));
    const keys = ['product sold', 'product other', 'list page=1', 'list page=2', 'categories'];
    for (const key of keys) await cache.remember(1, key, load);
    await cache.remember(2, 'product sold', load);
    const heard: unknown[] = [];
    cache.onInvalidate((tenantId, slugs) => heard.push([tenantId, slugs]));
    cache.invalidateProducts(1, ['sold']);
    expect(heard).toEqual([[1, ['sold']]]);
    const again = await Promise.all(keys.map((key) => cache.remember(1, key, load)));
    // Reloaded: the sold product and both lists. Kept: the other product and the categories.
    expect(again.map(String)).toEqual(['7', '2', '8', '9', '5']);
    expect(String(await cache.remember(2, 'product sold', load))).toBe('6');
  });

  it('does not keep a product’s answer loaded before its stock changed', async () => {
    const cache = new CatalogCache({ ttlMs: 60_000 });
    let release!: () => void;
    const slow = cache.remember(
      1,
      'product sold',
      () => new Promise<Buffer>((r) => (release = () => r(Buffer.from('old')))),
    );
    cache.invalidateProducts(1, ['sold']);
    release();
    expect(String(await slow)).toBe('old');
    expect(String(await cache.remember(1, 'product sold', async () => Buffer.from('new')))).toBe(
      'new',
    );
  });

  it('does not keep an answer loaded before an invalidation', async () => {
    const cache = new CatalogCache({ ttlMs: 60_000 });
    let release!: () => void;
    const slow = cache.remember(
      1,
      'k',
      () => new Promise<Buffer>((r) => (release = () => r(Buffer.from('old')))),
    );
    cache.invalidate(1);
    release();
    expect(String(await slow)).toBe('old');
    expect(String(await cache.remember(1, 'k', async () => Buffer.from('new')))).toBe('new');
  });

  it('frees every expired entry when pruned, without waiting for a miss', async () => {
    const cache = new CatalogCache({ ttlMs: 20 });
    await cache.remember(1, 'a', async () => Buffer.from('a'));
    await cache.remember(1, 'b', async () => Buffer.from('b'));
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.size).toBe(2);
    cache.prune();
    expect(cache.size).toBe(0);
  });

  it('evicts expired entries', async () => {
    const cache = new CatalogCache({ ttlMs: 20 });
    await cache.remember(1, 'a', async () => Buffer.from('a'));
    await new Promise((r) => setTimeout(r, 40));
    await cache.remember(1, 'b', async () => Buffer.from('b'));
    expect(cache.size).toBe(1);
  });
});

describe('catalogue cache keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ catalogCacheTtlMs: 60_000 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('name only the normalized parameters: spaces, unknown parameters and Host values make no new entries', async () => {
    const headers = asTenant('demo-handcraft');
    const before = t.app.catalogCache.size;
    const variants = [
      '/api/products/products/',
      '/api/products/products/?search=%20',
      '/api/products/products/?search=%20%20',
      '/api/products/products/?utm=1',
      '/api/products/products/?utm=2&x=y',
      '/api/products/products/?is_active=true',
      '/api/products/products/?page=1&page_size=12',
    ];
    for (const url of variants) {
      for (const host of ['a.example', 'b.example', 'evil.example']) {
        const response = await t.app.inject({ url, headers: { ...headers, host } });
        expect(response.statusCode, url).toBe(200);
      }
    }
    expect(t.app.catalogCache.size - before).toBe(1);
    const search = ['SHEATH', ' sheath ', 'Sheath'];
    for (const term of search) {
      await t.app.inject({
        url: `/api/products/products/?search=${encodeURIComponent(term)}`,
        headers,
      });
    }
    expect(t.app.catalogCache.size - before).toBe(2);
  });

  it('link the pages on the site’s own origin, whatever Host a request names', async () => {
    const headers = asTenant('demo-handcraft');
    for (const host of ['a.example', 'evil.example']) {
      const body = (
        await t.app.inject({
          url: '/api/products/products/?page_size=5&page=2',
          headers: { ...headers, host },
        })
      ).json<{ next: string; previous: string }>();
      expect(body.next).toBe(
        'http://127.0.0.1:8080/api/products/products/?is_active=true&page_size=5&page=3',
      );
      expect(body.previous).toBe(
        'http://127.0.0.1:8080/api/products/products/?is_active=true&page_size=5',
      );
    }
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
