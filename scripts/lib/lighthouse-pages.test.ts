/** The pages `npm run lighthouse` audits, from a sitemap like the one the API serves. */
import { pagesToAudit, routeOf } from './lighthouse-pages.ts';
import { parseSitemap } from './sitemap-urls.ts';

const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://shop.example/</loc></url>
  <url><loc>https://shop.example/company-info</loc></url>
  <url><loc>https://shop.example/products?category=chef-knives</loc></url>
  <url><loc>https://shop.example/products?category=ceramics</loc></url>
  <url><loc>https://shop.example/products/damascus-gyuto-210mm</loc></url>
  <url><loc>https://shop.example/products/tenmoku-tea-mug</loc></url>
  <url><loc>https://shop.example/blog/caring-for-carbon-steel</loc></url>
  <url><loc>https://shop.example/search?q=a&amp;page=2</loc></url>
</urlset>`;
const urls = parseSitemap(sitemap).locs;

describe('the pages npm run lighthouse audits', () => {
  it('takes one page of each route of the sitemap, then /cart and /login as noindex', () => {
    expect(pagesToAudit(urls)).toEqual([
      { label: '/', path: '/' },
      { label: '/company-info', path: '/company-info' },
      {
        label: '/products?category=:value (/products?category=chef-knives)',
        path: '/products?category=chef-knives',
      },
      {
        label: '/products/:slug (/products/damascus-gyuto-210mm)',
        path: '/products/damascus-gyuto-210mm',
      },
      {
        label: '/blog/:slug (/blog/caring-for-carbon-steel)',
        path: '/blog/caring-for-carbon-steel',
      },
      { label: '/search?q=:value&page=:value (/search?q=a&page=2)', path: '/search?q=a&page=2' },
      { label: '/cart', path: '/cart', noindex: true },
      { label: '/login', path: '/login', noindex: true },
    ]);
  });

  it('takes every URL with everyUrl, each once', () => {
    const paths = pagesToAudit([...urls, ...urls], { everyUrl: true }).map((page) => page.path);
    expect(paths).toHaveLength(10);
    expect(paths).toContain('/products/tenmoku-tea-mug');
    expect(paths).toContain('/products?category=ceramics');
  });

  it('names the route of a path', () => {
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/faq')).toBe('/faq');
    expect(routeOf('/blog/x')).toBe('/blog/:slug');
    expect(routeOf('/products?category=x')).toBe('/products?category=:value');
  });
});
