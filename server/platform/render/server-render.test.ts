import {
  finishDocument,
  NoncedDocument,
  PageCache,
  type RenderedPage,
  routeIdOfFile,
  showsStockOf,
  type ClientAssets,
} from './server-render.ts';

describe('routeIdOfFile (flat file-route names)', () => {
  it.each([
    ['src/routes/__root.tsx', '__root__'],
    ['src/routes/index.tsx', '/'],
    ['src/routes/products.index.tsx', '/products/'],
    ['src/routes/products.$slug.tsx', '/products/$slug'],
    ['src/routes/account.orders.$orderId.tsx', '/account/orders/$orderId'],
    ['src/routes/payment.return.tsx', '/payment/return'],
  ])('%s -> %s', (file, id) => {
    expect(routeIdOfFile(file)).toBe(id);
  });
});

describe('finishDocument', () => {
  const assets: ClientAssets = {
    entry: '/assets/index-1.js',
    css: ['/assets/style-1.css'],
    routeChunks: new Map([['/products/$slug', ['/assets/product-1.js']]]),
    routeIds: ['/', '/products/$slug'],
  };
  const html = '<!DOCTYPE html><html><head><title>x</title></head><body><p>hi</p></body></html>';

  it('links the stylesheet and loads the entry and the route chunks only on load, with the nonce', () => {
    const out = finishDocument(html, assets, ['__root__', '/products/$slug'], 'abc+/=');
    expect(out).toContain('<link rel="stylesheet" href="/assets/style-1.css"></head>');
    expect(out).toMatch(
      /<script nonce="abc\+\/=">addEventListener\("load",function\(\)\{.*<\/script><\/body><\/html>$/,
    );
    expect(out).toContain('["/assets/product-1.js"]');
    expect(out).toContain('s.src="/assets/index-1.js"');
    // Nothing is requested up front.
    expect(out).not.toMatch(/<script[^>]+src=/);
    expect(out).not.toMatch(/<link[^>]+modulepreload/);
  });

  it("names the page's shop in the head, escaped, when given its token", () => {
    const out = finishDocument(html, assets, ['__root__'], 'n', 'a"><b');
    expect(out).toContain(
      '<meta name="tenant-token" content="a&#34;&#62;&#60;b"><link rel="stylesheet"',
    );
    expect(finishDocument(html, assets, ['__root__'], 'n')).not.toContain('tenant-token');
  });
});

describe('NoncedDocument', () => {
  const marker = 'a'.repeat(32);
  const html = `<p>Café – ${marker}</p><script nonce="${marker}">x</script>`;

  it('gives each response the same bytes with its own nonce, multi-byte text included', () => {
    const document = NoncedDocument.of(html, marker);
    const first = 'b'.repeat(32);
    const second = 'c'.repeat(32);
    expect(document.with(first).toString('utf8')).toBe(html.split(marker).join(first));
    expect(document.with(second).toString('utf8')).toBe(html.split(marker).join(second));
    // One response's nonce never shows in the next.
    expect(document.with(second).toString('utf8')).not.toContain(first);
  });

  it('refuses a nonce that would shift the bytes', () => {
    expect(() => NoncedDocument.of(html, marker).with('short')).toThrow(/32 characters/);
  });
});

describe('PageCache', () => {
  const page = (html: string) => ({
    kind: 'html' as const,
    status: 200,
    document: NoncedDocument.of(html, 'm'),
  });
  /** The page's text, or the redirect's address. */
  const text = (rendered: RenderedPage) =>
    rendered.kind === 'html' ? rendered.document.with('n').toString() : rendered.location;

  it('renders once for concurrent and repeated requests within the TTL', async () => {
    const cache = new PageCache(1000);
    const render = vi.fn(async () => page('a'));
    const [one, two] = await Promise.all([cache.get('k', render), cache.get('k', render)]);
    expect(one).toBe(two);
    await cache.get('k', render);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('serves a just-expired page while the next render runs, and renders again when cleared', async () => {
    vi.useFakeTimers();
    try {
      const cache = new PageCache(1000);
      let n = 0;
      const render = vi.fn(async () => page(`v${++n}`));
      expect(text(await cache.get('k', render))).toBe('v1');
      vi.advanceTimersByTime(1500);
      // Stale but young: served at once, refreshed in the background.
      expect(text(await cache.get('k', render))).toBe('v1');
      await Promise.resolve();
      await Promise.resolve();
      expect(text(await cache.get('k', render))).toBe('v2');
      cache.clear();
      expect(text(await cache.get('k', render))).toBe('v3');
      // Too old to serve: rendered first.
      vi.advanceTimersByTime(5000);
      expect(text(await cache.get('k', render))).toBe('v4');
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets, when pruned, the pages no longer fresh and keeps the fresh ones', async () => {
    vi.useFakeTimers();
    try {
      const cache = new PageCache(1000);
      await cache.get('old', async () => page('old'));
      vi.advanceTimersByTime(700);
      await cache.get('young', async () => page('young'));
      vi.advanceTimersByTime(600);
      // 'old' expired 0.3 s ago: within its refresh window it would still be served.
      expect(cache.has('old')).toBe(true);
      cache.prune();
      expect(cache.has('young')).toBe(true);
      const render = vi.fn(async () => page('again'));
      expect(text(await cache.get('old', render))).toBe('again');
      expect(render).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves a just-expired page as it is when no background render may start, and refreshes it later', async () => {
    vi.useFakeTimers();
    try {
      const cache = new PageCache(1000);
      let n = 0;
      const render = vi.fn(async () => page(`v${++n}`));
      await cache.get('k', render);
      vi.advanceTimersByTime(1500);
      // Every slot busy: the old page, and no render started for it.
      expect(text(await cache.get('k', render, () => null))).toBe('v1');
      expect(render).toHaveBeenCalledTimes(1);
      // A slot free on the next request: refreshed in the background then.
      expect(text(await cache.get('k', render, render))).toBe('v1');
      await Promise.resolve();
      await Promise.resolve();
      expect(text(await cache.get('k', render))).toBe('v2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no failed render, and renders every time with a TTL of 0', async () => {
    const cache = new PageCache(1000);
    await expect(cache.get('k', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(text(await cache.get('k', async () => page('ok')))).toBe('ok');
    const off = new PageCache(0);
    const render = vi.fn(async () => page('a'));
    await off.get('k', render);
    await off.get('k', render);
    expect(render).toHaveBeenCalledTimes(2);
  });
});

describe('showsStockOf', () => {
  it('names the pages that can show a product’s stock: its own, home, the catalogue and the gallery', () => {
    for (const url of [
      '/',
      '/products',
      '/products?category=chef-knives',
      '/gallery',
      '/products/oak-knife',
    ])
      expect(showsStockOf(url, ['oak-knife']), url).toBe(true);
    for (const url of ['/products/other-knife', '/blog/sharpening', '/faq', '/products/%E0%A4%A'])
      expect(showsStockOf(url, ['oak-knife']), url).toBe(false);
  });
});
