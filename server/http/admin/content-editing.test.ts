/**
 * Editing the shop's content through the back office's API (openapi/admin.yaml, tag content):
 * each change shows in the storefront's own answer at once, drafts and posts scheduled for later
 * stay off it, staff HTML is stored sanitized, links are https only, another shop's ids are "Not
 * found.", every change is in the activity log with the fields it changed, and every change
 * drops the shop's cached answers (whose listeners drop its pages and sitemap, and tell the
 * other processes).
 */
import type { components } from '../../../common/admin-api';
import { call } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

type Schemas = components['schemas'];
const SHOP = 'demo-handcraft';
const OTHER = 'demo-pottery';

const t = useTestApp();
let staff: Record<string, string>;
let otherOwner: Record<string, string>;
let shopId: number;
const invalidated: number[] = [];

beforeAll(async () => {
  shopId = await tenantIdOf(t.app.db, SHOP);
  const member = await createStaff(t.app.db, { tenantId: shopId, role: 'staff' });
  staff = asStaff(SHOP, await staffTokenFor(t.app, member));
  const owner = await createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, OTHER),
    role: 'owner',
  });
  otherOwner = asStaff(OTHER, await staffTokenFor(t.app, owner));
  t.app.catalogCache.onInvalidate((tenantId) => invalidated.push(tenantId));
});

const admin = <T = unknown>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => call<T>(t.app, method, `/admin${path}`, staff, body);
const shopper = <T = unknown>(path: string) =>
  call<T>(t.app, 'GET', path, { 'x-tenant-token': SHOP });

/** The activity log's newest entry of the shop for `action`. */
async function lastActivity(action: string) {
  const row = await t.app.db
    .selectFrom('activity_log')
    .selectAll()
    .where('tenant_id', '=', shopId)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return {
    ...row,
    before: row.before === null ? null : (JSON.parse(row.before) as Record<string, unknown>),
    after: row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>),
  };
}

/** Asserts the call dropped the shop's cached answers (and so its pages and sitemap). */
async function dropsTheCache<T>(change: () => Promise<T>): Promise<T> {
  invalidated.length = 0;
  const answer = await change();
  expect(invalidated).toEqual([shopId]);
  return answer;
}

describe('blog posts', () => {
  it('writes a draft that the storefront does not show, then publishes it there at once', async () => {
    const created = await dropsTheCache(() =>
      admin<Schemas['AdminBlogPost']>('POST', '/blog-posts/', {
        title: 'Oiling a Board in Wintér!',
        excerpt: 'Why a board drinks more oil.',
        content:
          '<p onclick="steal()">Once a month.<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="y">',
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const post = created.body;
    expect(post).toMatchObject({
      slug: 'oiling-a-board-in-winter',
      status: 'draft',
      published_at: null,
      is_visible: false,
      author: null,
    });
    expect(post.content).not.toMatch(/script|onclick|onerror|javascript/);
    expect(post.content).toContain('<p>Once a month.</p>');

    expect((await shopper(`/blog/posts/${post.slug}/`)).status).toBe(404);

    const live = await dropsTheCache(() =>
      admin<Schemas['AdminBlogPost']>('PATCH', `/blog-posts/${post.id}/`, { status: 'published' }),
    );
    expect(live.body).toMatchObject({ status: 'published', is_visible: true });
    const shown = await shopper<{ title: string; content: string }>(`/blog/posts/${post.slug}/`);
    expect(shown.status).toBe(200);
    expect(shown.body.title).toBe('Oiling a Board in Wintér!');

    const log = await lastActivity('blog_post.update');
    expect(log.object_id).toBe(String(post.id));
    expect(Object.keys(log.after!).sort()).toEqual(['published_at', 'status']);
    expect(log.before).toMatchObject({ status: 'draft', published_at: null });

    // A published post cannot be deleted, only archived; archived, it leaves the storefront.
    expect(await admin('DELETE', `/blog-posts/${post.id}/`)).toMatchObject({
      status: 409,
      body: { detail: 'Only a draft can be deleted; archive a published post instead.' },
    });
    await admin('PATCH', `/blog-posts/${post.id}/`, { status: 'archived' });
    expect((await shopper(`/blog/posts/${post.slug}/`)).status).toBe(404);
  });

  it('keeps a post scheduled for later off the storefront, and refuses a slug another post has', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await admin<Schemas['AdminBlogPost']>('POST', '/blog-posts/', {
      title: 'Spring fair',
      slug: 'spring-fair-2027',
      content: '<p>See you there.</p>',
      status: 'published',
      published_at: later,
    });
    expect(scheduled.body).toMatchObject({ status: 'published', is_visible: false });
    expect((await shopper('/blog/posts/spring-fair-2027/')).status).toBe(404);

    const clash = await admin('POST', '/blog-posts/', { title: 'Again', slug: 'spring-fair-2027' });
    expect(clash).toMatchObject({
      status: 400,
      body: { slug: ['Another post already has this slug.'] },
    });
    // A slug made from a title that another post has gets a number.
    const twin = await admin<Schemas['AdminBlogPost']>('POST', '/blog-posts/', {
      title: 'Spring fair 2027',
    });
    expect(twin.body.slug).toBe('spring-fair-2027-2');
    expect(
      await admin('PATCH', `/blog-posts/${twin.body.id}/`, { slug: 'Not A Slug' }),
    ).toMatchObject({ status: 400, body: { slug: [expect.stringContaining('lowercase')] } });
    expect((await admin('DELETE', `/blog-posts/${twin.body.id}/`)).status).toBe(204);
    expect((await admin('GET', `/blog-posts/${twin.body.id}/`)).status).toBe(404);
    expect((await lastActivity('blog_post.delete')).before).toMatchObject({
      slug: 'spring-fair-2027-2',
    });
  });

  it('lists every post newest first, by status, and refuses another shop`s post', async () => {
    const drafts = await admin<Schemas['AdminBlogPostList']>('GET', '/blog-posts/?status=draft');
    expect(drafts.status).toBe(200);
    expect(drafts.body.results.every((p) => p.status === 'draft')).toBe(true);
    const all = await admin<Schemas['AdminBlogPostList']>('GET', '/blog-posts/');
    expect(all.body.count).toBeGreaterThan(drafts.body.count);
    const created = all.body.results.map((p) => p.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const id = all.body.results[0]!.id;
    const theirs = await call(t.app, 'GET', `/admin/blog-posts/${id}/`, otherOwner);
    expect(theirs).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    const edit = await call(t.app, 'PATCH', `/admin/blog-posts/${id}/`, otherOwner, { title: 'x' });
    expect(edit.status).toBe(404);
  });

  it("shows an uploaded featured image, claims it once, refuses another shop's, and removes it", async () => {
    const upload = async (tenantId: number) =>
      (
        await t.app.db
          .insertInto('media_uploads')
          .values({
            tenant_id: tenantId,
            image_key: `demo/uploads/feature-${tenantId}.webp`,
            thumb_key: `demo/uploads/feature-${tenantId}-thumb.webp`,
            image_path: `/api/media/demo/uploads/feature-${tenantId}.webp`,
            thumb_path: `/api/media/demo/uploads/feature-${tenantId}-thumb.webp`,
            width: 1600,
            height: 900,
            bytes: 1000,
            created_by: null,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const mine = await upload(shopId);
    const theirs = await upload(await tenantIdOf(t.app.db, OTHER));

    const post = await admin<Schemas['AdminBlogPost']>('POST', '/blog-posts/', {
      title: 'With a picture',
      status: 'published',
      featured_image_upload_id: mine,
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    expect(post.body.featured_image).toBe(`/api/media/demo/uploads/feature-${shopId}.webp`);
    const shown = await shopper<{ featured_image: string | null }>(
      `/blog/posts/${post.body.slug}/`,
    );
    expect(shown.body.featured_image).toBe(post.body.featured_image);

    for (const uploadId of [mine, theirs, 999_999]) {
      const refused = await admin('PATCH', `/blog-posts/${post.body.id}/`, {
        featured_image_upload_id: uploadId,
      });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body as object)).toEqual(['featured_image_upload_id']);
    }

    const removed = await admin<Schemas['AdminBlogPost']>('PATCH', `/blog-posts/${post.body.id}/`, {
      featured_image_upload_id: null,
    });
    expect(removed.body.featured_image).toBeNull();
    expect((await lastActivity('blog_post.update')).before).toEqual({
      featured_image: post.body.featured_image,
    });
  });
});

describe('the FAQ', () => {
  it('adds, edits, reorders and deletes questions, and the storefront follows each time', async () => {
    const before = await admin<Schemas['AdminFaq'][]>('GET', '/faqs/');
    const added = await dropsTheCache(() =>
      admin<Schemas['AdminFaq']>('POST', '/faqs/', {
        question: 'Do you engrave?',
        answer: '<p>Yes.<iframe src="https://evil.example"></iframe></p>',
      }),
    );
    expect(added.status).toBe(201);
    expect(added.body.answer).toBe('<p>Yes.</p>');
    expect(added.body.position).toBeGreaterThan(Math.max(...before.body.map((f) => f.position)));
    const shop = await shopper<Array<{ id: number; question: string }>>('/pages/manage/faqs/');
    expect(shop.body.at(-1)).toMatchObject({ id: added.body.id, question: 'Do you engrave?' });

    await admin('PATCH', `/faqs/${added.body.id}/`, { question: 'Do you engrave names?' });
    expect((await lastActivity('faq.update')).after).toEqual({ question: 'Do you engrave names?' });

    const ids = [added.body.id, ...before.body.map((f) => f.id)];
    const reordered = await dropsTheCache(() =>
      admin<Schemas['AdminFaq'][]>('PUT', '/faqs/order/', { ids }),
    );
    expect(reordered.body.map((f) => f.id)).toEqual(ids);
    const shown = await shopper<Array<{ id: number }>>('/pages/manage/faqs/');
    expect(shown.body.map((f) => f.id)).toEqual(ids);

    expect(await admin('PUT', '/faqs/order/', { ids: ids.slice(1) })).toMatchObject({
      status: 400,
      body: { ids: ["Send every item's id exactly once."] },
    });
    expect((await admin('PATCH', `/faqs/${added.body.id}/`, { answer: '<p> </p>' })).status).toBe(
      400,
    );

    expect((await call(t.app, 'DELETE', `/admin/faqs/${added.body.id}/`, otherOwner)).status).toBe(
      404,
    );
    expect((await admin('DELETE', `/faqs/${added.body.id}/`)).status).toBe(204);
    const after = await shopper<Array<{ id: number }>>('/pages/manage/faqs/');
    expect(after.body.map((f) => f.id)).not.toContain(added.body.id);
    expect((await lastActivity('faq.delete')).before).toMatchObject({
      question: 'Do you engrave names?',
    });
  });
});

describe('policies and the company page', () => {
  it('saves the refund policy sanitized and shows it on the storefront', async () => {
    const saved = await dropsTheCache(() =>
      admin<Schemas['AdminPolicy']>('PUT', '/policies/refund_policy/', {
        title: 'Refunds',
        content: '<h2>30 days</h2><p style="color:red">Return it.</p><script>x()</script>',
      }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content).toBe('<h2>30 days</h2><p>Return it.</p>');
    const shown = await shopper<Array<{ title: string; content: string }>>(
      '/pages/manage/documents/?document_type=refund_policy',
    );
    expect(shown.body[0]).toMatchObject({ title: 'Refunds', content: saved.body.content });
    expect((await lastActivity('policy.update')).after).toMatchObject({ title: 'Refunds' });
    expect((await admin('GET', '/policies/terms/')).status).toBe(400);
  });

  it('changes the tagline and the core values, in order', async () => {
    const page = await dropsTheCache(() =>
      admin<Schemas['AdminCompanyPage']>('PATCH', '/company/', { tagline: 'Made slowly' }),
    );
    expect(page.body.tagline).toBe('Made slowly');
    expect((await lastActivity('company.update')).after).toEqual({ tagline: 'Made slowly' });
    const value = await admin<Schemas['AdminCoreValue']>('POST', '/company/core-values/', {
      name: 'Repair',
      description: 'We mend what we made.',
    });
    expect(value.status).toBe(201);
    const ids = [value.body.id, ...page.body.core_values.map((v) => v.id)];
    await admin('PUT', '/company/core-values/order/', { ids });
    const shown = await shopper<{ tagline: string; core_values: Array<{ id: number }> }>(
      '/pages/company-info/',
    );
    expect(shown.body.tagline).toBe('Made slowly');
    expect(shown.body.core_values.map((v) => v.id)).toEqual(ids);
    expect((await admin('PATCH', '/company/', { tagline: ' ' })).status).toBe(400);
  });
});

describe('contact information', () => {
  it('adds a location with https links only, the embed only from the map host the pages may frame', async () => {
    const bad = await admin('POST', '/contact-info/locations/', {
      name: 'Stall',
      address: 'Castle Market',
      map_location_url: 'javascript:alert(1)',
      map_embed_link: 'https://maps.evil.example/embed',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual(['map_embed_link', 'map_location_url']);

    const location = await dropsTheCache(() =>
      admin<Schemas['AdminContactLocation']>('POST', '/contact-info/locations/', {
        name: 'Market stall',
        address: 'Stall 14\nCastle Market',
        is_hq: true,
        map_embed_link: 'https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4',
      }),
    );
    expect(location.status, JSON.stringify(location.body)).toBe(201);
    const info = await shopper<{ branch_locations: Array<{ id: number; is_hq: boolean }> }>(
      '/contact/info/',
    );
    // The one headquarters, shown first.
    expect(info.body.branch_locations[0]).toMatchObject({ id: location.body.id, is_hq: true });
    expect(info.body.branch_locations.filter((l) => l.is_hq)).toHaveLength(1);
  });

  it('adds, edits, reorders and deletes e-mail addresses and social profiles', async () => {
    const email = await admin<Schemas['AdminContactEmail']>('POST', '/contact-info/emails/', {
      purpose: 'Commissions',
      email_address: 'commissions@example.com',
    });
    expect(email.status).toBe(201);
    expect(
      (await admin('PATCH', `/contact-info/emails/${email.body.id}/`, { email_address: 'nope' }))
        .status,
    ).toBe(400);
    const profile = await admin<Schemas['AdminSocialProfile']>(
      'POST',
      '/contact-info/social-profiles/',
      { platform: 'twitter', link: 'https://x.com/shop' },
    );
    expect(profile.body).toMatchObject({ platform: 'twitter', platform_display: 'Twitter (X)' });
    expect(
      (
        await admin('POST', '/contact-info/social-profiles/', {
          platform: 'instagram',
          link: 'http://instagram.com/shop',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await admin('POST', '/contact-info/social-profiles/', {
          platform: 'myspace',
          link: 'https://a.b',
        })
      ).status,
    ).toBe(400);

    const details = await admin<Schemas['AdminContactInfo']>('GET', '/contact-info/');
    const reversed = details.body.social_profiles.map((p) => p.id).reverse();
    await admin('PUT', '/contact-info/social-profiles/order/', { ids: reversed });
    const info = await shopper<{
      social_media_profiles: Array<{ id: number }>;
      contact_emails: Array<{ id: number }>;
    }>('/contact/info/');
    expect(info.body.social_media_profiles.map((p) => p.id)).toEqual(reversed);
    expect(info.body.contact_emails.map((e) => e.id)).toContain(email.body.id);
    expect((await lastActivity('social_profile.reorder')).after).toEqual({ order: reversed });

    expect((await admin('DELETE', `/contact-info/emails/${email.body.id}/`)).status).toBe(204);
    expect((await admin('DELETE', `/contact-info/emails/${email.body.id}/`)).status).toBe(404);
  });
});

describe('hostile input', () => {
  it('answers 4xx, never 5xx, to NUL bytes, huge ids, wrong types and other media types', async () => {
    const answers = await Promise.all([
      admin('POST', '/faqs/', { question: 'a\u0000b', answer: '<p>x</p>' }),
      admin('POST', '/faqs/', { question: 'q', answer: '<p>\u0000</p>' }),
      admin('PATCH', '/faqs/99999999999/', { question: 'q' }),
      admin('PATCH', '/blog-posts/1/', { published_at: 'yesterday' }),
      admin('PUT', '/faqs/order/', { ids: ['1'] }),
      admin('POST', '/blog-posts/', { title: 'x'.repeat(201) }),
      admin('PATCH', '/company/', {}),
      call(t.app, 'POST', '/admin/faqs/', { ...staff, 'content-type': 'text/plain' }, 'question=x'),
    ]);
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    }
  });
});
