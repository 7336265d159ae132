/**
 * The header's product suggestions (`GET /products/suggestions/`, decisions 033 and 018): at
 * most six active products of the shop whose name starts with the term or has words starting
 * with its words, punctuation read as text, and 400 for a bad term.
 */
import type { components } from '../../common/storefront-api';
import { DEMO, SECOND, demo, second, useCatalogApi } from '../test/catalog.ts';

type Suggestion = components['schemas']['ProductSuggestion'];

const { t, get, listAll } = useCatalogApi();

describe('product suggestions', () => {
  async function suggest(q: string, headers = DEMO) {
    return get(`/api/products/suggestions/?q=${encodeURIComponent(q)}`, headers);
  }

  it('answers at most six active products of the tenant with id, name, slug, price and thumbnail', async () => {
    const all = await listAll('');
    // A two-letter start of a word most names hold, to reach the limit.
    const counts = new Map<string, number>();
    for (const p of all) {
      const starts = new Set(p.name.toLowerCase().match(/\b[a-z]{2}/g) ?? []);
      for (const pair of starts) counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
    const [term, hits] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(hits).toBeGreaterThan(6);
    const { status, body } = await suggest(term.toUpperCase());
    expect(status).toBe(200);
    const list = body as Suggestion[];
    expect(list).toHaveLength(6);
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['id', 'name', 'price', 'slug', 'thumbnail']);
      expect(s.name.toLowerCase()).toMatch(new RegExp(`\\b${term}`));
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
