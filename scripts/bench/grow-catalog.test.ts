import { asTenant, createTestApp, type TestApp } from '../../server/test/test-app';
import type { BulkTarget } from './bulk-writer';
import { RARE_DESCRIPTION_WORDS, RARE_NAME_WORDS } from './catalog-words';
import { growCatalogue, type GrowReport } from './grow-catalog';
import { parseGrowArgs } from './grow-cli';
import { parseSizeBenchArgs } from './size-bench';

const SIZE = 300;
const DEMO = asTenant('demo-handcraft');

/** The test app's own database, as the generator opens it. */
function targetOf(shop: TestApp): BulkTarget {
  const { databaseUrl, sqlitePath } = shop.database;
  return databaseUrl ? { databaseUrl } : { sqlitePath };
}

/** The generated rows that must come out the same every time, in id order. */
async function generatedRows(shop: TestApp, fromProductId: number) {
  const db = shop.database.handle.db;
  const products = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.slug',
      'p.name',
      'p.description',
      'p.price_cents',
      'p.price_before_discount_cents',
      'p.stock',
      'p.made_to_order',
      'p.is_active',
      'c.slug as category',
    ])
    .where('p.id', '>=', fromProductId)
    .orderBy('p.id')
    .execute();
  const reviews = await db
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(['p.slug', 'r.rating', 'r.comment', 'r.username'])
    .where('p.id', '>=', fromProductId)
    .orderBy('r.id')
    .execute();
  const orders = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.order_number', 'o.status', 'o.total_cents', 'o.shipments', 'u.email'])
    .where('u.email', 'like', '%@customers.bench.example')
    .orderBy('o.id')
    .execute();
  return { products, reviews, orders };
}

describe('growing the demo shop for the bench', () => {
  let shop: TestApp;
  let report: GrowReport;
  let firstGenerated: number;

  beforeAll(async () => {
    shop = await createTestApp();
    const db = shop.database.handle.db;
    const { max } = await db
      .selectFrom('products')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    firstGenerated = Number(max) + 1;
    report = await growCatalogue(targetOf(shop), { products: SIZE });
  }, 120_000);

  afterAll(async () => {
    await shop?.close();
  });

  it('brings the shop to the asked number of active products, each listed by the API', async () => {
    expect(report.activeAfter).toBe(SIZE);
    expect(report.added.products - report.added.inactiveProducts).toBe(SIZE - report.activeBefore);
    const list = await shop.app.inject({
      url: '/api/products/products/?is_active=true&page_size=100&page=3',
      headers: DEMO,
    });
    expect(list.statusCode).toBe(200);
    const page = list.json<{ count: number; results: { slug: string; images: unknown[] }[] }>();
    expect(page.count).toBe(SIZE);
    expect(page.results).toHaveLength(100);

    // A generated product opens with its 2-4 attributes and reused seed images.
    const slug = page.results.at(-1)!.slug;
    const detail = await shop.app.inject({ url: `/api/products/products/${slug}/`, headers: DEMO });
    expect(detail.statusCode).toBe(200);
    const product = detail.json<{
      attributes: unknown[];
      images: { image: string }[];
      description: string;
    }>();
    expect(product.attributes.length).toBeGreaterThanOrEqual(2);
    expect(product.attributes.length).toBeLessThanOrEqual(4);
    expect(product.images.length).toBeGreaterThanOrEqual(1);
    const words = product.description.split(/\s+/).length;
    expect(words).toBeGreaterThanOrEqual(30);
    expect(words).toBeLessThanOrEqual(80);
  });

  it('adds reviews, customers and orders in the proportions of the issue (1.46, N/20, N)', async () => {
    const db = shop.database.handle.db;
    const { id: tenantId } = await db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', 'demo-handcraft')
      .executeTakeFirstOrThrow();
    const count = async (table: 'orders' | 'users') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(report.added.reviews / report.added.products).toBeGreaterThan(1.1);
    expect(report.added.reviews / report.added.products).toBeLessThan(1.8);
    expect(report.added.customers).toBe(SIZE / 20);
    expect(await count('orders')).toBe(SIZE);
    expect(report.added.orderLines).toBeGreaterThanOrEqual(report.added.orders);
    expect(await count('users')).toBeGreaterThanOrEqual(SIZE / 20);
  });

  it('leaves the shop writable: ids handed out after the generated ones (PostgreSQL sequences moved)', async () => {
    const password = 'grown-shop-password';
    const registered = await shop.app.inject({
      method: 'POST',
      url: '/api/accounts/register/',
      headers: { ...DEMO, 'content-type': 'application/json' },
      payload: { email: 'after-growth@example.com', password, password_confirm: password },
    });
    expect(registered.statusCode).toBe(201);
  });

  it('puts each rare word in the few products the report names, and a description word in no name', async () => {
    for (const word of [...RARE_NAME_WORDS, ...RARE_DESCRIPTION_WORDS]) {
      const expected = report.rareWords[word.toLowerCase()]!;
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThanOrEqual(Math.ceil(SIZE / 100));
      const found = await shop.app.inject({
        url: `/api/products/products/?is_active=true&search=${word}`,
        headers: DEMO,
      });
      expect(found.json<{ count: number }>().count, word).toBe(expected);
    }
    const suggestions = await shop.app.inject({
      url: `/api/products/suggestions/?q=${RARE_DESCRIPTION_WORDS[0]}`,
      headers: DEMO,
    });
    expect(suggestions.json()).toEqual([]);
  });

  it('makes the same rows from the same database, and nothing when there is nothing to grow', async () => {
    const again = await growCatalogue(targetOf(shop), { products: SIZE });
    expect(again.added.products).toBe(0);
    expect(again.added.orders).toBe(0);
    expect(again.added.customers).toBe(0);

    const other = await createTestApp();
    try {
      // The demo as seeded: nothing to add, not even the new (empty) categories.
      const none = await growCatalogue(targetOf(other), { products: 0 });
      expect(Object.values(none.added).every((n) => n === 0)).toBe(true);
      await growCatalogue(targetOf(other), { products: SIZE });
      expect(await generatedRows(other, firstGenerated)).toEqual(
        await generatedRows(shop, firstGenerated),
      );
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe('the command lines of the generator and the size bench', () => {
  it('reads the generator options, the database defaulting as the API does', () => {
    expect(
      parseGrowArgs(['--products', '100_000', '--sqlite', '/tmp/x.sqlite', '--shops=3'], {}),
    ).toEqual({
      target: { sqlitePath: '/tmp/x.sqlite' },
      options: { products: 100_000, shops: 3 },
      seedDemo: false,
    });
    expect(parseGrowArgs(['--products', '5'], { DATABASE_URL: 'postgres://h/db' }).target).toEqual({
      databaseUrl: 'postgres://h/db',
    });
    expect(() => parseGrowArgs(['--products', 'many'], {})).toThrow('whole number');
    expect(() => parseGrowArgs(['--sqlite', 'x'], {})).toThrow('--products N is required');
  });

  it('keeps the demo-size bench without arguments, and sizes it with --products', () => {
    expect(parseSizeBenchArgs([])).toBeNull();
    expect(parseSizeBenchArgs(['--products', '100000', '--postgres', '--duration=5'])).toEqual({
      products: 100_000,
      postgres: true,
      sqliteOnly: false,
      postgresOnly: false,
      durationS: 5,
      grow: {},
    });
    expect(() => parseSizeBenchArgs(['--postgress'])).toThrow('unknown option');
  });
});
