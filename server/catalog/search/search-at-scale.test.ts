/**
 * Search and suggestions read as far as their page needs, whatever the shop holds (decision
 * 018, "Search in rank order" and "Suggestions that stop at their last place"): the same
 * answers as one sorted read of every match, on SQLite and on PostgreSQL, for a shop of some
 * 1,400 pieces where a word is common, rare, or only in names late in the name order; and on
 * SQLite, the plans that read a common word's page in an index's order rather than sorting every
 * match.
 */
import { sql } from 'kysely';
import type { components } from '../../../common/storefront-api';
import { DEMO, asciiLower, byCodePoint, demo } from '../../test/catalog.ts';
import { QueryPlans } from '../../test/query-plans.ts';
import { createTestApp, type TestApp, testDatabaseUrl } from '../../test/test-app.ts';
import { SORTED_MATCHES_AT_MOST } from '../product-suggestions.ts';

type Suggestion = components['schemas']['ProductSuggestion'];
type Page = components['schemas']['PaginatedProductList'];

/**
 * The pieces added: a word (quoll) in more names than are sorted, the names early in the name
 * order, and in the descriptions of a few fillers; fillers after them; a word (kestrel) in a
 * few names at the end of the name order, after a thousand fillers.
 */
const FILLERS = 1050;
const QUOLLS = SORTED_MATCHES_AT_MOST + 100;
const KESTRELS = 8;
const pad = (n: number) => String(n).padStart(4, '0');
const PIECES = [
  ...Array.from({ length: QUOLLS }, (_, i) => ({
    name: `Aaa Quoll ${pad(QUOLLS - i)}`,
    description: 'A carved marsupial.',
  })),
  ...Array.from({ length: FILLERS }, (_, i) => ({
    name: `Aardvark Filler ${pad(i)}`,
    description: i % 100 === 7 ? 'Carved beside a quoll.' : 'A plain piece.',
  })),
  ...Array.from({ length: KESTRELS }, (_, i) => ({
    name: `Zebrawood Kestrel ${pad(KESTRELS - i)}`,
    description: 'A bird.',
  })),
];

describe('search and suggestions in a shop of some 1,400 pieces', () => {
  const plans = new QueryPlans();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { plugins: [plans] });
    const tenant = await t.app.db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', demo.token)
      .executeTakeFirstOrThrow();
    const category = await t.app.db
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const rows = PIECES.map((piece, i) => ({
      tenant_id: tenant.id,
      category_id: category.id,
      slug: `scale-${i}`,
      price_cents: 1000 + i,
      price_before_discount_cents: null,
      stock: 1,
      long_html_description: '',
      is_active: 1,
      created_at: new Date().toISOString(),
      ...piece,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.app.db
        .insertInto('products')
        .values(rows.slice(i, i + 200))
        .execute();
    // The planner's statistics, as a running shop's database keeps them (`PRAGMA optimize`).
    if (!testDatabaseUrl) await sql`analyze`.execute(t.app.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  async function get<T>(url: string): Promise<T> {
    const response = await t.app.inject({ method: 'GET', url, headers: DEMO });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  /** The demo shop's active names, with their ids. */
  async function activeProducts() {
    return t.app.db
      .selectFrom('products as p')
      .innerJoin('tenants as t', 't.id', 'p.tenant_id')
      .select(['p.id', 'p.name', 'p.slug'])
      .where('t.token', '=', demo.token)
      .where('p.is_active', '=', 1)
      .execute();
  }

  /** The rule: names starting with the term, then names with a word starting with it, by name. */
  async function expectedSuggestions(term: string): Promise<string[]> {
    const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
      byCodePoint(asciiLower(a.name), asciiLower(b.name)) ||
      byCodePoint(a.name, b.name) ||
      a.id - b.id;
    const all = (await activeProducts()).sort(byName);
    const starts = all.filter((p) => asciiLower(p.name).startsWith(term));
    const words = all.filter(
      (p) => !starts.includes(p) && new RegExp(`(^|[^a-z0-9])${term}`).test(p.name.toLowerCase()),
    );
    return [...starts, ...words].slice(0, 6).map((p) => p.slug);
  }

  async function suggest(term: string): Promise<string[]> {
    const list = await get<Suggestion[]>(
      `/api/products/suggestions/?q=${encodeURIComponent(term)}`,
    );
    return list.map((s) => s.slug);
  }

  it('suggests the first six names by name when a word starts more names than are sorted', async () => {
    const slugs = await suggest('quo');
    expect(slugs).toEqual(await expectedSuggestions('quo'));
    expect(slugs).toHaveLength(6);
  });

  it('suggests names late in the name order, past what is read in name order', async () => {
    const slugs = await suggest('kestrel');
    expect(slugs).toEqual(await expectedSuggestions('kestrel'));
    expect(slugs).toHaveLength(6);
  });

  it('suggests nothing for a word no name holds, however large the shop', async () => {
    expect(await suggest('zzqxw')).toEqual([]);
  });

  it('pages a common word in rank order: every name match by id, then the description matches', async () => {
    const all = await activeProducts();
    const named = all.filter((p) => /quoll/i.test(p.name)).map((p) => p.id);
    const described = (
      await t.app.db
        .selectFrom('products')
        .select('id')
        .where(
          'id',
          'in',
          all.map((p) => p.id),
        )
        .where('description', 'like', '%quoll%')
        .execute()
    )
      .map((p) => p.id)
      .filter((id) => !named.includes(id));
    const expected = [...named.sort((a, b) => a - b), ...described.sort((a, b) => a - b)];
    expect(described.length).toBeGreaterThan(3);

    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const list = await get<Page>(
        `/api/products/products/?search=quoll&page_size=70&page=${page}`,
      );
      expect(list.count).toBe(expected.length);
      seen.push(...list.results.map((p) => p.id));
      if (!list.next) break;
    }
    expect(seen).toEqual(expected);
    // A page that starts right after the last name match (pages of 70 straddle it).
    expect(named.length % 100).toBe(0);
    const after = await get<Page>(
      `/api/products/products/?search=quoll&page_size=100&page=${named.length / 100 + 1}`,
    );
    expect(after.results.map((p) => p.id)).toEqual(expected.slice(named.length));
  });

  describe.runIf(!testDatabaseUrl)('on SQLite, reading in an index’s order', () => {
    /** Plans of the request's queries that read the search index. */
    async function searchPlans(url: string) {
      plans.reset();
      await get(url);
      return (await plans.plans(t.app.db)).filter((q) => q.sql.includes('products_fts match'));
    }

    it('reads a common word’s first page without sorting its matches', async () => {
      const planned = await searchPlans('/api/products/products/?search=quoll&page_size=12');
      expect(planned.length).toBeGreaterThan(0);
      for (const query of planned)
        expect(query.plan.join('\n'), query.sql).not.toContain('TEMP B-TREE');
    });

    it('finds the suggestions of a word in many names by reading the name index in order', async () => {
      const planned = (await searchPlans('/api/products/suggestions/?q=quo')).filter((q) =>
        q.sql.startsWith('select "p"."id"'),
      );
      expect(planned).toHaveLength(1);
      expect(planned[0]!.plan.join('\n')).toContain('products_name_idx');
      expect(planned[0]!.plan.join('\n')).not.toContain('TEMP B-TREE');
    });
  });
});
