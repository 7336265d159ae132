/**
 * The back office's web app manifest (`/admin/manifest.webmanifest`): named after the shop the
 * Host names (its site title, as the maker wrote it), kept to /admin/ in a standalone window
 * with the back office's colours and its icons, private like the back office's pages; a Host
 * no shop answers at gets the plain 404.
 */
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { useFakeDist } from '../test/pages.ts';
import { adminManifest } from './admin-manifest.ts';

const dist = useFakeDist();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveSpa: true, distDir: dist.path }, { loadRenderer: null });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const manifestAt = (host = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/admin/manifest.webmanifest', headers: { host } });

describe("the back office's web app manifest", () => {
  it("is named after the shop's site title and keeps to /admin/", async () => {
    const tenant = await t.app.db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', 'demo-handcraft')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('site_settings')
      .set({ site_title: 'Tidewater "Knives"' })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const response = await manifestAt();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.json()).toMatchObject({
      name: 'Tidewater "Knives" back office',
      short_name: 'Back office',
      id: '/admin/',
      start_url: '/admin/',
      scope: '/admin/',
      display: 'standalone',
      theme_color: '#1f1b16',
      background_color: '#faf7f2',
      icons: [
        { src: '/admin/icons/icon-192.png', sizes: '192x192', purpose: 'any' },
        { src: '/admin/icons/icon-512.png', sizes: '512x512', purpose: 'any' },
        { src: '/admin/icons/icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
      ],
    });
  });

  it('gives a short name the shop name when it fits under the icon, and no name for none', () => {
    expect(adminManifest('Ember & Oak')).toMatchObject({
      name: 'Ember & Oak back office',
      short_name: 'Ember & Oak',
    });
    expect(adminManifest('   ')).toMatchObject({ name: 'Back office', short_name: 'Back office' });
  });

  it('answers the plain 404 at a Host no shop answers at', async () => {
    const response = await manifestAt('nobody.example');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('manifest');
  });
});
