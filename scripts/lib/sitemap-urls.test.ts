/** Reading a sitemap or a sitemap index as a crawler does (scripts/lib/sitemap-urls.ts). */
import { parseSitemap, pathOfUrl, sitemapUrls, xmlUnescape } from './sitemap-urls.ts';

const index = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://shop.example/sitemaps/pages-1.xml</loc></sitemap>
<sitemap><loc>https://shop.example/sitemaps/products-1.xml</loc><lastmod>2026-03-01</lastmod></sitemap>
<sitemap><loc>https://shop.example/sitemaps/products-2.xml</loc><lastmod>2026-03-02</lastmod></sitemap>
</sitemapindex>
`;

const urlset = (...locs: string[]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  locs.map((loc) => `<url><loc>${loc}</loc><lastmod>2026-03-01</lastmod></url>\n`).join('') +
  '</urlset>\n';

const files: Record<string, string> = {
  '/sitemap.xml': index,
  '/sitemaps/pages-1.xml': urlset(
    'https://shop.example/',
    'https://shop.example/products?category=ceramics&amp;page=2',
  ),
  '/sitemaps/products-1.xml': urlset('https://shop.example/products/a'),
  '/sitemaps/products-2.xml': urlset('https://shop.example/products/b'),
};

describe('reading a sitemap', () => {
  it('follows an index to each file it names, in order, as paths on the site being read', async () => {
    const asked: string[] = [];
    const urls = await sitemapUrls(async (path) => {
      asked.push(path);
      const text = files[path];
      if (text === undefined) throw new Error(`${path} answered 404`);
      return text;
    });
    expect(asked).toEqual([
      '/sitemap.xml',
      '/sitemaps/pages-1.xml',
      '/sitemaps/products-1.xml',
      '/sitemaps/products-2.xml',
    ]);
    expect(urls).toEqual([
      'https://shop.example/',
      'https://shop.example/products?category=ceramics&page=2',
      'https://shop.example/products/a',
      'https://shop.example/products/b',
    ]);
  });

  it('reads a plain urlset as it is', async () => {
    const text = urlset('https://shop.example/faq');
    expect(await sitemapUrls(async () => text)).toEqual(['https://shop.example/faq']);
  });

  it('passes on a file that does not answer, and refuses what is not a sitemap', async () => {
    await expect(
      sitemapUrls(async (path) => {
        if (path === '/sitemap.xml') return index;
        throw new Error(`${path} answered 500`);
      }),
    ).rejects.toThrow('/sitemaps/pages-1.xml answered 500');
    await expect(sitemapUrls(async () => '<html></html>')).rejects.toThrow('not a sitemap');
  });

  it('stops at an index that names itself', async () => {
    const loop = index.replace('sitemaps/pages-1.xml', 'sitemap.xml');
    await expect(sitemapUrls(async () => loop)).rejects.toThrow('nested too deep');
  });

  it('reads the paths whatever their origin, entities unescaped', () => {
    expect(xmlUnescape('a&amp;b&lt;&gt;&quot;&apos;&#38;&#x26;&unknown;')).toBe(
      'a&b<>"\'&&&unknown;',
    );
    expect(parseSitemap(files['/sitemaps/pages-1.xml']!)).toEqual({
      kind: 'urlset',
      locs: ['https://shop.example/', 'https://shop.example/products?category=ceramics&page=2'],
    });
    expect(pathOfUrl('https://shop.example/products?category=ceramics&page=2')).toBe(
      '/products?category=ceramics&page=2',
    );
    expect(parseSitemap(index).kind).toBe('sitemapindex');
  });
});
