/**
 * The sitemap at scale (decision 017): `/sitemap.xml` is an index of files of at most
 * `urlsPerFile` URLs (50,000 in the app; 5 here, read 2 rows a query, so a seeded shop
 * already spans many files), which together list every page of the shop once and nothing of
 * another shop; a file is written as its rows come, kept gzip-compressed until the catalogue
 * changes, and a file past the last answers 404.
 */
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { parseSitemap, pathOfUrl, sitemapUrls } from '../../scripts/lib/sitemap-urls.ts';
import { sitemapIndexXml, sitemapXml, urlXml, xmlEscape } from '../content/sitemap-xml.ts';
import { QueryCounter } from '../test/query-counter.ts';
import { useTestApp } from '../test/test-app.ts';
import { seo, type SeoPluginOptions } from './seo.ts';
import { injectText } from '../test/sitemaps.ts';

const ORIGIN = 'http://shop.example';
const PER_FILE = 5;
const queries = new QueryCounter();
const t = useTestApp({}, { plugins: [queries] });
let site: FastifyInstance;
let demoId: number;
let otherId: number;

/**
 * An app serving only the sitemap of the shop `tenantId` (null: the Host names no shop), on the
 * test app's database and caches.
 */
async function sitemapApp(
  options: Partial<SeoPluginOptions> = {},
  tenantId: number | null = demoId,
): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('db', t.app.db);
  app.decorate('catalogCache', t.app.catalogCache);
  app.decorate('shops', {
    ...t.app.shops,
    forRequest: async () => (tenantId === null ? null : t.app.shops.byTenantId(tenantId)),
  });
  await app.register(seo, {
    origin: () => ORIGIN,
    urlsPerFile: PER_FILE,
    rowsPerQuery: 2,
    ...options,
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  const tenants = await t.app.db.selectFrom('tenants').select(['id', 'token']).execute();
  demoId = tenants.find((row) => row.token === 'demo-handcraft')!.id;
  otherId = tenants.find((row) => row.id !== demoId)!.id;
  site = await sitemapApp();
});
afterAll(async () => {
  await site?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return site.inject({ method: 'GET', url, headers });
}

/** The files the index names, as paths, and the index itself. */
async function indexFiles(): Promise<{ paths: string[]; xml: string }> {
  const response = await get('/sitemap.xml');
  expect(response.statusCode).toBe(200);
  const document = parseSitemap(response.body);
  expect(document.kind).toBe('sitemapindex');
  return { paths: document.locs.map(pathOfUrl), xml: response.body };
}

async function activeProductUrls(tenantId: number): Promise<string[]> {
  const rows = await t.app.db
    .selectFrom('products')
    .select('slug')
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((row) => `${ORIGIN}/products/${encodeURIComponent(row.slug)}`);
}

let made = 0;
/** Adds an active product to the shop straight in the database (no writer tells the caches). */
async function addProduct(tenantId: number, slug: string, createdAt: string): Promise<void> {
  const category = await t.app.db
    .selectFrom('categories')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  made++;
  await t.app.db
    .insertInto('products')
    .values({
      tenant_id: tenantId,
      slug,
      name: `Sitemap piece ${made}`,
      category_id: category.id,
      price_cents: 1000,
      stock: 1,
      description: 'A piece for the sitemap tests.',
      long_html_description: '<p>A piece.</p>',
      is_active: 1,
      created_at: createdAt,
    })
    .execute();
}

describe('the sitemap index and its files', () => {
  it('names a pages, products and blog file each, every one with at most urlsPerFile URLs, together listing each page of the shop once', async () => {
    const { paths } = await indexFiles();
    const products = await activeProductUrls(demoId);
    const productFiles = Math.ceil(products.length / PER_FILE);
    expect(productFiles).toBeGreaterThan(2);
    expect(paths.filter((path) => path.startsWith('/sitemaps/products-'))).toEqual(
      Array.from({ length: productFiles }, (_, i) => `/sitemaps/products-${i + 1}.xml`),
    );
    expect(paths[0]).toBe('/sitemaps/pages-1.xml');
    expect(paths.at(-1)).toMatch(/^\/sitemaps\/blog-\d+\.xml$/);

    const all: string[] = [];
    for (const path of paths) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const document = parseSitemap(response.body);
      expect(document.kind).toBe('urlset');
      expect(document.locs.length, path).toBeGreaterThan(0);
      expect(document.locs.length, path).toBeLessThanOrEqual(PER_FILE);
      all.push(...document.locs);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((loc) => /\/products\/[^?]+$/.test(loc))).toEqual(products);
    expect(all).toEqual(expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/faq`]));
    const categories = await t.app.db
      .selectFrom('categories')
      .select('slug')
      .where('tenant_id', '=', demoId)
      .execute();
    for (const { slug } of categories) expect(all).toContain(`${ORIGIN}/products?category=${slug}`);
    // The reader the scripts use finds the same URLs in the same order.
    expect(await sitemapUrls(injectText(site))).toEqual(all);
  });

  it("never lists the other shop's products, categories or posts", async () => {
    const all = await sitemapUrls(injectText(site));
    const other = new Set(await activeProductUrls(otherId));
    expect(other.size).toBeGreaterThan(0);
    expect(all.filter((loc) => other.has(loc))).toEqual([]);
    const theirCategories = await t.app.db
      .selectFrom('categories')
      .select('slug')
      .where('tenant_id', '=', otherId)
      .execute();
    const ours = await t.app.db
      .selectFrom('categories')
      .select('slug')
      .where('tenant_id', '=', demoId)
      .execute();
    for (const { slug } of theirCategories.filter((c) => !ours.some((o) => o.slug === c.slug)))
      expect(all).not.toContain(`${ORIGIN}/products?category=${slug}`);
    const theirPosts = await t.app.db
      .selectFrom('blog_posts')
      .select('slug')
      .where('tenant_id', '=', otherId)
      .execute();
    for (const { slug } of theirPosts) expect(all).not.toContain(`${ORIGIN}/blog/${slug}`);
  });

  it('gives each file in the index the latest lastmod of its entries', async () => {
    const { xml } = await indexFiles();
    const named = [...xml.matchAll(/<loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)];
    for (const [, loc, lastmod] of named) {
      const file = (await get(pathOfUrl(loc!))).body;
      const dates = [...file.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]!).sort();
      expect(lastmod, loc).toBe(dates.at(-1));
    }
    // Products carry the day they were created (the table keeps no later change).
    expect(named.some(([, loc, lastmod]) => loc!.includes('products-') && lastmod)).toBe(true);
  });

  it('answers 404 past the last file and for a name it does not make', async () => {
    const { paths } = await indexFiles();
    const last = paths.filter((path) => path.includes('products-')).length;
    for (const url of [
      `/sitemaps/products-${last + 1}.xml`,
      `/sitemaps/products-${last + 1000}.xml`,
      '/sitemaps/products-0.xml',
      '/sitemaps/products-01.xml',
      '/sitemaps/products-1.xml.gz',
      '/sitemaps/orders-1.xml',
      '/sitemaps/pages.xml',
      '/sitemaps/products-99999999999999999999.xml',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await get(`/sitemaps/products-${last}.xml`)).statusCode).toBe(200);
  });

  it('shows a catalogue change at once, and serves from memory until then', async () => {
    await indexFiles();
    await get('/sitemaps/products-1.xml');
    queries.reset();
    const before = await sitemapUrls(injectText(site));
    expect(queries.total).toBe(0);

    const slug = `sitemap-new-${Date.now()}`;
    await addProduct(demoId, slug, '2031-05-06T07:08:09.000Z');
    const first = await t.app.db
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('tenant_id', '=', demoId)
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('products')
      .set({ is_active: 0 })
      .where('id', '=', first.id)
      .execute();
    // A stock move changes no URL: the files stay.
    t.app.catalogCache.invalidateProducts(demoId, [first.slug]);
    queries.reset();
    expect(await sitemapUrls(injectText(site))).toEqual(before);
    expect(queries.total).toBe(0);

    // What every writer does after changing the catalogue.
    t.app.catalogCache.invalidate(demoId);
    const after = await sitemapUrls(injectText(site));
    expect(after).toContain(`${ORIGIN}/products/${slug}`);
    expect(after).not.toContain(`${ORIGIN}/products/${first.slug}`);
    expect(after.filter((loc) => /\/products\/[^?]+$/.test(loc))).toEqual(
      await activeProductUrls(demoId),
    );
    const { xml } = await indexFiles();
    expect(xml).toContain('<lastmod>2031-05-06</lastmod>');

    // Another shop's change leaves this one's files alone.
    queries.reset();
    t.app.catalogCache.invalidate(otherId);
    await sitemapUrls(injectText(site));
    expect(queries.total).toBe(0);

    await t.app.db
      .updateTable('products')
      .set({ is_active: 1 })
      .where('id', '=', first.id)
      .execute();
    t.app.catalogCache.invalidate(demoId);
  });

  it('builds a file once for every request that asks while it is written, each getting it whole', async () => {
    t.app.catalogCache.invalidate(demoId);
    await indexFiles();
    queries.reset();
    const answers = await Promise.all([
      get('/sitemaps/products-2.xml'),
      get('/sitemaps/products-2.xml', { 'accept-encoding': 'gzip' }),
      get('/sitemaps/products-2.xml'),
    ]);
    // Five URLs read two a query: three queries, once.
    expect(queries.touching('products')).toBe(3);
    const text = answers[0]!.body;
    expect(parseSitemap(text).locs).toHaveLength(PER_FILE);
    expect(answers[2]!.body).toBe(text);
    expect(answers[1]!.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answers[1]!.rawPayload).toString('utf8')).toBe(text);
  });

  it('sends a kept file gzip-compressed as it is, or inflated, with an ETag that answers 304', async () => {
    const text = (await get('/sitemaps/products-1.xml')).body;
    queries.reset();
    const zipped = await get('/sitemaps/products-1.xml', { 'accept-encoding': 'br, gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(text);
    const plain = await get('/sitemaps/products-1.xml');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
    expect(queries.total).toBe(0);

    const etag = String(zipped.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(plain.headers.etag).toBe(etag);
    const again = await get('/sitemaps/products-1.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const index = await get('/sitemap.xml');
    const unchanged = await get('/sitemap.xml', { 'if-none-match': String(index.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
  });

  it('escapes what XML reserves in every URL', async () => {
    // encodeURIComponent keeps an apostrophe as it is: the XML must not.
    const slug = `o'brien-${Date.now()}`;
    await addProduct(demoId, slug, '2030-01-01T00:00:00.000Z');
    t.app.catalogCache.invalidate(demoId);
    const all = await sitemapUrls(injectText(site));
    expect(all).toContain(`${ORIGIN}/products/${slug}`);
    const { paths } = await indexFiles();
    const lastProducts = paths.filter((path) => path.includes('products-')).at(-1)!;
    const body = (await get(lastProducts)).body;
    expect(body).toContain(`<loc>${ORIGIN}/products/o&apos;brien-`);
    // Nothing but markup and entities: no bare & < > ' " in any text.
    for (const match of body.matchAll(/>([^<]*)</g))
      expect(match[1]).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)|['"<>]/);

    expect(xmlEscape(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(urlXml('https://x.example', { path: '/products?category=a&page=2' })).toBe(
      '<url><loc>https://x.example/products?category=a&amp;page=2</loc></url>\n',
    );
    expect(sitemapIndexXml('https://x.example', [{ path: '/s?a=1&b=2' }])).toContain(
      '<sitemap><loc>https://x.example/s?a=1&amp;b=2</loc></sitemap>',
    );
    expect(sitemapXml('https://x.example', [])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n',
    );
  });

  it('answers a Host no shop holds with the plain 404 page, never a sitemap', async () => {
    const none = await sitemapApp({}, null);
    try {
      for (const url of ['/sitemap.xml', '/sitemaps/pages-1.xml', '/robots.txt']) {
        const answer = await none.inject({ method: 'GET', url });
        expect(answer.statusCode).toBe(404);
        expect(answer.body).toContain('No shop answers at this address.');
      }
    } finally {
      await none.close();
    }
  });

  it('starts a new file with the content pages when they alone fill one', async () => {
    // Nine content pages at four a file: pages-1 and -2 hold them, pages-3 the last and the
    // categories go on from there; no page is lost or listed twice.
    const small = await sitemapApp({ urlsPerFile: 4, rowsPerQuery: 1000 });
    try {
      const urls = await sitemapUrls(injectText(small));
      const pages = urls.filter((loc) => !/\/(products\/|blog\/)/.test(loc));
      expect(new Set(pages).size).toBe(pages.length);
      const index = parseSitemap((await small.inject({ url: '/sitemap.xml' })).body);
      const pageFiles = index.locs.filter((loc) => loc.includes('/pages-'));
      expect(pageFiles.length).toBe(Math.ceil(pages.length / 4));
      for (const loc of index.locs) {
        const file = await small.inject({ url: pathOfUrl(loc) });
        expect(parseSitemap(file.body).locs.length).toBeLessThanOrEqual(4);
      }
    } finally {
      await small.close();
    }
  });
});
