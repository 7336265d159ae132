/**
 * What the storefront makes of the back office's product edits: a renamed product's former
 * address answers 301 to its new one (the API's product and the server-rendered page), changing
 * the slug back removes the redirect, and the sitemap lists only the current slugs of active
 * products (a draft or archived one leaves it, a rename follows at once).
 */
import type { components } from '../../common/admin-api';
import { call } from '../test/shop.ts';
import { listedUrls } from '../test/sitemaps.ts';
import { HTML, useFakeDist } from '../test/pages.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { useTestApp } from '../test/test-app.ts';

type AdminProduct = components['schemas']['AdminProduct'];

const dist = useFakeDist();
const t = useTestApp(
  () => ({
    serveSpa: true,
    distDir: dist.path,
    storefrontUrl: 'http://shop.example',
    // The shop's caches as in production: the edits must make them forget.
    catalogCacheTtlMs: 60_000,
    pageCacheTtlMs: 60_000,
  }),
  { loadRenderer: null },
);
const SHOP = { 'x-tenant-token': 'demo-handcraft' };
let owner: Record<string, string>;
let categoryId: number;

beforeAll(async () => {
  const tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
  owner = asStaff(
    'demo-handcraft',
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'owner' })),
  );
  categoryId = (
    await t.app.db
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
  ).id;
});

const admin = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
  call<AdminProduct>(t.app, method, `/admin/products/${path}`, owner, body);

const apiProduct = (slug: string) =>
  t.app.inject({ method: 'GET', url: `/api/products/products/${slug}/`, headers: SHOP });

const page = (path: string) => t.app.inject({ method: 'GET', url: path, headers: HTML });

const sitemapPaths = async () => (await listedUrls(t.app)).map((url) => new URL(url).pathname);

describe('a renamed product', () => {
  it('answers 301 at its former address on the API and the page, until it takes the slug back', async () => {
    const created = await admin('POST', '', {
      name: `Bread knife ${Date.now()}`,
      slug: `bread-knife-${Date.now()}`,
      category_id: categoryId,
      price: '80.00',
      stock: 4,
      status: 'active',
    });
    expect(created.status).toBe(201);
    const old = created.body.slug;
    // Read once, so the caches hold the old answer and page.
    expect((await apiProduct(old)).statusCode).toBe(200);
    expect(await sitemapPaths()).toContain(`/products/${old}`);

    const renamed = await admin('PATCH', `${created.body.id}/`, { slug: `${old}-serrated` });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const now = renamed.body.slug;
    expect(now).toBe(`${old}-serrated`);

    const moved = await apiProduct(old);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/api/products/products/${now}/`);
    expect((await apiProduct(now)).statusCode).toBe(200);

    const movedPage = await page(`/products/${old}?ref=mail`);
    expect(movedPage.statusCode).toBe(301);
    expect(movedPage.headers.location).toBe(`/products/${now}?ref=mail`);
    expect((await page(`/products/${now}`)).statusCode).not.toBe(301);

    const listed = await sitemapPaths();
    expect(listed).toContain(`/products/${now}`);
    expect(listed).not.toContain(`/products/${old}`);

    // Back to the first slug: it is the product's again, and the second one redirects.
    const back = await admin('PATCH', `${created.body.id}/`, { slug: old });
    expect(back.body.slug).toBe(old);
    expect((await apiProduct(old)).statusCode).toBe(200);
    expect((await page(`/products/${old}`)).statusCode).not.toBe(301);
    const second = await apiProduct(now);
    expect(second.statusCode).toBe(301);
    expect(second.headers.location).toBe(`/api/products/products/${old}/`);
    const redirects = await t.app.db
      .selectFrom('product_slug_redirects')
      .select('old_slug')
      .where('product_id', '=', created.body.id)
      .execute();
    expect(redirects.map((r) => r.old_slug)).toEqual([now]);
  });

  it('lets another product take a former slug, which then stops redirecting', async () => {
    const stamp = Date.now();
    const first = (
      await admin('POST', '', {
        name: 'Paring knife',
        slug: `paring-${stamp}`,
        category_id: categoryId,
        price: '40.00',
        status: 'active',
      })
    ).body;
    await admin('PATCH', `${first.id}/`, { slug: `paring-${stamp}-old` });
    expect((await apiProduct(`paring-${stamp}`)).statusCode).toBe(301);
    const second = await admin('POST', '', {
      name: 'Paring knife, new',
      slug: `paring-${stamp}`,
      category_id: categoryId,
      price: '45.00',
      status: 'active',
    });
    expect(second.status).toBe(201);
    const answer = await apiProduct(`paring-${stamp}`);
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as { id: number }).id).toBe(second.body.id);
  });
});

describe('drafts and archived products', () => {
  it('leave the shop, its sitemap and their redirects; an unknown slug is still a 404', async () => {
    const created = (
      await admin('POST', '', {
        name: `Cleaver ${Date.now()}`,
        category_id: categoryId,
        price: '150.00',
        status: 'active',
      })
    ).body;
    expect(await sitemapPaths()).toContain(`/products/${created.slug}`);
    const renamed = (await admin('PATCH', `${created.id}/`, { slug: `${created.slug}-heavy` }))
      .body;

    await admin('PATCH', `${created.id}/`, { status: 'archived' });
    expect((await apiProduct(renamed.slug)).statusCode).toBe(404);
    // The former address of an archived product is not found either, never a 301 to a 404.
    expect((await apiProduct(created.slug)).statusCode).toBe(404);
    expect((await page(`/products/${created.slug}`)).statusCode).not.toBe(301);
    const listed = await sitemapPaths();
    expect(listed).not.toContain(`/products/${renamed.slug}`);
    expect(listed).not.toContain(`/products/${created.slug}`);

    await admin('PATCH', `${created.id}/`, { status: 'draft' });
    expect(await sitemapPaths()).not.toContain(`/products/${renamed.slug}`);
    await admin('PATCH', `${created.id}/`, { status: 'active' });
    expect(await sitemapPaths()).toContain(`/products/${renamed.slug}`);
    expect((await apiProduct('no-such-piece-anywhere')).statusCode).toBe(404);
    expect((await page('/products/%E0%A4%A')).statusCode).not.toBe(500);
  });
});
