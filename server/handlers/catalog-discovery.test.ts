/**
 * The product list's ordering, price and stock filters and
 * the header's suggestions. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL: the
 * expected orders are computed here once, so both engines must give exactly the same one.
 */
import { sql } from 'kysely';
import type { components } from '../../src/api/schema';
import { seedTenants } from '../seed/catalog-data.ts';
import { QueryCounter } from '../test/query-counter.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';

type Product = components['schemas']['Product'];
type Page = components['schemas']['PaginatedProductList'];
type Suggestion = components['schemas']['ProductSuggestion'];

const demo = seedTenants[0]!;
const second = seedTenants[1]!;
const DEMO = asTenant(demo.token);
const SECOND = asTenant(second.token);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, headers: Record<string, string> = DEMO) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function listAll(query: string, headers = DEMO): Promise<Product[]> {
  const { status, body } = await get(`/api/products/products/?page_size=100&${query}`, headers);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as Page).results;
}

/** Every page of a list walked with a small page size, concatenated. */
async function walk(query: string, pageSize = 5): Promise<Product[]> {
  const all: Product[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await get(
      `/api/products/products/?page_size=${pageSize}&page=${page}&${query}`,
    );
    expect(status).toBe(200);
    const list = body as Page;
    all.push(...list.results);
    if (!list.next) return all;
  }
}

const cents = (p: Product) => Math.round(Number(p.price) * 100);
/** The name ordering's rule: ASCII letters lowered, then code points (no astral characters here). */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('product list ordering', () => {
  it('orders by price both ways, ties by id, and pages never overlap', async () => {
    // Make ties on purpose: two products share the cheapest price.
    const [a, b] = await t.app.db
      .selectFrom('products')
      .select(['id', 'price_cents'])
      .where('tenant_id', '=', (await tenantId(demo.token))!)
      .orderBy('id')
      .limit(2)
      .execute();
    await t.app.db
      .updateTable('products')
      .set({ price_cents: 100 })
      .where('id', 'in', [a!.id, b!.id])
      .execute();

    const up = await listAll('ordering=price');
    const expectedUp = [...up].sort((x, y) => cents(x) - cents(y) || x.id - y.id);
    expect(up.map((p) => p.id)).toEqual(expectedUp.map((p) => p.id));
    expect(up.slice(0, 2).map((p) => p.id)).toEqual([a!.id, b!.id]);

    const down = await listAll('ordering=-price');
    expect(down.map((p) => p.id)).toEqual(
      [...down].sort((x, y) => cents(y) - cents(x) || x.id - y.id).map((p) => p.id),
    );

    for (const ordering of ['price', '-price', 'name', '-created_at', '-average_rating']) {
      const paged = await walk(`ordering=${ordering}`);
      const whole = await listAll(`ordering=${ordering}`);
      expect(
        paged.map((p) => p.id),
        ordering,
      ).toEqual(whole.map((p) => p.id));
      expect(new Set(paged.map((p) => p.id)).size).toBe(whole.length);
    }
  });

  it('orders by name ignoring ASCII case, the same on SQLite and PostgreSQL', async () => {
    const names = [
      'banana split',
      'Banana Split',
      'apple',
      'Zebra',
      'zebra b',
      'Émile',
      '_under',
      '10 knives',
      '9 knives',
      'a b',
      'ab',
    ];
    const rows = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', (await tenantId(demo.token))!)
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(names.length)
      .execute();
    if (t.app.dbDialect === 'postgres') {
      // The throwaway cluster is initialised without a locale (byte order already); give the
      // column a linguistic collation, as a production database usually has, to prove the
      // order does not follow it.
      await sql`alter table products alter column name type varchar(255) collate "und-x-icu"`.execute(
        t.app.db,
      );
    }
    for (const [i, row] of rows.entries()) {
      await t.app.db
        .updateTable('products')
        .set({ name: names[i]! })
        .where('id', '=', row.id)
        .execute();
    }
    const listed = await listAll('ordering=name');
    const expected = [...listed].sort(
      (x, y) =>
        byCodePoint(asciiLower(x.name), asciiLower(y.name)) ||
        byCodePoint(x.name, y.name) ||
        x.id - y.id,
    );
    expect(listed.map((p) => p.name)).toEqual(expected.map((p) => p.name));
    const ours = listed.map((p) => p.name).filter((n) => names.includes(n));
    expect(ours).toEqual(
      [
        '10 knives',
        '9 knives',
        'Banana Split',
        'Zebra',
        '_under',
        'a b',
        'ab',
        'apple',
        'banana split',
        'zebra b',
        'Émile',
      ].sort((x, y) => byCodePoint(asciiLower(x), asciiLower(y)) || byCodePoint(x, y)),
    );
    // Case only decides between names that are otherwise equal: upper case first (byte order).
    expect(ours.indexOf('Banana Split')).toBe(ours.indexOf('banana split') - 1);
  });

  it('orders newest first, and the later-added first within the same instant', async () => {
    const id = (await tenantId(demo.token))!;
    const rows = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', id)
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(2)
      .execute();
    await t.app.db
      .updateTable('products')
      .set({ created_at: new Date(Date.UTC(2030, 0, 1)).toISOString() })
      .where('id', '=', rows[0]!.id)
      .execute();
    const listed = await listAll('ordering=-created_at');
    expect(listed[0]!.id).toBe(rows[0]!.id);
    const made = new Map(
      (
        await t.app.db
          .selectFrom('products')
          .select(['id', 'created_at'])
          .where('tenant_id', '=', id)
          .execute()
      ).map((row) => [row.id, new Date(row.created_at).getTime()]),
    );
    const rest = listed.slice(1).map((p) => p.id);
    expect(rest).toEqual([...rest].sort((a, b) => made.get(b)! - made.get(a)! || b - a));
  });

  it('the demo shop’s newest pieces span its categories, as the home page shows them', async () => {
    const newest = (
      await get('/api/products/products/?is_active=true&ordering=-created_at&page_size=8')
    ).body as Page;
    const categories = new Set(newest.results.map((product) => product.category.slug));
    const withProducts = new Set(
      demo.products.filter((p) => p.is_active !== false).map((p) => p.category_slug),
    );
    expect(categories).toEqual(withProducts);
  });

  it('orders by the exact average rating, best first, products without reviews last', async () => {
    const listed = await listAll('ordering=-average_rating');
    const id = (await tenantId(demo.token))!;
    const reviews = await t.app.db
      .selectFrom('reviews')
      .select(['product_id', 'rating'])
      .where('tenant_id', '=', id)
      .execute();
    const average = new Map<number, number>();
    for (const p of listed) {
      const mine = reviews.filter((r) => r.product_id === p.id);
      if (mine.length) average.set(p.id, mine.reduce((s, r) => s + r.rating, 0) / mine.length);
    }
    const expected = [...listed].sort((a, b) => {
      const x = average.get(a.id);
      const y = average.get(b.id);
      if (x === undefined || y === undefined)
        return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0) || a.id - b.id;
      return y - x || a.id - b.id;
    });
    expect(listed.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(average.size).toBeGreaterThan(1);
    expect(listed.at(-1)!.average_rating).toBeNull();
  });
});

describe('product list filters', () => {
  it('keeps prices within min_price and max_price, inclusive, combined with other filters', async () => {
    const all = await listAll('');
    const prices = [...new Set(all.map(cents))].sort((a, b) => a - b);
    const low = prices[2]!;
    const high = prices[prices.length - 3]!;
    const within = await listAll(`min_price=${low / 100}&max_price=${(high / 100).toFixed(2)}`);
    expect(within.map((p) => p.id).sort()).toEqual(
      all
        .filter((p) => cents(p) >= low && cents(p) <= high)
        .map((p) => p.id)
        .sort(),
    );
    expect(within.some((p) => cents(p) === low) && within.some((p) => cents(p) === high)).toBe(
      true,
    );

    const category = all[0]!.category.slug;
    const combined = await listAll(
      `category__slug=${category}&min_price=${low / 100}&ordering=-price`,
    );
    expect(combined.every((p) => p.category.slug === category && cents(p) >= low)).toBe(true);
    expect(combined.map(cents)).toEqual([...combined.map(cents)].sort((a, b) => b - a));
  });

  it('filters by stock: in_stock=true has stock, in_stock=false is the sold-out ones', async () => {
    const all = await listAll('');
    const soldOut = all.filter((p) => p.stock === 0);
    expect(soldOut.length).toBeGreaterThan(0);
    expect((await listAll('in_stock=true')).map((p) => p.id)).toEqual(
      all.filter((p) => p.stock > 0).map((p) => p.id),
    );
    expect((await listAll('in_stock=false')).map((p) => p.id)).toEqual(soldOut.map((p) => p.id));
  });

  it('links the next page with the canonical query, dropping unknown parameters', async () => {
    const { body } = await get(
      '/api/products/products/?x=1&ordering=price&page_size=3&min_price=1&is_active=true',
    );
    expect((body as Page).next).toBe(
      'http://localhost:80/api/products/products/?is_active=true&ordering=price&min_price=1.00&page_size=3&page=2',
    );
  });

  it.each([
    ['min_price=abc', { min_price: ['A valid number is required.'] }],
    ['max_price=', { max_price: ['A valid number is required.'] }],
    ['min_price=-1', { min_price: ['Ensure this value is greater than or equal to 0.'] }],
    ['min_price=Infinity', { min_price: ['Ensure this value is less than or equal to 1000000.'] }],
    ['max_price=1e400', { max_price: ['Ensure this value is less than or equal to 1000000.'] }],
    ['min_price=NaN', { min_price: ['A valid number is required.'] }],
    ['min_price=10.005', { min_price: ['Ensure that there are no more than 2 decimal places.'] }],
    [
      'min_price=50&max_price=10',
      { max_price: ['Ensure this value is greater than or equal to min_price.'] },
    ],
    ['in_stock=maybe', { in_stock: ['Must be a valid boolean.'] }],
    ['search=a%00b', { search: ['Null characters are not allowed.'] }],
    [
      'ordering=-name',
      {
        ordering: [
          'Not a valid choice. Expected one of: price, -price, -created_at, -average_rating, name.',
        ],
      },
    ],
  ])('answers 400 with field errors for %s', async (query, errors) => {
    expect(await get(`/api/products/products/?${query}`)).toEqual({ status: 400, body: errors });
  });

  it('accepts equal bounds and two decimals', async () => {
    const all = await listAll('');
    const price = all[0]!.price;
    const exact = await listAll(`min_price=${price}&max_price=${price}`);
    expect(exact.length).toBeGreaterThan(0);
    expect(exact.every((p) => p.price === price)).toBe(true);
  });
});

describe('product suggestions', () => {
  async function suggest(q: string, headers = DEMO) {
    return get(`/api/products/suggestions/?q=${encodeURIComponent(q)}`, headers);
  }

  it('answers at most six active products of the tenant with id, name, slug, price and thumbnail', async () => {
    const all = await listAll('');
    // A two-letter term most names hold, to reach the limit.
    const counts = new Map<string, number>();
    for (const p of all) {
      const lower = p.name.toLowerCase();
      for (let i = 0; i + 2 <= lower.length; i++) {
        const pair = lower.slice(i, i + 2);
        if (/^[a-z]{2}$/.test(pair)) counts.set(pair, (counts.get(pair) ?? 0) + 1);
      }
    }
    const [term, hits] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(hits).toBeGreaterThan(6);
    const { status, body } = await suggest(term.toUpperCase());
    expect(status).toBe(200);
    const list = body as Suggestion[];
    expect(list).toHaveLength(6);
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['id', 'name', 'price', 'slug', 'thumbnail']);
      expect(s.name.toLowerCase()).toContain(term);
      const product = all.find((p) => p.id === s.id)!;
      expect(s).toEqual({
        id: product.id,
        name: product.name,
        slug: product.slug,
        price: product.price,
        thumbnail: product.main_image?.thumb_image ?? null,
      });
    }
    // Names starting with the term come before names merely holding it.
    const starts = list.map((s) => s.name.toLowerCase().startsWith(term));
    expect(starts).toEqual([...starts].sort((a, b) => Number(b) - Number(a)));
  });

  it('never shows an inactive product or another shop’s product', async () => {
    const foreign = second.products.find((p) => !demo.products.some((d) => d.name === p.name))!;
    const word = foreign.name.split(/\s+/).find((w) => w.length >= 4)!;
    const theirs = (await suggest(word, SECOND)).body as Suggestion[];
    expect(theirs.map((s) => s.slug)).toContain(foreign.slug);
    const ours = (await suggest(word)).body as Suggestion[];
    expect(ours.map((s) => s.slug)).not.toContain(foreign.slug);

    const target = (await listAll(''))[3]!;
    await t.app.db
      .updateTable('products')
      .set({ is_active: 0 })
      .where('id', '=', target.id)
      .execute();
    try {
      const hits = (await suggest(target.name)).body as Suggestion[];
      expect(hits.map((s) => s.id)).not.toContain(target.id);
    } finally {
      await t.app.db
        .updateTable('products')
        .set({ is_active: 1 })
        .where('id', '=', target.id)
        .execute();
    }
  });

  it('treats LIKE wildcards as text and answers [] for no match', async () => {
    expect(await suggest('%%')).toEqual({ status: 200, body: [] });
    expect(await suggest('zzqxno')).toEqual({ status: 200, body: [] });
  });

  it.each([
    ['', { q: ['This field is required.'] }],
    ['?q=a', { q: ['Ensure this field has at least 2 characters.'] }],
    ['?q=%20a%20', { q: ['Ensure this field has at least 2 characters.'] }],
    [`?q=${'x'.repeat(101)}`, { q: ['Ensure this field has no more than 100 characters.'] }],
    ['?q=ab%00', { q: ['Null characters are not allowed.'] }],
  ])('answers 400 for the term %s', async (query, errors) => {
    expect(await get(`/api/products/suggestions/${query}`)).toEqual({ status: 400, body: errors });
  });
});

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
    expect(first.queries).toBe(1);
    expect((await load('/api/products/suggestions/?q=DA')).queries).toBe(0);
    expect((await load('/api/products/suggestions/?q=%20Da%20')).queries).toBe(0);
    // The second shop has its own entry (its first request also looks the tenant up).
    const other = await load('/api/products/suggestions/?q=da', SECOND);
    expect(other.queries).toBeGreaterThan(0);
    expect(other.body).not.toBe(first.body);
    expect((await load('/api/products/suggestions/?q=dA', SECOND)).queries).toBe(0);
  });
});

async function tenantId(token: string): Promise<number | undefined> {
  const row = await t.app.db
    .selectFrom('tenants')
    .select('id')
    .where('token', '=', token)
    .executeTakeFirst();
  return row?.id;
}
