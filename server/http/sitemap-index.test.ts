/**
 * The sitemap and robots.txt of the storefront's shop: exactly its active products, categories
 * and content pages, every URL built from the shop's origin (STOREFRONT_URL) whatever Host a
 * client sends. The sitemap is an index of files (sitemap-files.test.ts); these tests read it
 * whole, following the index as a crawler does.
 */
import { seedTenants } from '../seed/catalog-data.ts';
import { demoContent, potteryContent } from '../seed/content-data.ts';
import { listedUrls } from '../test/sitemaps.ts';
import { HTML, demo, useRenderingApp } from '../test/pages.ts';

const { t } = useRenderingApp();

describe('sitemap and robots.txt', () => {
  it('lists exactly the active products and the categories of the storefront’s tenant, and the content pages', async () => {
    const index = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'shop.example' },
    });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    const file = await t.app.inject({ method: 'GET', url: '/sitemaps/products-1.xml' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = await listedUrls(t.app, { host: 'shop.example' });
    expect(new Set(locs).size).toBe(locs.length);
    const productLocs = locs.filter((loc) => /\/products\/[^?]+$/.test(loc)).sort();
    const active = demo.products
      .filter((p) => p.is_active !== false)
      .map((p) => `http://shop.example/products/${p.slug}`)
      .sort();
    expect(productLocs).toEqual(active);
    const inactive = demo.products.find((p) => p.is_active === false);
    if (inactive) expect(locs).not.toContain(`http://shop.example/products/${inactive.slug}`);
    for (const other of seedTenants[1]!.products)
      expect(locs).not.toContain(`http://shop.example/products/${other.slug}`);
    expect(locs).toContain('http://shop.example/products?category=chef-knives');
    // Published posts of this shop, no drafts, none of the other shop's.
    const postLocs = locs.filter((loc) => /\/blog\/[^/]+$/.test(loc)).sort();
    const published = demoContent.blog_posts
      .filter((post) => post.status === 'published' && (post.published_days_ago ?? 0) >= 0)
      .map((post) => `http://shop.example/blog/${post.slug}`)
      .sort();
    expect(postLocs).toEqual(published);
    for (const post of potteryContent.blog_posts)
      expect(locs).not.toContain(`http://shop.example/blog/${post.slug}`);
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://shop.example/',
        'http://shop.example/faq',
        'http://shop.example/blog',
        'http://shop.example/accessibility',
      ]),
    );
    expect(locs.some((loc) => /\/(cart|login|register|account)/.test(loc))).toBe(false);
  });

  it("builds every URL from the shop's origin (STOREFRONT_URL), never a Host a client sends", async () => {
    // A client that is not a configured proxy names another host: the shop's origin stays.
    const forged = { host: 'shop.example', 'x-forwarded-host': 'evil.example' };
    const remoteAddress = '203.0.113.9';
    for (const url of [
      '/sitemap.xml',
      '/sitemaps/pages-1.xml',
      '/sitemaps/products-1.xml',
      '/robots.txt',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: forged, remoteAddress });
      expect(response.body, url).toContain('http://shop.example/');
      expect(response.body, url).not.toContain('evil.example');
      // A Host no shop holds gets no shop's sitemap at all.
      const elsewhere = await t.app.inject({
        method: 'GET',
        url,
        headers: { host: 'evil.example' },
      });
      expect(elsewhere.statusCode, url).toBe(404);
      expect(elsewhere.body, url).not.toContain('shop.example');
    }
    const locs = await listedUrls(t.app, { host: 'shop.example' });
    expect(locs.every((loc) => loc.startsWith('http://shop.example/'))).toBe(true);
    const page = await t.app.inject({
      method: 'GET',
      url: '/products/damascus-gyuto-210mm',
      headers: { ...HTML, ...forged },
      remoteAddress,
    });
    expect(page.body).toContain(
      '<link rel="canonical" href="http://shop.example/products/damascus-gyuto-210mm"',
    );
    expect(page.body).not.toContain('evil.example');
  });

  it('robots.txt allows the shop, keeps crawlers out of the API but its media, and names the sitemap', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'shop.example' },
    });
    expect(response.body).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\nAllow: /api/media/\nSitemap: http://shop.example/sitemap.xml\n',
    );
  });
});
