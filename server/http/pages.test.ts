import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedTenants } from '../seed/catalog-data.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';

const demo = seedTenants[0]!;
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A tiny stand-in for `vite build` output.
  dist = await mkdtemp(join(tmpdir(), 'shop-dist-'));
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Vite</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    join(dist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  t = await createTestApp({ serveSpa: true, distDir: dist });
  await mkdir(join(t.config.mediaDir, demo.media_slug), { recursive: true });
  await writeFile(join(t.config.mediaDir, demo.media_slug, 'hello.txt'), 'media file');
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('SPA document', () => {
  it('inlines the demo shop’s settings, title and description, uncached and with security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const match =
      /<script id="site-settings" type="application\/json">([^<]*)<\/script><\/head>/.exec(
        response.body,
      );
    expect(JSON.parse(match![1]!)).toMatchObject({
      site_title: demo.site.site_title,
      favicon: `/media/${demo.media_slug}/favicon.svg`,
    });
    expect(response.body).toContain(`<meta name="description" content=`);
    expect(response.body).not.toContain('<title>Vite</title>');
  });

  it('serves index.html for client routes (deep links) but keeps API 404s as JSON', async () => {
    const deep = await t.app.inject({
      method: 'GET',
      url: '/products/some-knife?x=1',
      headers: HTML,
    });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('id="site-settings"');

    const api = await t.app.inject({
      method: 'GET',
      url: '/api/nowhere/',
      headers: { ...HTML, ...asTenant(demo.token) },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });

    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/missing-123.js',
      headers: HTML,
    });
    expect(asset.statusCode).toBe(404);

    const jsonClient = await t.app.inject({
      method: 'GET',
      url: '/products/some-knife',
      headers: { accept: 'application/json' },
    });
    expect(jsonClient.statusCode).toBe(404);
  });

  it('answers a page path with the page to curl, a link checker or no Accept at all, and JSON only to a client that asks for JSON and not HTML', async () => {
    const page = (accept?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/products/some-knife',
        headers: accept === undefined ? {} : { accept },
      });
    for (const accept of [undefined, '*/*', 'text/*', 'image/png', 'text/html;q=0.9, */*;q=0.1']) {
      const answer = await page(accept);
      expect(answer.statusCode, `Accept: ${accept}`).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('id="site-settings"');
    }
    for (const accept of [
      'application/json',
      'application/json, */*;q=0.5',
      'text/html;q=0, application/json',
      'application/problem+json',
    ]) {
      const answer = await page(accept);
      expect(answer.statusCode, `Accept: ${accept}`).toBe(404);
      expect(answer.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves robots.txt from dist, but never the raw index.html', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('User-agent');
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.body).toContain('id="site-settings"');
  });

  it('serves media files without a tenant token, cached for a day', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/media/${demo.media_slug}/hello.txt`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('media file');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/media/${demo.media_slug}/nope.webp`,
    });
    expect(missing.statusCode).toBe(404);
  });
});
