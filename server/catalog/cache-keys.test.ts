/**
 * The catalogue cache (decision 032) keys on normalized parameters: a list that differs only by
 * unknown or reordered parameters, and a suggestion term in another case, come from one entry,
 * per tenant.
 */
import { QueryCounter } from '../test/query-counter.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO, SECOND } from '../test/catalog.ts';

describe('the catalogue cache keys on normalized parameters', () => {
  const queries = new QueryCounter();
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ catalogCacheTtlMs: 60_000 }, { plugins: [queries] });
  });
  afterAll(async () => {
    await cached?.close();
  });

  async function load(url: string, headers = DEMO) {
    queries.reset();
    const response = await cached.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    return { body: response.body, queries: queries.total };
  }

  it('serves a list that differs only by unknown or reordered parameters from one entry', async () => {
    const first = await load('/api/products/products/?ordering=price&min_price=10');
    expect(first.queries).toBeGreaterThan(0);
    for (const url of [
      '/api/products/products/?min_price=10.00&ordering=price',
      '/api/products/products/?ordering=price&min_price=10&x=1',
      '/api/products/products/?ordering=price&min_price=10&is_active=true&page=1&page_size=12',
    ]) {
      const again = await load(url);
      expect(again.queries, url).toBe(0);
      expect(again.body).toBe(first.body);
    }
    expect(
      (await load('/api/products/products/?ordering=-price&min_price=10')).queries,
    ).toBeGreaterThan(0);
  });

  it('serves suggestions from the cache, per tenant, whatever the case of the term', async () => {
    const first = await load('/api/products/suggestions/?q=da');
    expect(first.queries).toBeGreaterThan(0);
    expect((await load('/api/products/suggestions/?q=DA')).queries).toBe(0);
    expect((await load('/api/products/suggestions/?q=%20Da%20')).queries).toBe(0);
    // The second shop has its own entry (its first request also looks the tenant up).
    const other = await load('/api/products/suggestions/?q=da', SECOND);
    expect(other.queries).toBeGreaterThan(0);
    expect(other.body).not.toBe(first.body);
    expect((await load('/api/products/suggestions/?q=dA', SECOND)).queries).toBe(0);
  });
});
