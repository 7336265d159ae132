/**
 * Server-rendered pages reused for a while (PAGE_CACHE_TTL_MS): what a shopper changes shows at
 * once, an order renders again only the pages that show its pieces, and a flood of made-up URLs
 * neither pushes the real pages out nor queues renders beyond those in flight.
 */
import { Writable } from 'node:stream';
import type { Renderer } from '../../common/render-contract.ts';
import { demoContent } from '../seed/content-data.ts';
import { call, createCustomer, productBySlug } from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { HTML, demo, loadSource, useFakeDist } from '../test/pages.ts';

const dist = useFakeDist();

/** A log stream that parses each line into `into`. */
function logLines(into: Array<Record<string, unknown>>): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) into.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
}

describe('reused pages (PAGE_CACHE_TTL_MS)', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp(
      { serveSpa: true, distDir: dist.path, pageCacheTtlMs: 60_000 },
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
      { serveSpa: true, distDir: dist.path, pageCacheTtlMs: 60_000, pageRendersInFlight: 4 },
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

  it("answers a renamed product's former address with 301 in a render's place, rendering nothing", async () => {
    const { stub, app, get } = await appWithStub();
    try {
      const piece = demo.products[0]!;
      const row = await app.app.db
        .selectFrom('products')
        .select(['id', 'tenant_id'])
        .where('slug', '=', piece.slug)
        .executeTakeFirstOrThrow();
      await app.app.db
        .insertInto('product_slug_redirects')
        .values({ tenant_id: row.tenant_id, old_slug: 'a-former-name', product_id: row.id })
        .execute();
      const answer = await get('/products/a-former-name?ref=mail');
      expect(answer.statusCode).toBe(301);
      expect(answer.headers.location).toBe(`/products/${piece.slug}?ref=mail`);
      expect(stub.urls).toEqual([]);
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
        // A product may not exist: a crawler is asked to come back, never told "200, empty".
        expect(shell.statusCode).toBe(503);
        expect(shell.headers['retry-after']).toBe('5');
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

  it('answers a shell with what is known of its path, and logs why it was served', async () => {
    const stub = stubRenderer();
    const logs: Array<Record<string, unknown>> = [];
    const app = await createTestApp(
      { serveSpa: true, distDir: dist.path, pageCacheTtlMs: 60_000, pageRendersInFlight: 1 },
      { loadRenderer: stub.load, logger: { level: 'warn', stream: logLines(logs) } },
    );
    try {
      const busy = app.app.inject({ method: 'GET', url: '/', headers: HTML });
      await vi.waitFor(() => expect(stub.waiting()).toBe(1));
      const get = (url: string) => app.app.inject({ method: 'GET', url, headers: HTML });
      const [faq, unknown, product] = await Promise.all([
        get('/faq'),
        get('/no-such-page'),
        get('/products/oak-knife'),
      ]);
      expect(faq.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(404);
      expect(product.statusCode).toBe(503);
      for (const shell of [faq, unknown, product])
        expect(shell.body).toContain('<div id="root"></div>');
      const shells = logs.filter((line) => line.msg === 'served the SPA shell');
      expect(shells.map((line) => [line.url, line.status])).toEqual(
        expect.arrayContaining([
          ['/faq', 200],
          ['/no-such-page', 404],
          ['/products/oak-knife', 503],
        ]),
      );
      expect(String(shells[0]!.reason)).toContain('renders in flight');
      stub.release();
      expect((await busy).body).toContain('rendered /<');
    } finally {
      stub.release();
      await app.close();
    }
  });

  it('renders the page of one visitor while a page past its time is refreshed in the background', async () => {
    const stub = stubRenderer();
    const ttlMs = 1000;
    const app = await createTestApp(
      { serveSpa: true, distDir: dist.path, pageCacheTtlMs: ttlMs, pageRendersInFlight: 1 },
      { loadRenderer: stub.load },
    );
    const get = (url: string) => app.app.inject({ method: 'GET', url, headers: HTML });
    try {
      const first = get('/faq');
      await vi.waitFor(() => expect(stub.waiting()).toBe(1));
      stub.release();
      expect((await first).body).toContain('rendered /faq<');
      // Past its time, within its refresh window: served as it is, rendered again behind it.
      await new Promise((resolve) => setTimeout(resolve, ttlMs + 100));
      expect((await get('/faq')).body).toContain('rendered /faq<');
      expect(stub.waiting()).toBe(1);
      // The same visitor's next page is rendered for them, not left to the browser.
      const next = get('/no-such-page');
      await vi.waitFor(() => expect(stub.waiting()).toBe(2));
      stub.release();
      const answer = await next;
      expect(answer.body).toContain('rendered /no-such-page<');
      expect(answer.body).not.toContain('<div id="root"></div>');
    } finally {
      stub.release();
      await app.close();
    }
  });
});
