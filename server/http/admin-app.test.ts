/**
 * The back office's app at /admin/ (decision 057): its shell on every path of its router, with
 * the headers that keep it private (noindex, no-store, no framing, strict CSP, no Referer), its
 * files from its own build, and nothing of it served by the storefront's routes.
 */
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { useFakeDist } from '../test/pages.ts';
import { withTenantToken } from '../platform/render/index-html.ts';

const dist = useFakeDist();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveSpa: true, distDir: dist.path }, { loadRenderer: null });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, accept = 'text/html') =>
  t.app.inject({ method: 'GET', url, headers: { accept } });

describe('the back office app', () => {
  it.each([
    '/admin/',
    '/admin/orders',
    '/admin/orders/ORD-SEED-2226',
    '/admin/accept-invitation?token=x',
  ])('%s answers its shell, private and unframeable', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Back office</title>');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('googletagmanager');
  });

  it("carries the server's shop in its shell, so one build serves any shop", async () => {
    const response = await get('/admin/orders');
    expect(response.body).toMatch(/<head>\s*<meta name="tenant-token" content="demo-handcraft">/);
  });

  it('writes a tenant token into the shell as an attribute value, never as markup', () => {
    const shell =
      '<html><head><meta name="tenant-token" content="old"><title>x</title></head></html>';
    const html = withTenantToken(shell, 'a"><script>alert(1)</script>');
    expect(html).toBe(
      '<html><head><meta name="tenant-token" content="a&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"><title>x</title></head></html>',
    );
  });

  it('sends /admin to /admin/', async () => {
    const response = await get('/admin');
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('/admin/');
  });

  it('serves its own scripts, and a missing one is a 404, never the shell', async () => {
    const script = await get('/admin/assets/main-abc.js', '*/*');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log(2);');
    expect(String(script.headers['cache-control'])).toContain('immutable');
    expect((await get('/admin/assets/missing-abc.js', '*/*')).statusCode).toBe(404);
    expect((await get('/admin/assets/main-abc.js.map', '*/*')).statusCode).toBe(404);
  });

  it('is never served raw by the storefront: its index only through its own headers', async () => {
    const raw = await get('/admin/index.html');
    expect(raw.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
