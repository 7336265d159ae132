/**
 * Two real API processes (`tsx server/main.ts`) on one PostgreSQL (needs TEST_DATABASE_URL, as
 * ./processes-shared-postgres.test.ts): a change made in the back office through process A (a
 * product's stock, its price, a category's name) shows in the storefront's answers of process
 * B within a second, though B keeps catalogue answers for a minute: A's cache invalidation is
 * announced to B (server/http/cache-sync.ts), not waited out.
 */
import { type ApiProcess, processEnv, request, startApi, stopApi } from '../test/api-process.ts';
import { DEMO, productWithStock, setup } from '../test/processes.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { type TestApp, testDatabaseUrl } from '../test/test-app.ts';

if (!testDatabaseUrl) {
  console.log(
    'processes-catalog-propagation.test.ts: the two-processes-on-one-PostgreSQL tests are SKIPPED: no TEST_DATABASE_URL given (CI gives one through .ci/run)',
  );
}

/** How long a change may take to show on the other process. */
const WITHIN_MS = 1000;

/**
 * Polls `read` on process B until `expected(value)` holds or WITHIN_MS passed since `savedAt`.
 * @returns the last value read and how long it took.
 */
async function seenWithin<T>(
  read: () => Promise<T>,
  expected: (value: T) => boolean,
  savedAt: number,
): Promise<{ value: T; ms: number }> {
  let value = await read();
  while (!expected(value) && Date.now() - savedAt < WITHIN_MS) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return { value, ms: Date.now() - savedAt };
}

describe.skipIf(!testDatabaseUrl)(
  'back-office changes across two processes on one PostgreSQL',
  () => {
    let t: TestApp;
    let a: ApiProcess;
    let b: ApiProcess;
    let admin: Record<string, string>;
    let product: { id: number; slug: string };

    beforeAll(async () => {
      t = await setup();
      // A minute of catalogue cache: only the announcement can make B forget in time.
      const env = { ...processEnv(t.database), CATALOG_CACHE_TTL_MS: '60000' };
      [a, b] = await Promise.all([startApi(env), startApi(env)]);
      const tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
      const owner = await createStaff(t.app.db, { tenantId, role: 'owner' });
      admin = asStaff('demo-handcraft', await staffTokenFor(t.app, owner));
      const id = await productWithStock(t, 5);
      product = await t.app.db
        .selectFrom('products')
        .select(['id', 'slug'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    }, 120_000);
    afterAll(async () => {
      await Promise.all([stopApi(a), stopApi(b)]);
      await t?.close();
    });

    const productOnB = async () =>
      (await request(b.base, 'GET', `/products/products/${product.slug}/`, DEMO)).body as {
        stock: number;
        price: string;
      };

    it('a stock change saved through one process shows on the other within a second', async () => {
      expect((await productOnB()).stock).toBe(5);
      // B now holds the answer in its cache.
      expect((await productOnB()).stock).toBe(5);
      const saved = await request(a.base, 'POST', `/admin/products/${product.id}/stock/`, admin, {
        mode: 'adjust',
        quantity: 7,
        reason: 'received',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const savedAt = Date.now();
      expect(saved.body.stock).toBe(12);
      const seen = await seenWithin(productOnB, (p) => p.stock === 12, savedAt);
      expect(seen.value.stock, `process B still showed the old stock after ${seen.ms} ms`).toBe(12);
    });

    it('a price change saved through one process shows on the other within a second', async () => {
      const before = await productOnB();
      const newPrice = (Number(before.price) + 1).toFixed(2);
      const saved = await request(a.base, 'PATCH', `/admin/products/${product.id}/`, admin, {
        price: newPrice,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const savedAt = Date.now();
      const seen = await seenWithin(productOnB, (p) => p.price === newPrice, savedAt);
      expect(seen.value.price, `process B still showed the old price after ${seen.ms} ms`).toBe(
        newPrice,
      );
    });

    it("a category's new name shows in the other process's menu within a second", async () => {
      const menuOnB = async () =>
        (await request(b.base, 'GET', '/products/categories/', DEMO)).body as {
          id: number;
          name: string;
        }[];
      const first = (await menuOnB())[0]!;
      const renamed = `${first.name} (new)`.slice(0, 100);
      const saved = await request(a.base, 'PATCH', `/admin/categories/${first.id}/`, admin, {
        name: renamed,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const savedAt = Date.now();
      const seen = await seenWithin(
        menuOnB,
        (menu) => menu.some((c) => c.id === first.id && c.name === renamed),
        savedAt,
      );
      expect(seen.value.find((c) => c.id === first.id)?.name).toBe(renamed);
    });
  },
);
