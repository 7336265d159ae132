/**
 * Full-text search of the catalogue (decision 018), through the API, with the same cases on
 * SQLite and on PostgreSQL (the PostgreSQL pass runs this file against it): every case names
 * exactly which of its own products it finds, so both engines must find the same ones.
 */
import type { components } from '../../../common/storefront-api';
import { DEMO, SECOND, demo, second, useCatalogApi } from '../../test/catalog.ts';
import { testDatabaseUrl } from '../../test/test-app.ts';

type Suggestion = components['schemas']['ProductSuggestion'];

const { t, get, listAll } = useCatalogApi();

/** This file's products, by slug: the lower the index, the lower the id. */
const PRODUCTS = [
  {
    slug: 'fen-box',
    name: 'Plain Box',
    description: 'Carved from bogwood found in the fen; a bowl’s cousin.',
  },
  {
    slug: 'cafe-bowl',
    name: 'Café Zürich Quernstone Bowl',
    description: 'A turned bowl for the café table.',
  },
  { slug: 'quernstones', name: 'Quernstones, a pair', description: 'Two stones for grinding.' },
  { slug: 'frostbite-knives', name: 'Frostbite Knives Set', description: 'Three matching blades.' },
  { slug: 'frostbite-knife', name: 'Frostbite Knife', description: 'One knife, hand forged.' },
];
const OURS = new Set(PRODUCTS.map((product) => product.slug));

beforeAll(async () => {
  const insertFor = async (token: string, products: typeof PRODUCTS) => {
    const tenant = await t.app.db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    const category = await t.app.db
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const product of products) {
      await t.app.db
        .insertInto('products')
        .values({
          tenant_id: tenant.id,
          category_id: category.id,
          price_cents: 4500,
          price_before_discount_cents: null,
          stock: 3,
          long_html_description: '',
          is_active: 1,
          created_at: new Date().toISOString(),
          ...product,
        })
        .execute();
    }
  };
  await insertFor(demo.token, PRODUCTS);
  // Another shop's product holds the same rare word: never found in this shop.
  await insertFor(second.token, [
    { slug: 'bogwood-spoon', name: 'Bogwood Spoon', description: 'Bogwood from the fen.' },
  ]);
});

/** The slugs of this file's products a search of `term` lists, in the list's order. */
async function search(term: string, headers = DEMO): Promise<string[]> {
  const hits = await listAll(`search=${encodeURIComponent(term)}`, headers);
  return hits.map((p) => p.slug).filter((slug) => OURS.has(slug) || slug === 'bogwood-spoon');
}

/** As {@link search}, with more of the list's filters (`query`, already encoded). */
async function searchWith(term: string, query: string): Promise<string[]> {
  const hits = await listAll(`search=${encodeURIComponent(term)}&${query}`);
  return hits.map((p) => p.slug).filter((slug) => OURS.has(slug));
}

async function suggest(term: string): Promise<string[]> {
  const { status, body } = await get(`/api/products/suggestions/?q=${encodeURIComponent(term)}`);
  expect(status).toBe(200);
  return (body as Suggestion[]).map((s) => s.slug).filter((slug) => OURS.has(slug));
}

describe('searching the catalogue', () => {
  it('ignores accents and case, in the search and in the names', async () => {
    expect(await search('cafe')).toEqual(['cafe-bowl']);
    expect(await search('CAFÉ')).toEqual(['cafe-bowl']);
    expect(await search('zurich')).toEqual(['cafe-bowl']);
  });

  it('finds a word by its start, and the singular by its plural', async () => {
    expect(await search('quern')).toEqual(['cafe-bowl', 'quernstones']);
    expect(await search('quernstone')).toEqual(['cafe-bowl', 'quernstones']);
    expect(await search('quernstones')).toEqual(['cafe-bowl', 'quernstones']);
    expect(await search('frostbite knives')).toEqual(['frostbite-knives', 'frostbite-knife']);
    expect(await search('frost')).toEqual(['frostbite-knives', 'frostbite-knife']);
  });

  it('needs every word, and finds a word only the description holds', async () => {
    expect(await search('frostbite set')).toEqual(['frostbite-knives']);
    expect(await search('bogwood')).toEqual(['fen-box']);
    expect(await search('hand forged')).toEqual(['frostbite-knife']);
  });

  it('lists the pieces whose name holds the words before those whose description does', async () => {
    // The box was added first (a lower id); the bowl's name holds the word.
    expect(await search('bowl')).toEqual(['cafe-bowl', 'fen-box']);
  });

  it('keeps that order inside a filter, and leaves out what the filter does', async () => {
    expect(await searchWith('bowl', 'in_stock=true')).toEqual(['cafe-bowl', 'fen-box']);
    expect(await searchWith('bowl', 'max_price=45.00')).toEqual(['cafe-bowl', 'fen-box']);
    expect(await searchWith('bowl', 'max_price=44.99')).toEqual([]);
  });

  it('never finds another shop’s piece, and finds it in that shop', async () => {
    expect(await search('bogwood')).not.toContain('bogwood-spoon');
    expect(await search('bogwood', SECOND)).toEqual(['bogwood-spoon']);
  });

  it('finds nothing for words no piece holds, or for punctuation alone', async () => {
    expect(await listAll('search=zzqq-nothing-matches')).toEqual([]);
    expect(await listAll(`search=${encodeURIComponent('%_*"')}`)).toEqual([]);
  });

  it('answers an FTS or tsquery operator as text, never a 500', async () => {
    for (const term of [
      'bowl OR box',
      'bowl NEAR box',
      'bowl:*',
      'bowl & !box',
      '"bowl',
      'name:bowl',
    ])
      expect(
        (await get(`/api/products/products/?search=${encodeURIComponent(term)}`)).status,
        term,
      ).toBe(200);
    expect(await search('bowl OR box')).toEqual([]);
  });
});

describe('suggesting pieces as a shopper types', () => {
  it('suggests names that start with the term first, then names with a word that does', async () => {
    expect(await suggest('quer')).toEqual(['quernstones', 'cafe-bowl']);
    expect(await suggest('zur')).toEqual(['cafe-bowl']);
    expect(await suggest('frostbite kn')).toEqual(['frostbite-knife', 'frostbite-knives']);
  });

  it('suggests from the name only', async () => {
    expect(await suggest('bogwood')).toEqual([]);
  });

  it.runIf(!!testDatabaseUrl)(
    'suggests a piece for a word typed with one wrong letter (PostgreSQL)',
    async () => {
      expect(await suggest('frostbyte')).toEqual(
        expect.arrayContaining(['frostbite-knife', 'frostbite-knives']),
      );
    },
  );
});

describe('a piece that changes', () => {
  /** Sets `changes` on this file's product `slug` (as the back office or SQL by hand would). */
  const change = (slug: string, changes: { name?: string; is_active?: number }) =>
    t.app.db.updateTable('products').set(changes).where('slug', '=', slug).execute();

  it('is found and suggested by its new name, never by its old one', async () => {
    await change('quernstones', { name: 'Millstones, a pair' });
    try {
      expect(await suggest('quer')).toEqual(['cafe-bowl']);
      expect(await suggest('mills')).toEqual(['quernstones']);
      expect(await search('millstone')).toEqual(['quernstones']);
      expect(await search('quern')).toEqual(['cafe-bowl']);
    } finally {
      await change('quernstones', { name: 'Quernstones, a pair' });
    }
    expect(await suggest('quer')).toEqual(['quernstones', 'cafe-bowl']);
  });

  it('is neither found nor suggested while off sale, and is again once back', async () => {
    await change('frostbite-knife', { is_active: 0 });
    try {
      expect(await suggest('frostbite')).toEqual(['frostbite-knives']);
      expect(await search('frost')).toEqual(['frostbite-knives']);
    } finally {
      await change('frostbite-knife', { is_active: 1 });
    }
    expect(await suggest('frostbite')).toEqual(['frostbite-knife', 'frostbite-knives']);
  });

  it('is forgotten once deleted', async () => {
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
    await t.app.db
      .insertInto('products')
      .values({
        tenant_id: tenant.id,
        category_id: category.id,
        slug: 'gone-quernstone',
        name: 'Quernstone Offcut',
        description: 'Sold out for good.',
        price_cents: 900,
        price_before_discount_cents: null,
        stock: 1,
        long_html_description: '',
        is_active: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const slugs = async () =>
      ((await get(`/api/products/suggestions/?q=quer`)).body as Suggestion[]).map((s) => s.slug);
    expect(await slugs()).toContain('gone-quernstone');
    await t.app.db.deleteFrom('products').where('slug', '=', 'gone-quernstone').execute();
    expect(await slugs()).not.toContain('gone-quernstone');
  });
});
