import type { components } from '../../common/storefront-api';
import { seedTenants } from '../seed/catalog-data.ts';
import { demoContent } from '../seed/content-data.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';

type Product = components['schemas']['Product'];
type Page = components['schemas']['PaginatedProductList'];

const demo = seedTenants[0]!;
const second = seedTenants[1]!;
const demoActive = demo.products.filter((p) => p.is_active !== false);
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
  expect(status).toBe(200);
  return (body as Page).results;
}

describe('categories', () => {
  it('lists the shop’s categories as a plain array, by name', async () => {
    const { status, body } = await get('/api/products/categories/');
    expect(status).toBe(200);
    const categories = body as components['schemas']['Category'][];
    expect(categories.map((c) => c.slug).sort()).toEqual(demo.categories.map((c) => c.slug).sort());
    const names = categories.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(categories[0]).toEqual({
      id: expect.any(Number),
      slug: expect.any(String),
      name: expect.any(String),
      description: expect.stringContaining('<'),
      // Its tile picture: no photo chosen, so its oldest product's main photo, whole.
      image: expect.objectContaining({ image: expect.stringMatching(/\.webp$/), focal_x: 0.5 }),
    });
  });

  it('answers one category by slug and 404 with DRF’s body for an unknown one', async () => {
    const category = demo.categories[0]!;
    const { status, body } = await get(`/api/products/categories/${category.slug}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug: category.slug,
      name: category.name,
      description: category.description_html,
    });

    expect(await get('/api/products/categories/no-such-category/')).toEqual({
      status: 404,
      body: { detail: 'Not found.' },
    });
  });
});

describe('tenant isolation', () => {
  it('gives each shop its own categories and products', async () => {
    const demoSlugs = (await get('/api/products/categories/')).body as { slug: string }[];
    const secondSlugs = (await get('/api/products/categories/', SECOND)).body as { slug: string }[];
    expect(secondSlugs.map((c) => c.slug).sort()).toEqual(
      second.categories.map((c) => c.slug).sort(),
    );
    expect(secondSlugs).not.toEqual(demoSlugs);

    const secondProducts = await listAll('', SECOND);
    expect(secondProducts.map((p) => p.slug).sort()).toEqual(
      second.products
        .filter((p) => p.is_active !== false)
        .map((p) => p.slug)
        .sort(),
    );
  });

  it('does not show another shop’s product or category with the demo token', async () => {
    const foreign = second.products.find((p) => !demo.products.some((d) => d.slug === p.slug))!;
    expect(await get(`/api/products/products/${foreign.slug}/`)).toEqual({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await get(`/api/products/products/${foreign.slug}/`, SECOND)).status).toBe(200);

    const foreignCategory = second.categories.find(
      (c) => !demo.categories.some((d) => d.slug === c.slug),
    )!;
    expect((await get(`/api/products/categories/${foreignCategory.slug}/`)).status).toBe(404);
    expect(await listAll(`category__slug=${foreignCategory.slug}`)).toEqual([]);
  });
});

describe('product list', () => {
  it('pages with count, next and previous links that keep the query', async () => {
    const first = (await get('/api/products/products/?is_active=true&page_size=5')).body as Page;
    expect(first.count).toBe(demoActive.length);
    expect(first.results).toHaveLength(5);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(
      'http://127.0.0.1:8080/api/products/products/?is_active=true&page_size=5&page=2',
    );

    const secondPage = (await get('/api/products/products/?is_active=true&page_size=5&page=2'))
      .body as Page;
    expect(secondPage.previous).toBe(
      'http://127.0.0.1:8080/api/products/products/?is_active=true&page_size=5',
    );
    expect(secondPage.results.map((p) => p.id)).not.toContain(first.results[0]!.id);

    const lastPage = Math.ceil(demoActive.length / 5);
    const last = (await get(`/api/products/products/?page_size=5&page=${lastPage}`)).body as Page;
    expect(last.next).toBeNull();
    expect(last.results.length).toBe(demoActive.length - 5 * (lastPage - 1));
  });

  it('defaults to 12 per page and keeps a stable order across pages', async () => {
    const page1 = (await get('/api/products/products/')).body as Page;
    expect(page1.results).toHaveLength(Math.min(12, demoActive.length));
    const all = await listAll('');
    expect(all.slice(0, page1.results.length).map((p) => p.id)).toEqual(
      page1.results.map((p) => p.id),
    );
    expect(new Set(all.map((p) => p.id)).size).toBe(demoActive.length);
  });

  it('answers 404 “Invalid page.” past the last page and 400 with field errors for a bad page', async () => {
    expect(await get('/api/products/products/?page=999')).toEqual({
      status: 404,
      body: { detail: 'Invalid page.' },
    });
    // Far beyond what OFFSET can take: the contract's maximum refuses it, never a database error.
    expect(await get('/api/products/products/?page=99999999999999999999')).toEqual({
      status: 400,
      body: { page: ['Ensure this value is less than or equal to 1000000.'] },
    });
    expect(await get('/api/products/products/?page=0')).toEqual({
      status: 400,
      body: { page: ['Ensure this value is greater than or equal to 1.'] },
    });
    expect(await get('/api/products/products/?page=abc')).toEqual({
      status: 400,
      body: { page: ['A valid integer is required.'] },
    });
    expect(await get('/api/products/products/?page_size=101')).toEqual({
      status: 400,
      body: { page_size: ['Ensure this value is less than or equal to 100.'] },
    });
  });

  it('filters by category slug', async () => {
    const category = demo.categories.find((c) =>
      demoActive.some((p) => p.category_slug === c.slug),
    )!;
    const results = await listAll(`category__slug=${category.slug}`);
    expect(results.map((p) => p.slug).sort()).toEqual(
      demoActive
        .filter((p) => p.category_slug === category.slug)
        .map((p) => p.slug)
        .sort(),
    );
    expect(results.every((p) => p.category.slug === category.slug)).toBe(true);
    expect(await listAll('category__slug=no-such-category')).toEqual([]);
  });

  it('searches the words of names and descriptions, ignoring case', async () => {
    const byName = demoActive[0]!;
    const nameWord = byName.name.split(/\s+/).find((w) => w.length >= 4) ?? byName.name;
    const nameHits = await listAll(`search=${encodeURIComponent(nameWord.toUpperCase())}`);
    expect(nameHits.map((p) => p.slug)).toContain(byName.slug);

    // A word only the description holds proves the description is searched too.
    let found: { slug: string; word: string } | undefined;
    for (const p of demoActive) {
      const word = p.description
        .split(/[^A-Za-z]+/)
        .find((w) => w.length >= 6 && !p.name.toLowerCase().includes(w.toLowerCase()));
      if (word) {
        found = { slug: p.slug, word };
        break;
      }
    }
    expect(found).toBeDefined();
    const term = found!.word.toLowerCase().replace(/^./, (c) => c.toUpperCase());
    const hits = await listAll(`search=${encodeURIComponent(term)}`);
    expect(hits.map((p) => p.slug)).toContain(found!.slug);
    // Every hit holds a word starting with the searched one (a plural's singular included).
    const start = found!.word.toLowerCase().replace(/(es|s)$/, '');
    expect(
      hits.every((p) => new RegExp(`\\b${start}`).test(`${p.name} ${p.description}`.toLowerCase())),
    ).toBe(true);

    expect(await listAll('search=zzqq-nothing-matches')).toEqual([]);
    expect(await listAll('search=%25')).toEqual(
      demoActive.filter((p) => `${p.name}${p.description}`.includes('%')),
    );
  });

  it('serves list items without reviews, with money as decimal strings and the main image', async () => {
    const all = await listAll('');
    for (const product of all) {
      expect(product).not.toHaveProperty('reviews');
      expect(product.price).toMatch(/^\d+\.\d{2}$/);
      const seed = demoActive.find((p) => p.slug === product.slug)!;
      expect(product.stock).toBe(seed.stock);
      // The content seed adds a few reviews backed by paid orders.
      const extra = demoContent.reviews.filter((r) => r.product_slug === product.slug).length;
      expect(product.review_count).toBe(seed.reviews.length + extra);
      expect(product.main_image?.image ?? null).toBe(product.images[0]?.image ?? null);
    }
    const discounted = demoActive.find((p) => p.price_before_discount_cents !== undefined);
    if (discounted) {
      const served = all.find((p) => p.slug === discounted.slug)!;
      expect(served.price_before_discount).toBe(
        (discounted.price_before_discount_cents! / 100).toFixed(2),
      );
    }
  });
});

describe('inactive products', () => {
  it('are absent from the list and 404 on detail', async () => {
    const target = demoActive[demoActive.length - 1]!;
    const before = ((await get('/api/products/products/')).body as Page).count;
    await t.app.db
      .updateTable('products')
      .set({ is_active: 0 })
      .where('slug', '=', target.slug)
      .execute();
    try {
      const after = ((await get('/api/products/products/')).body as Page).count;
      expect(after).toBe(before - 1);
      expect((await listAll('')).map((p) => p.slug)).not.toContain(target.slug);
      expect(await get(`/api/products/products/${target.slug}/`)).toEqual({
        status: 404,
        body: { detail: 'Not found.' },
      });
      expect((await listAll('is_active=false')).length).toBe(0);
    } finally {
      await t.app.db
        .updateTable('products')
        .set({ is_active: 1 })
        .where('slug', '=', target.slug)
        .execute();
    }
  });
});

describe('product detail', () => {
  const rich = [...demoActive].sort(
    (a, b) =>
      b.images.length +
      b.attributes.length +
      b.reviews.length -
      (a.images.length + a.attributes.length + a.reviews.length),
  )[0]!;

  it('answers images and attributes in order, reviews newest first and the rating summary', async () => {
    const { status, body } = await get(`/api/products/products/${rich.slug}/`);
    expect(status).toBe(200);
    const product = body as Product;
    expect(product.slug).toBe(rich.slug);
    expect(product.name).toBe(rich.name);
    expect(product.price).toBe((rich.price_cents / 100).toFixed(2));
    expect(product.category.slug).toBe(rich.category_slug);
    expect(product.long_html_description).toBe(rich.long_html_description);

    expect(product.images.map((i) => i.alt_text)).toEqual(rich.images.map((i) => i.alt_text));
    expect(product.images.map((i) => i.order)).toEqual(rich.images.map((_, n) => n + 1));
    expect(product.images[0]!.image).toBe(
      `/api/media/${demo.media_slug}/products/${rich.slug}-1.webp`,
    );
    expect(product.main_image).toEqual({
      image: product.images[0]!.image,
      thumb_image: `/api/media/${demo.media_slug}/products/${rich.slug}-1-thumb.webp`,
      alt_text: rich.images[0]!.alt_text,
      width: 800,
      height: 800,
      focal_x: 0.5,
      focal_y: 0.5,
      card_x: 0.5,
      card_y: 0.5,
    });
    expect(product.attributes.map(({ key, value }) => ({ key, value }))).toEqual(rich.attributes);

    const newestFirst = [...rich.reviews].sort((a, b) => a.days_ago - b.days_ago);
    expect(product.reviews!.map((r) => r.comment)).toEqual(newestFirst.map((r) => r.comment));
    const times = product.reviews!.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const review of product.reviews!) {
      const seed = rich.reviews.find((r) => r.comment === review.comment)!;
      expect(review.user).toEqual(seed.username === null ? null : { username: seed.username });
      expect(review.is_verified_purchase).toBe(seed.is_verified_purchase);
      expect(review.product).toBe(product.id);
    }
    expect(product.review_count).toBe(rich.reviews.length);
    const average = rich.reviews.length
      ? Math.round((rich.reviews.reduce((s, r) => s + r.rating, 0) / rich.reviews.length) * 10) / 10
      : null;
    expect(product.average_rating).toBe(average);
  });

  it('answers a null average and zero count for a product without reviews', async () => {
    const quiet = demoActive.find((p) => p.reviews.length === 0);
    // The demo seed keeps pieces without reviews; without one this test would prove nothing.
    expect(quiet, 'the demo seed has an active product without reviews').toBeDefined();
    const product = (await get(`/api/products/products/${quiet!.slug}/`)).body as Product;
    expect(product).toMatchObject({ average_rating: null, review_count: 0, reviews: [] });
  });

  it('answers 404 with DRF’s body for an unknown slug', async () => {
    expect(await get('/api/products/products/no-such-product/')).toEqual({
      status: 404,
      body: { detail: 'Not found.' },
    });
  });
});
