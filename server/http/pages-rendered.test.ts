/**
 * Server rendering (decision 008) through the real app and the storefront's render module:
 * each kind of page with its status code, head tags and JSON-LD, the CSP nonce on every inline
 * script, the escaping of serialized data and the sanitized descriptions.
 */
import { seedTenants } from '../seed/catalog-data.ts';
import { HTML, demo, jsonLd, metaContent, useRenderingApp } from '../test/pages.ts';

const { t } = useRenderingApp();

describe('server-rendered pages', () => {
  it("puts the shop's card shape on the rendered document, for the stylesheet", async () => {
    const square = await t.app.inject({ method: 'GET', url: '/products', headers: HTML });
    expect(square.body).toMatch(/<html data-card-aspect="square" lang="en">/);
    const tenantId = (
      await t.app.db
        .selectFrom('tenants')
        .select('id')
        .where('token', '=', 'demo-handcraft')
        .executeTakeFirstOrThrow()
    ).id;
    await t.app.db
      .updateTable('site_settings')
      .set({ card_aspect: 'landscape' })
      .where('tenant_id', '=', tenantId)
      .execute();
    t.app.catalogCache.invalidate(tenantId);
    try {
      await expect
        .poll(
          async () => (await t.app.inject({ method: 'GET', url: '/products', headers: HTML })).body,
        )
        .toMatch(/<html data-card-aspect="landscape" lang="en">/);
    } finally {
      await t.app.db
        .updateTable('site_settings')
        .set({ card_aspect: 'square' })
        .where('tenant_id', '=', tenantId)
        .execute();
      t.app.catalogCache.invalidate(tenantId);
    }
  });

  it('renders the home page with its content, links and a nonce on every inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain('unsafe-inline');
    const html = response.body;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(`<title>${demo.site.site_title.replace('&', '&amp;')}</title>`);
    expect(html).toMatch(/<a [^>]*href="\/products\/damascus-gyuto-210mm"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/style-abc.css">');
    // Every inline script carries this response's nonce; no script is loaded by src up front.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    for (const attributes of scripts.filter((a) => !/type="application\/ld\+json"/.test(a)))
      expect(attributes).toContain(`nonce="${nonce}"`);
    expect(scripts.some((attributes) => /\bsrc=/.test(attributes))).toBe(false);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    // The entry is requested once the page has loaded and painted (ssr.spec.ts checks the order).
    expect(html).toContain('addEventListener("load"');
    expect(html).toContain('"first-contentful-paint"');
    expect(html).toContain('"/assets/index-abc.js"');
    const organization = jsonLd(html).find((item) => item['@type'] === 'Organization');
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      name: demo.site.site_title,
    });
    expect(organization?.sameAs).toEqual(
      expect.arrayContaining([expect.stringMatching(/^https:/)]),
    );
  });

  it("names the server's shop in the rendered page and in the shell, for the browser's requests", async () => {
    // One build serves whichever shop the server is started for (src/api/config.ts reads this).
    const meta = '<meta name="tenant-token" content="demo-handcraft">';
    const rendered = await t.app.inject({ method: 'GET', url: '/faq', headers: HTML });
    expect(rendered.body.match(/<meta name="tenant-token"[^>]*>/g)).toEqual([meta]);
    const shell = await t.app.inject({ method: 'GET', url: '/index.html', headers: HTML });
    expect(shell.body.match(/<meta name="tenant-token"[^>]*>/g)).toEqual([meta]);
  });

  it('gives a product page its title, description, canonical, Open Graph, Product and BreadcrumbList JSON-LD', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/products/damascus-gyuto-210mm',
      headers: { ...HTML, host: 'shop.example' },
    });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Damascus Gyuto 210mm | Ember &amp; Oak Workshop</title>');
    expect(metaContent(html, 'name', 'description')).toMatch(/^A 210mm gyuto with a VG-10 core/);
    expect(html).toContain(
      '<link rel="canonical" href="http://shop.example/products/damascus-gyuto-210mm"',
    );
    expect(metaContent(html, 'property', 'og:type')).toBe('product');
    expect(metaContent(html, 'property', 'og:image')).toMatch(
      /^http:\/\/shop\.example\/api\/media\/demo\/products\/damascus-gyuto-210mm-1\.webp$/,
    );
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'robots')).toBeUndefined();

    const items = jsonLd(html);
    const product = items.find((item) => item['@type'] === 'Product')!;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Damascus Gyuto 210mm',
      url: 'http://shop.example/products/damascus-gyuto-210mm',
      offers: {
        '@type': 'Offer',
        price: '385.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { '@type': 'AggregateRating' },
    });
    const rating = product.aggregateRating as { ratingValue: number; reviewCount: number };
    expect(rating.reviewCount).toBeGreaterThan(0);
    expect(rating.ratingValue).toBeGreaterThanOrEqual(1);
    expect(rating.ratingValue).toBeLessThanOrEqual(5);
    const crumbs = items.find((item) => item['@type'] === 'BreadcrumbList')!;
    expect(
      (crumbs.itemListElement as Array<{ name: string; position: number }>).map((c) => c.name),
    ).toEqual(['Home', 'Products', 'Chef Knives', 'Damascus Gyuto 210mm']);
  });

  it('says OutOfStock for a product with no stock', async () => {
    const db = t.app.db;
    await db
      .updateTable('products')
      .set({ stock: 0 })
      .where('slug', '=', 'damascus-gyuto-210mm')
      .execute();
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/products/damascus-gyuto-210mm',
        headers: HTML,
      });
      const product = jsonLd(response.body).find((item) => item['@type'] === 'Product')!;
      expect((product.offers as { availability: string }).availability).toBe(
        'https://schema.org/OutOfStock',
      );
    } finally {
      await db
        .updateTable('products')
        .set({ stock: 6 })
        .where('slug', '=', 'damascus-gyuto-210mm')
        .execute();
    }
  });

  it('gives a category page a BreadcrumbList and keeps search results out of the index', async () => {
    const category = await t.app.inject({
      method: 'GET',
      url: '/products?category=chef-knives',
      headers: HTML,
    });
    expect(category.statusCode).toBe(200);
    expect(category.body).toContain(
      '<title>Products in Chef Knives | Ember &amp; Oak Workshop</title>',
    );
    expect(jsonLd(category.body).map((item) => item['@type'])).toContain('BreadcrumbList');
    expect(category.body).toMatch(
      /<link rel="canonical" href="http:\/\/[^"]+\/products\?category=chef-knives"/,
    );
    const search = await t.app.inject({
      method: 'GET',
      url: '/products?search=oak',
      headers: HTML,
    });
    expect(metaContent(search.body, 'name', 'robots')).toBe('noindex');
  });

  it('gives a list page the data its cards show and nothing more (no long descriptions, no image sets)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/products', headers: HTML });
    expect(response.statusCode).toBe(200);
    const data = [...response.body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1]!)
      .find((script) => script.includes('$_TSR.router'));
    expect(data).toBeDefined();
    // The cards' fields are there for hydration...
    expect(data).toContain('"damascus-gyuto-210mm"');
    expect(data).toContain('price_before_discount');
    expect(data).toContain('thumb_image');
    // ...but not the product page's: they made the inline script 29 KB (TBT).
    expect(data).not.toContain('long_html_description');
    expect(data).not.toMatch(/\bimages:/);
    // 20 KB before each photo carried its size and framing (width, height, focal point, card
    // crop) and the frame the shop's chosen pictures (hero, category tiles): about 2 KB more.
    expect(data!.length).toBeLessThan(22_000);
  });

  it('marks the private pages noindex', async () => {
    for (const url of [
      '/login',
      '/register',
      '/cart',
      '/payment/return',
      '/order-confirmation',
      '/account/orders',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(metaContent(response.body, 'name', 'robots'), url).toBe('noindex');
    }
  });

  it('answers 404 with the 404 page for an unknown path, and with "Product not found." for an unknown product', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: HTML });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Oops! The page you are looking for does not exist.');
    const product = await t.app.inject({
      method: 'GET',
      url: '/products/no-such-knife',
      headers: HTML,
    });
    expect(product.statusCode).toBe(404);
    expect(product.body).toContain('Product not found.');
    // Neither claims an address of its own, and both stay out of the index.
    for (const body of [page.body, product.body]) {
      expect(body).not.toMatch(/<link rel="canonical"/);
      expect(metaContent(body, 'name', 'robots')).toBe('noindex');
    }
    // The second shop's product is unknown to this storefront's tenant, too.
    const other = seedTenants[1]!.products[0]!.slug;
    const foreign = await t.app.inject({ method: 'GET', url: `/products/${other}`, headers: HTML });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers a hostile URL with the page or a 404, never a 500', async () => {
    for (const url of ['/products/%00', '/blog/%00']) {
      const response = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(404);
    }
    const search = await t.app.inject({
      method: 'GET',
      url: '/products?search=a%00b',
      headers: HTML,
    });
    // The refused value is dropped from the URL, as any search param the page cannot use.
    expect(search.statusCode).toBe(307);
    expect(search.headers.location).toBe('/products');
  });

  it('answers 404 for a list page past the last or a category the shop does not have, never a 500', async () => {
    const notFound = [
      '/products?page=5',
      '/blog?page=50',
      `/products?category=${'a'.repeat(130)}`,
      '/products?category=no-such-category',
    ];
    for (const url of notFound) {
      const response = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Oops! The page you are looking for does not exist.');
    }
  });

  it('never titles a page with words a URL made up as a category', async () => {
    const url = '/products?category=Call%20us%20at%20555-0100%20for%20refunds';
    const response = await t.app.inject({ method: 'GET', url, headers: HTML });
    expect(response.statusCode).toBe(404);
    const title = /<title>([^<]*)<\/title>/.exec(response.body)?.[1];
    expect(title).not.toContain('555-0100');
    expect(response.body).not.toMatch(/<h1[^>]*>[^<]*555-0100/);
    // A page that is none claims no address and stays out of the index.
    expect(response.body).not.toMatch(/<link rel="canonical"/);
    expect(metaContent(response.body, 'property', 'og:url')).toBeUndefined();
    expect(metaContent(response.body, 'name', 'robots')).toBe('noindex');
  });

  it('cuts a search term longer than the API takes to its first 200 characters', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/products?search=${'w'.repeat(250)}`,
      headers: HTML,
    });
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe(`/products?search=${'w'.repeat(200)}`);
    const cut = await t.app.inject({
      method: 'GET',
      url: response.headers.location!,
      headers: HTML,
    });
    expect(cut.statusCode).toBe(200);
  });

  it('renders a name holding </script><script> as text, in the page and in its data', async () => {
    const evil = 'Knife </script><script>window.pwned=1</script> & <b>co</b>';
    await t.app.db
      .updateTable('products')
      .set({ name: evil })
      .where('slug', '=', 'damascus-gyuto-210mm')
      .execute();
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/products/damascus-gyuto-210mm',
        headers: HTML,
      });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).not.toContain('<script>window.pwned=1</script>');
      expect(html).not.toContain('</script><script>window.pwned');
      expect(html).toContain(
        'Knife &lt;/script&gt;&lt;script&gt;window.pwned=1&lt;/script&gt; &amp; &lt;b&gt;co&lt;/b&gt;',
      );
      // The JSON-LD still parses and holds the name as it is.
      const product = jsonLd(html).find((item) => item['@type'] === 'Product')!;
      expect(product.name).toBe(evil);
    } finally {
      await t.app.db
        .updateTable('products')
        .set({ name: 'Damascus Gyuto 210mm' })
        .where('slug', '=', 'damascus-gyuto-210mm')
        .execute();
    }
  });

  it('sanitizes the long HTML description on the server', async () => {
    await t.app.db
      .updateTable('products')
      .set({
        long_html_description:
          '<p>ok</p><img src=x onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:alert(1)">x</a>' +
          '<div class="catalog-overlay" id="main">Session expired</div>',
      })
      .where('slug', '=', 'damascus-gyuto-210mm')
      .execute();
    const response = await t.app.inject({
      method: 'GET',
      url: '/products/damascus-gyuto-210mm',
      headers: HTML,
    });
    const details = /<div class="catalog-prose">([\s\S]*?)<\/div>/.exec(response.body)?.[1] ?? '';
    expect(details).toContain('<p>ok</p>');
    expect(details).not.toMatch(/onerror|<script|javascript:/);
    // HTML stored before classes were refused cannot restyle the page either.
    expect(details).toContain('<div>Session expired');
    expect(details).not.toMatch(/class=|id=/);
  });
});
