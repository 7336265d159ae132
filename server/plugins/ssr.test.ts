/**
 * Server rendering (decision 008) through the real app and the storefront's render
 * module (src/entry-server.tsx, loaded from source here rather than from a build): status
 * codes, head tags and JSON-LD, the CSP nonce, the escaping of serialized data, the shell when a
 * render fails, the sitemap and robots.txt.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { Renderer } from '../lib/server-render.ts';
import { seedTenants } from '../seed/catalog-data.ts';
import { demoContent, potteryContent } from '../seed/content-data.ts';
import { call, createCustomer, productBySlug } from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const demo = seedTenants[0]!;
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const ENTRY_SERVER = pathToFileURL(resolve(__dirname, '../../src/entry-server.tsx')).href;
const loadSource = () => import(ENTRY_SERVER) as Promise<Renderer>;

/** A stand-in for `vite build` output: the shell, one script, one stylesheet, the manifest. */
async function fakeDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'shop-ssr-dist-'));
  await mkdir(join(dist, 'assets'), { recursive: true });
  await mkdir(join(dist, '.vite'), { recursive: true });
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Vite</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dist, 'assets', 'index-abc.js'), 'console.log(1);');
  await writeFile(join(dist, 'assets', 'style-abc.css'), 'body{}');
  await writeFile(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', src: 'index.html', isEntry: true },
      'src/routes/products.$slug.tsx?tsr-split=component': {
        file: 'assets/products._slug-abc.js',
        src: 'src/routes/products.$slug.tsx?tsr-split=component',
        isDynamicEntry: true,
      },
      'style.css': { file: 'assets/style-abc.css', src: 'style.css' },
    }),
  );
  return dist;
}

/** The JSON-LD objects of a page, parsed (throws on invalid JSON). */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

function metaContent(html: string, attribute: 'name' | 'property', key: string) {
  const tag = new RegExp(`<meta [^>]*${attribute}="${key}"[^>]*>`).exec(html)?.[0];
  return tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
}

let t: TestApp;
let dist: string;
const logs: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  dist = await fakeDist();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  t = await createTestApp(
    { serveSpa: true, distDir: dist, storefrontUrl: 'http://shop.example' },
    { loadRenderer: loadSource, logger: { level: 'error', stream } },
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
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
    expect(data!.length).toBeLessThan(20_000);
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
          '<p>ok</p><img src=x onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:alert(1)">x</a>',
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
  });
});

describe('when a render fails', () => {
  it('logs it and serves the SPA shell, never a blank page or a bare 500', async () => {
    const failing = await createTestApp(
      { serveSpa: true, distDir: dist },
      {
        loadRenderer: async () => ({
          render: async () => {
            throw new Error('a route threw while rendering');
          },
        }),
        logger: {
          level: 'error',
          stream: new Writable({
            write(chunk: Buffer, _encoding, done) {
              logs.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
              done();
            },
          }),
        },
      },
    );
    try {
      const response = await failing.app.inject({ method: 'GET', url: '/products', headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('id="site-settings"');
      expect(String(response.headers['content-security-policy'])).not.toContain('nonce-');
      expect(
        logs.some(
          (line) =>
            line.msg === 'server render failed; serving the SPA shell' &&
            (line.err as { message?: string })?.message === 'a route threw while rendering',
        ),
      ).toBe(true);
    } finally {
      await failing.close();
    }
  });

  it('rejects when a route component throws while rendering (which the server turns into the shell)', async () => {
    const { render } = await loadSource();
    const real = await t.app.inject({
      method: 'GET',
      url: '/api/products/products/damascus-gyuto-210mm/',
      headers: { 'x-tenant-token': demo.token },
    });
    // The product page maps over `reviews`: a number there makes the component throw.
    const broken = { ...real.json<Record<string, unknown>>(), reviews: 5 };
    const dispatch = async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/products/products/damascus-gyuto-210mm/')
        return Response.json(broken);
      const answer = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { 'x-tenant-token': demo.token },
      });
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    };
    await expect(
      render({
        url: '/products/damascus-gyuto-210mm',
        origin: 'http://shop.example',
        nonce: 'n',
        dispatch,
      }),
    ).rejects.toThrow();
    // The same page with good data renders.
    const good = await render({
      url: '/products/damascus-gyuto-210mm',
      origin: 'http://shop.example',
      nonce: 'n',
      dispatch: async (request: Request) => {
        const url = new URL(request.url);
        const answer = await t.app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}`,
          headers: { 'x-tenant-token': demo.token },
        });
        return new Response(answer.body, {
          status: answer.statusCode,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    expect(good).toMatchObject({ kind: 'html', status: 200 });
  });
});

describe('reused pages (PAGE_CACHE_TTL_MS)', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp(
      { serveSpa: true, distDir: dist, pageCacheTtlMs: 60_000 },
      { loadRenderer: loadSource },
    );
  }, 60_000);
  afterAll(() => cached?.close());
  const page = async (url: string) =>
    (await cached.app.inject({ method: 'GET', url, headers: HTML })).body;

  it('shows a new comment on the post page at once, though pages are reused for a minute', async () => {
    const post = demoContent.blog_posts.find((item) => item.status === 'published')!;
    const before = await page(`/blog/${post.slug}`);
    expect(before).not.toContain('A brand-new comment about the spoon');
    const { id } = (await cached.app.db
      .selectFrom('blog_posts')
      .select('id')
      .where('slug', '=', post.slug)
      .executeTakeFirstOrThrow()) as { id: number };
    const shopper = await createCustomer(cached.app);
    const answer = await call(cached.app, 'POST', '/blog/comments/', shopper.headers, {
      post: id,
      content: 'A brand-new comment about the spoon',
    });
    expect(answer.status).toBe(201);
    expect(await page(`/blog/${post.slug}`)).toContain('A brand-new comment about the spoon');
  });

  it('shows the stock an order left at once', async () => {
    const product = await productBySlug(cached.app, 'damascus-gyuto-210mm');
    await page('/products/damascus-gyuto-210mm');
    await cached.app.db
      .updateTable('products')
      .set({ stock: 0 })
      .where('id', '=', product!.id)
      .execute();
    // A change made outside the API (another process) shows once the page's time is up...
    expect(await page('/products/damascus-gyuto-210mm')).not.toContain('OutOfStock');
    // ...and at once after any write through this process that pages show.
    cached.app.catalogCache.invalidate(product!.tenant_id);
    expect(await page('/products/damascus-gyuto-210mm')).toContain('OutOfStock');
  });

  it('after an order, renders again only the pages that show its pieces, and keeps the rest', async () => {
    const sold = (await cached.app.db
      .selectFrom('products')
      .select(['id', 'slug', 'stock'])
      .where('slug', '=', 'cherry-cooking-spoon')
      .executeTakeFirstOrThrow()) as { id: number; slug: string; stock: number };
    const post = demoContent.blog_posts.find((item) => item.status === 'published')!;
    const urls = [
      `/products/${sold.slug}`,
      '/products?category=wood-carvings',
      '/products/tenmoku-tea-mug',
      `/blog/${post.slug}`,
    ];
    for (const url of urls) await page(url);
    // Changed behind the caches' back: a page rendered again shows it, a kept one does not.
    await cached.app.db
      .updateTable('products')
      .set({ name: 'Renamed behind the cache' })
      .where('slug', 'in', ['cherry-cooking-spoon', 'tenmoku-tea-mug'])
      .execute();
    await cached.app.orders.stockChanged((await productBySlug(cached.app, sold.slug))!.tenant_id, [
      sold.id,
    ]);
    expect(await page(`/products/${sold.slug}`)).toContain('Renamed behind the cache');
    expect(await page('/products?category=wood-carvings')).toContain('Renamed behind the cache');
    expect(await page('/products/tenmoku-tea-mug')).not.toContain('Renamed behind the cache');
    for (const [slug, name] of [
      ['cherry-cooking-spoon', 'Cherry Cooking Spoon'],
      ['tenmoku-tea-mug', 'Tenmoku Tea Mug'],
    ] as const) {
      await cached.app.db.updateTable('products').set({ name }).where('slug', '=', slug).execute();
    }
  });
});

describe('the page cache under a flood of distinct URLs', () => {
  /** A renderer that counts its renders and holds each until `release()`. */
  function stubRenderer() {
    const urls: string[] = [];
    let releases: Array<() => void> = [];
    const renderer: Renderer = {
      render: async ({ url }) => {
        urls.push(url);
        await new Promise<void>((resolve) => releases.push(resolve));
        return {
          kind: 'html',
          status: 200,
          html: `<!DOCTYPE html><html><head></head><body><main>rendered ${url}</main></body></html>`,
          routeIds: [],
        };
      },
    };
    const release = () => {
      const waiting = releases;
      releases = [];
      for (const resolve of waiting) resolve();
    };
    return { urls, release, load: () => Promise.resolve(renderer), waiting: () => releases.length };
  }

  /** A storefront keeping pages a minute, rendered by a stub renderer; `get` asks for a page. */
  async function appWithStub() {
    const stub = stubRenderer();
    const app = await createTestApp(
      { serveSpa: true, distDir: dist, pageCacheTtlMs: 60_000, pageRendersInFlight: 4 },
      { loadRenderer: stub.load },
    );
    const get = (url: string) => app.app.inject({ method: 'GET', url, headers: HTML });
    return { stub, app, get };
  }

  it('keeps / and a clean list, and no spelling a client makes up, so a flood pushes nothing out', async () => {
    const { stub, app, get } = await appWithStub();
    try {
      const rendered = async (url: string) => {
        const answer = get(url);
        await vi.waitFor(() => expect(stub.waiting()).toBe(1));
        stub.release();
        return (await answer).body;
      };
      expect(await rendered('/')).toContain('rendered /<');
      expect(await rendered('/products?category=chef-knives&page=2')).toContain(
        'rendered /products?category=chef-knives&page=2<',
      );
      // Made-up spellings are rendered as asked (the router ignores or redirects them)...
      for (let a = 1; a <= 20; a++) expect(await rendered(`/?a=${a}`)).toContain(`?a=${a}<`);
      // ...and kept nowhere: the real pages come from the cache without a render.
      const before = stub.urls.length;
      expect((await get('/')).body).toContain('rendered /<');
      expect((await get('/products?category=chef-knives&page=2')).body).toContain('page=2<');
      expect(stub.urls.length).toBe(before);
    } finally {
      stub.release();
      await app.close();
    }
  });

  it('serves the shell beyond the renders in flight, instead of queueing more', async () => {
    const { stub, app, get } = await appWithStub();
    try {
      const slugs = demo.products.slice(0, 6).map((p) => `/products/${p.slug}`);
      const answers = slugs.map(get);
      await vi.waitFor(() => expect(stub.waiting()).toBe(4));
      // Two of the six found four renders under way: they got the shell at once.
      const early = await Promise.race([
        Promise.all(answers.slice(4)),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000)),
      ]);
      expect(early).not.toBeNull();
      for (const shell of early!) {
        expect(shell.statusCode).toBe(200);
        expect(shell.body).toContain('<div id="root"></div>');
        expect(shell.body).not.toContain('rendered');
      }
      stub.release();
      for (const [i, answer] of (await Promise.all(answers.slice(0, 4))).entries())
        expect(answer.body).toContain(`rendered ${slugs[i]}<`);
      expect(stub.urls).toHaveLength(4);
    } finally {
      stub.release();
      await app.close();
    }
  });
});

describe('sitemap and robots.txt', () => {
  it('lists exactly the active products and the categories of the storefront’s tenant, and the content pages', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'shop.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
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
      ]),
    );
    expect(locs.some((loc) => /\/(cart|login|register|account)/.test(loc))).toBe(false);
  });

  it('builds every URL from STOREFRONT_URL, whatever Host or X-Forwarded-Host a client sends', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const response = await t.app.inject({ method: 'GET', url, headers: forged });
      expect(response.body, url).toContain('http://shop.example/');
      expect(response.body, url).not.toContain('evil.example');
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/products/damascus-gyuto-210mm',
      headers: { ...HTML, ...forged },
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
