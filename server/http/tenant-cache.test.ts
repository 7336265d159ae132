/**
 * The tenant cache in front of the tenants table is a bounded LRU: a deployment serving more shops
 * than it keeps forgets the least recently used token, never every token at once, so its busiest
 * shops keep being resolved without a database query.
 */
import { QueryCounter } from '../test/query-counter.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';
import { DEFAULT_MAX_CACHED_TENANTS, TenantResolver } from './tenant.ts';

const queries = new QueryCounter();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { plugins: [queries] });
});
afterAll(async () => {
  await t?.close();
});

const tokenOf = (i: number) => `lru-shop-${String(i).padStart(4, '0')}`;

async function addShops(from: number, count: number): Promise<void> {
  await t.app.db
    .insertInto('tenants')
    .values(
      Array.from({ length: count }, (_, k) => ({
        token: tokenOf(from + k),
        name: `Shop ${from + k}`,
        media_slug: `lru-${from + k}`,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
  // As a shop's creation does: the deployment's directory of shops learns of them (a shop it
  // does not know costs one more read of the tenants, for its links: ./shop-hosts.ts).
  await t.app.shops.refresh();
}

/** The status of one API request as shop `token`, and how many tenant lookups it made. */
async function askAs(token: string): Promise<{ status: number; lookups: number }> {
  queries.reset();
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/products/categories/',
    headers: asTenant(token),
  });
  return { status: response.statusCode, lookups: queries.touching('tenants') };
}

describe('the tenant cache', () => {
  it('keeps a recently used shop and forgets the least recently used one when it is full', async () => {
    const limit = DEFAULT_MAX_CACHED_TENANTS;
    await addShops(0, limit + 1);

    expect(await askAs(tokenOf(0))).toEqual({ status: 200, lookups: 1 });
    for (let i = 1; i < limit; i++) expect((await askAs(tokenOf(i))).status).toBe(200);
    // Full now. Shop 0 is used again, so shop 1 becomes the least recently used.
    expect(await askAs(tokenOf(0))).toEqual({ status: 200, lookups: 0 });
    // One shop more than it holds: only shop 1 goes.
    expect(await askAs(tokenOf(limit))).toEqual({ status: 200, lookups: 1 });

    expect(await askAs(tokenOf(0))).toEqual({ status: 200, lookups: 0 });
    expect(await askAs(tokenOf(2))).toEqual({ status: 200, lookups: 0 });
    expect(await askAs(tokenOf(limit - 1))).toEqual({ status: 200, lookups: 0 });
    expect(await askAs(tokenOf(1))).toEqual({ status: 200, lookups: 1 });
  });

  it('does not keep unknown tokens, so a shop added later works at once and made-up tokens push no shop out', async () => {
    const resolver = new TenantResolver(t.app.db, 60_000, 2);
    await addShops(5000, 2);
    expect(await resolver.resolve(tokenOf(5000))).toMatchObject({ token: tokenOf(5000) });
    for (let i = 0; i < 5; i++) expect(await resolver.resolve(`made-up-${i}`)).toBeNull();
    expect(resolver.size).toBe(1);
    queries.reset();
    expect(await resolver.resolve(tokenOf(5000))).toMatchObject({ token: tokenOf(5000) });
    expect(queries.total).toBe(0);

    expect(await resolver.resolve(tokenOf(5002))).toBeNull();
    await addShops(5002, 1);
    expect(await resolver.resolve(tokenOf(5002))).toMatchObject({ name: 'Shop 5002' });
  });

  it('asks the database again once a token has been kept for its TTL, however often it was used', async () => {
    const resolver = new TenantResolver(t.app.db, 50, 10);
    await addShops(6000, 1);
    await resolver.resolve(tokenOf(6000));
    queries.reset();
    await resolver.resolve(tokenOf(6000));
    expect(queries.total).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await resolver.resolve(tokenOf(6000));
    expect(queries.total).toBe(1);
  });
});
