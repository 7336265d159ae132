/**
 * What the back office changes in the shop's content shows on the storefront's server-rendered
 * pages at once, though pages are reused for a minute (PAGE_CACHE_TTL_MS): each content write
 * drops the shop's cached answers, whose listeners drop its pages (and tell the other
 * processes, server/http/cache-sync.ts).
 */
import { call } from '../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { HTML, loadSource, useFakeDist } from '../test/pages.ts';

const dist = useFakeDist();

describe('content edits on reused pages', () => {
  let cached: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    cached = await createTestApp(
      { serveSpa: true, distDir: dist.path, pageCacheTtlMs: 60_000, catalogCacheTtlMs: 60_000 },
      { loadRenderer: loadSource },
    );
    const member = await createStaff(cached.app.db, {
      tenantId: await tenantIdOf(cached.app.db, 'demo-handcraft'),
      role: 'staff',
    });
    staff = asStaff('demo-handcraft', await staffTokenFor(cached.app, member));
  }, 60_000);
  afterAll(() => cached?.close());
  const page = async (url: string) =>
    (await cached.app.inject({ method: 'GET', url, headers: HTML })).body;
  const admin = (method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown) =>
    call<{ id: number; slug: string }>(cached.app, method, `/admin${path}`, staff, body);

  it('shows a new FAQ question on the FAQ page at once', async () => {
    expect(await page('/faq')).not.toContain('Do you engrave names?');
    const added = await admin('POST', '/faqs/', {
      question: 'Do you engrave names?',
      answer: '<p>Up to twenty letters.</p>',
    });
    expect(added.status).toBe(201);
    const after = await page('/faq');
    expect(after).toContain('Do you engrave names?');
    expect(after).toContain('Up to twenty letters.');
  }, 30_000);

  it('shows a post once published, on its pages and in the sitemap, not while a draft or scheduled', async () => {
    const draft = await admin('POST', '/blog-posts/', {
      title: 'The winter fair',
      content: '<p>Stall 14, all weekend.</p>',
    });
    expect(draft.status).toBe(201);
    expect(await page('/blog')).not.toContain('The winter fair');
    const sitemap = async () =>
      (await cached.app.inject({ method: 'GET', url: '/sitemaps/blog-1.xml' })).body;
    expect(await sitemap()).not.toContain(`/blog/${draft.body.slug}<`);
    await admin('PATCH', `/blog-posts/${draft.body.id}/`, {
      status: 'published',
      published_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await page('/blog')).not.toContain('The winter fair');
    await admin('PATCH', `/blog-posts/${draft.body.id}/`, { published_at: null });
    expect(await page('/blog')).toContain('The winter fair');
    expect(await page(`/blog/${draft.body.slug}`)).toContain('Stall 14, all weekend.');
    // The sitemap, kept for 15 minutes, lists it at once too.
    expect(await sitemap()).toContain(`/blog/${draft.body.slug}<`);
  }, 30_000);

  it('shows a changed policy and company tagline at once', async () => {
    await page('/refund-policy');
    await page('/company-info');
    await admin('PUT', '/policies/refund_policy/', {
      title: 'Refunds',
      content: '<p>Return any piece within 45 days.</p>',
    });
    await admin('PATCH', '/company/', { tagline: 'Forged slowly in Sheffield' });
    expect(await page('/refund-policy')).toContain('Return any piece within 45 days.');
    expect(await page('/company-info')).toContain('Forged slowly in Sheffield');
  }, 30_000);
});
