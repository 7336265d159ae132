import type { components } from '../../src/api/schema';
import { demoContent, potteryContent, type SeedComment } from '../seed/content-data.ts';
import { QueryCounter } from '../test/query-counter.ts';
import { call, createCustomer, tenantId } from '../test/shop.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';
import { MAX_COMMENT_DEPTH } from './blog.ts';

type BlogPost = components['schemas']['BlogPost'];
type PostPage = components['schemas']['PaginatedBlogPostList'];
type Comment = components['schemas']['Comment'];

const DEMO = asTenant('demo-handcraft');
const POTTERY = asTenant('demo-pottery');
const NOT_FOUND = { detail: 'Not found.' };

const queries = new QueryCounter();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { plugins: [queries] });
});
afterAll(async () => {
  await t?.close();
});

const get = <T>(url: string, headers = DEMO) => call<T>(t.app, 'GET', url, headers);
const comment = (headers: Record<string, string>, body: unknown) =>
  call<Comment>(t.app, 'POST', '/blog/comments/', headers, body);

async function postBySlug(slug: string, token = 'demo-handcraft') {
  return t.app.db
    .selectFrom('blog_posts')
    .selectAll()
    .where('slug', '=', slug)
    .where('tenant_id', '=', await tenantId(t.app, token))
    .executeTakeFirstOrThrow();
}

async function commentRows(postId: number) {
  return t.app.db.selectFrom('blog_comments').selectAll().where('post_id', '=', postId).execute();
}

/** Approved comments of a seeded thread at any depth (a pending one hides its replies). */
function approvedCount(comments: readonly SeedComment[]): number {
  return comments
    .filter((c) => c.approved !== false)
    .reduce((n, c) => n + 1 + approvedCount(c.replies ?? []), 0);
}

function depthOf(comments: readonly Comment[]): number {
  return comments.reduce((deepest, c) => Math.max(deepest, 1 + depthOf(c.replies)), 0);
}

function flatten(comments: readonly Comment[]): Comment[] {
  return comments.flatMap((c) => [c, ...flatten(c.replies)]);
}

const published = demoContent.blog_posts.filter((p) => p.status === 'published');
const firstPost = published[0]!;

describe('blog post list', () => {
  it('answers only published posts, newest first, with the card fields', async () => {
    const { status, body } = await get<PostPage>('/blog/posts/?status=published');
    expect(status).toBe(200);
    const expected = [...published].sort((a, b) => a.published_days_ago! - b.published_days_ago!);
    expect(body.count).toBe(published.length);
    expect(body.results.map((p) => p.slug)).toEqual(expected.map((p) => p.slug));
    expect(body.results.map((p) => p.status)).toEqual(published.map(() => 'published'));
    const times = body.results.map((p) => Date.parse(p.published_at!));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const served = body.results.find((p) => p.slug === firstPost.slug)!;
    expect(served).toMatchObject({
      title: firstPost.title,
      excerpt: firstPost.excerpt,
      content: firstPost.content_html,
      author: { username: firstPost.author },
      featured_image: `/api/media/demo/blog/${firstPost.slug}.webp`,
      comment_count: approvedCount(firstPost.comments),
    });
    expect(Date.parse(served.created_at!)).toBeLessThan(Date.parse(served.published_at!));
    expect(Date.parse(served.updated_at!)).not.toBeNaN();
    // A post without an author or an image answers null for both (the SPA shows 'Admin', 'No image').
    const plain = body.results.find((p) => p.featured_image === null)!;
    expect(plain.author).toBeNull();
  });

  it('answers the same without ?status, and refuses another status (400)', async () => {
    const plain = await get<PostPage>('/blog/posts/');
    expect(plain.body.count).toBe(published.length);
    expect((await get('/blog/posts/?status=draft')).status).toBe(400);
  });

  it('pages like the other lists: links, Invalid page., 400 for a bad page', async () => {
    const first = await get<PostPage>('/blog/posts/?page_size=2');
    expect(first.body.results).toHaveLength(2);
    expect(first.body.next).toMatch(/\/api\/blog\/posts\/\?page_size=2&page=2$/);
    expect(first.body.previous).toBeNull();
    const second = await get<PostPage>('/blog/posts/?page_size=2&page=2');
    expect(second.body.results.map((p) => p.id)).not.toContain(first.body.results[0]!.id);
    expect(second.body.previous).toMatch(/page_size=2$/);
    for (const page of ['99', '9007199254740993']) {
      expect(await get(`/blog/posts/?page=${page}`)).toMatchObject({
        status: 404,
        body: { detail: 'Invalid page.' },
      });
    }
    for (const page of ['0', '1.5', 'two', '1e309']) {
      const answer = await get<Record<string, string[]>>(`/blog/posts/?page=${page}`);
      expect(answer.status).toBe(400);
      expect(answer.body.page).toEqual([expect.any(String)]);
    }
  });

  it('gives each shop its own posts', async () => {
    const pottery = await get<PostPage>('/blog/posts/', POTTERY);
    const slugs = pottery.body.results.map((p) => p.slug);
    expect(slugs.length).toBeGreaterThanOrEqual(6);
    expect(slugs).not.toContain(firstPost.slug);
    expect(pottery.body.results[0]!.featured_image ?? '/api/media/pottery/').toMatch(
      /^\/api\/media\/pottery\//,
    );
  });
});

describe('one blog post', () => {
  it('answers a published post by slug', async () => {
    const { status, body } = await get<BlogPost>(`/blog/posts/${firstPost.slug}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ slug: firstPost.slug, title: firstPost.title });
  });

  it('answers 404 for a draft, an archived or a scheduled post, and changes back when published', async () => {
    const draft = demoContent.blog_posts.find((p) => p.status === 'draft')!;
    expect(await get(`/blog/posts/${draft.slug}/`)).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    const row = await postBySlug(published[1]!.slug);
    const set = (values: { status?: 'archived' | 'published'; published_at?: string }) =>
      t.app.db.updateTable('blog_posts').set(values).where('id', '=', row.id).execute();
    try {
      await set({ status: 'archived' });
      expect((await get(`/blog/posts/${row.slug}/`)).status).toBe(404);
      await set({
        status: 'published',
        published_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect((await get(`/blog/posts/${row.slug}/`)).status).toBe(404);
      expect((await get<PostPage>('/blog/posts/')).body.results.map((p) => p.id)).not.toContain(
        row.id,
      );
      expect((await get(`/blog/comments/?post=${row.id}`)).status).toBe(404);
    } finally {
      await set({ status: 'published', published_at: new Date(row.published_at!).toISOString() });
    }
    expect((await get(`/blog/posts/${row.slug}/`)).status).toBe(200);
  });

  it('answers 404 for another shop’s post and an unknown slug, 400 for a slug with a NUL', async () => {
    const potteryPost = potteryContent.blog_posts[0]!;
    expect((await get(`/blog/posts/${potteryPost.slug}/`)).status).toBe(404);
    expect((await get(`/blog/posts/${potteryPost.slug}/`, POTTERY)).status).toBe(200);
    expect(await get('/blog/posts/no-such-post/')).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await get('/blog/posts/a%00b/')).toMatchObject({
      status: 400,
      body: { slug: ['Null characters are not allowed.'] },
    });
  });
});

describe('comments of a post', () => {
  it('answers approved comments newest first, replies nested three deep and newest first', async () => {
    const post = await postBySlug(firstPost.slug);
    const { status, body } = await get<Comment[]>(
      `/blog/comments/?post=${post.id}&is_approved=true`,
    );
    expect(status).toBe(200);
    expect(depthOf(body)).toBeGreaterThanOrEqual(3);
    const all = flatten(body);
    expect(all).toHaveLength(approvedCount(firstPost.comments));
    expect(all.every((c) => c.is_approved && c.post === post.id)).toBe(true);
    // The comment awaiting moderation is not served.
    const pending = firstPost.comments.find((c) => c.approved === false)!;
    expect(all.map((c) => c.content)).not.toContain(pending.content);
    for (const list of [body, ...all.map((c) => c.replies)]) {
      const times = list.map((c) => Date.parse(c.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    for (const c of all) for (const reply of c.replies) expect(reply.parent).toBe(c.id);
    expect(body.every((c) => c.parent === null)).toBe(true);
    // Comment text comes back exactly as stored: it is text, never markup.
    const seededText = firstPost.comments.find((c) => c.content.includes('window.__xss'))!;
    expect(all.map((c) => c.content)).toContain(seededText.content);
    const hannah = all.find((c) => c.user?.username === 'hannah.w');
    expect(hannah).toBeDefined();
  });

  it('leaves out a reply whose parent awaits moderation, with its own replies', async () => {
    const post = await postBySlug(published[2]!.slug);
    const tenant = await tenantId(t.app, 'demo-handcraft');
    const insert = async (parent: number | null, approved: boolean, depth: number) =>
      (
        await t.app.db
          .insertInto('blog_comments')
          .values({
            tenant_id: tenant,
            post_id: post.id,
            parent_id: parent,
            user_id: null,
            content: `hidden ${depth}`,
            is_approved: approved ? 1 : 0,
            depth,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const pending = await insert(null, false, 0);
    const child = await insert(pending, true, 1);
    await insert(child, true, 2);
    const { body } = await get<Comment[]>(`/blog/comments/?post=${post.id}`);
    expect(flatten(body).map((c) => c.content)).not.toContain('hidden 1');
    expect(flatten(body).map((c) => c.content)).not.toContain('hidden 2');
    // An anonymous (deleted) author answers user null, shown as 'Anonymous'.
    const orphanTop = await insert(null, true, 0);
    const again = await get<Comment[]>(`/blog/comments/?post=${post.id}`);
    expect(again.body[0]).toMatchObject({ id: orphanTop, user: null, replies: [] });
    await t.app.db.deleteFrom('blog_comments').where('id', 'in', [pending, orphanTop]).execute();
  });

  it('answers an empty list for is_approved=false and for a post without comments', async () => {
    const post = await postBySlug(firstPost.slug);
    expect(await get(`/blog/comments/?post=${post.id}&is_approved=false`)).toMatchObject({
      status: 200,
      body: [],
    });
    const quiet = published.find((p) => p.comments.length === 0)!;
    const quietRow = await postBySlug(quiet.slug);
    expect(await get(`/blog/comments/?post=${quietRow.id}`)).toMatchObject({
      status: 200,
      body: [],
    });
  });

  it('answers 404 for a draft, another shop’s post, an unknown or out-of-range id', async () => {
    const draft = await postBySlug('winter-open-workshop-dates');
    const potteryPost = await postBySlug(potteryContent.blog_posts[0]!.slug, 'demo-pottery');
    for (const id of [draft.id, potteryPost.id, 999_999, 99_999_999_999]) {
      expect(await get(`/blog/comments/?post=${id}`)).toMatchObject({
        status: 404,
        body: NOT_FOUND,
      });
    }
    expect((await get(`/blog/comments/?post=${potteryPost.id}`, POTTERY)).status).toBe(200);
  });

  it('answers 400 for a missing or malformed post', async () => {
    expect(await get('/blog/comments/')).toMatchObject({
      status: 400,
      body: { post: ['This field is required.'] },
    });
    for (const post of ['abc', '0', '-1', '2.5', '1%00', '1e309']) {
      expect((await get(`/blog/comments/?post=${post}`)).status).toBe(400);
    }
  });

  it('reads a whole thread in one query, however big and deep it is', async () => {
    const small = await postBySlug(published.find((p) => p.comments.length === 0)!.slug);
    const big = await postBySlug(firstPost.slug);
    const tenant = await tenantId(t.app, 'demo-handcraft');
    // Forty more comments: four chains ten replies deep.
    for (let chain = 0; chain < 4; chain++) {
      let parent: number | null = null;
      for (let depth = 0; depth < 10; depth++) {
        const row: { id: number } = await t.app.db
          .insertInto('blog_comments')
          .values({
            tenant_id: tenant,
            post_id: big.id,
            parent_id: parent,
            user_id: null,
            content: `chain ${chain} depth ${depth}`,
            is_approved: 1,
            depth,
            created_at: new Date(Date.now() - (10 - depth) * 1000).toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        parent = row.id;
      }
    }
    await get(`/blog/comments/?post=${small.id}`); // warms the tenant cache
    queries.reset();
    const few = await get<Comment[]>(`/blog/comments/?post=${small.id}`);
    const fewQueries = queries.total;
    queries.reset();
    const many = await get<Comment[]>(`/blog/comments/?post=${big.id}`);
    expect(few.status).toBe(200);
    expect(depthOf(many.body)).toBeGreaterThanOrEqual(10);
    expect(flatten(many.body).length).toBeGreaterThanOrEqual(40);
    expect(queries.touching('blog_comments')).toBe(1);
    expect(queries.total).toBe(1);
    expect(fewQueries).toBe(1);
    await t.app.db.deleteFrom('blog_comments').where('content', 'like', 'chain %').execute();
  });
});

describe('posting a comment', () => {
  it('needs a signed-in customer (401) and writes nothing without one', async () => {
    const post = await postBySlug(firstPost.slug);
    const before = (await commentRows(post.id)).length;
    const answer = await comment(DEMO, { post: post.id, content: 'Hello' });
    expect(answer).toMatchObject({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
    const bad = await comment(
      { ...DEMO, authorization: 'Bearer nope' },
      { post: post.id, content: 'Hi' },
    );
    expect(bad.status).toBe(401);
    expect(await commentRows(post.id)).toHaveLength(before);
  });

  it('adds a trimmed, approved top-level comment at the top, then replies down to depth 3', async () => {
    const me = await createCustomer(t.app);
    const post = await postBySlug(published[3]!.slug);
    const top = await comment(me.headers, { post: post.id, content: '  Lovely guide!  \n' });
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({
      post: post.id,
      parent: null,
      content: 'Lovely guide!',
      is_approved: true,
      replies: [],
      user: { username: expect.stringMatching(/^buyer/) },
    });
    const reply = await comment(me.headers, {
      post: post.id,
      content: 'Reply',
      parent: top.body.id,
    });
    const deeper = await comment(me.headers, {
      post: post.id,
      content: 'Deeper',
      parent: reply.body.id,
    });
    expect([reply.status, deeper.status]).toEqual([201, 201]);
    expect(deeper.body.parent).toBe(reply.body.id);

    const { body } = await get<Comment[]>(`/blog/comments/?post=${post.id}`);
    expect(body[0]!.id).toBe(top.body.id);
    expect(body[0]!.replies[0]!.id).toBe(reply.body.id);
    expect(body[0]!.replies[0]!.replies[0]).toMatchObject({
      id: deeper.body.id,
      content: 'Deeper',
    });
    const served = await get<BlogPost>(`/blog/posts/${post.slug}/`);
    expect(served.body.comment_count).toBe(approvedCount(published[3]!.comments) + 3);
  });

  it('refuses empty, whitespace-only and NUL content, writing nothing', async () => {
    const me = await createCustomer(t.app);
    const post = await postBySlug(firstPost.slug);
    const before = (await commentRows(post.id)).length;
    for (const content of ['', '   \n\t ']) {
      const answer = await comment(me.headers, { post: post.id, content });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ content: ['This field may not be blank.'] });
    }
    expect(await comment(me.headers, { post: post.id, content: 'a\u0000b' })).toMatchObject({
      status: 400,
      body: { content: ['Null characters are not allowed.'] },
    });
    expect(await commentRows(post.id)).toHaveLength(before);
  });

  it('refuses malformed bodies with a 4xx, never a 5xx, writing nothing', async () => {
    const me = await createCustomer(t.app);
    const post = await postBySlug(firstPost.slug);
    const before = (await commentRows(post.id)).length;
    const bodies: unknown[] = [
      { post: post.id },
      { content: 'No post' },
      { post: post.id, content: 'x'.repeat(4001) },
      { post: post.id, content: ['a'] },
      { post: post.id, content: { text: 'a' } },
      { post: [post.id], content: 'Hi' },
      { post: 'first', content: 'Hi' },
      { post: 1.5, content: 'Hi' },
      { post: post.id, content: 'Hi', parent: 'top' },
      { post: post.id, content: 'Hi', parent: 0 },
      [],
    ];
    for (const body of bodies) {
      const answer = await comment(me.headers, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    for (const raw of [`{"post": 1e309, "content": "Hi"}`, '"just text"', '{"post": 1,']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/blog/comments/',
        headers: { ...me.headers, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(answer.statusCode, raw).toBe(400);
      expect(answer.json(), raw).toEqual(expect.any(Object));
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/blog/comments/',
      headers: { ...me.headers, 'content-type': 'text/plain' },
      payload: 'post=1&content=Hi',
    });
    expect(text.statusCode).toBe(415);
    expect(await commentRows(post.id)).toHaveLength(before);
  });

  it('refuses a parent from another post (400) and unknown ones (404), writing nothing', async () => {
    const me = await createCustomer(t.app);
    const post = await postBySlug(firstPost.slug);
    const other = await postBySlug(published[1]!.slug);
    const [foreign] = await commentRows(other.id);
    const before = (await commentRows(post.id)).length;
    expect(
      await comment(me.headers, { post: post.id, content: 'Hi', parent: foreign!.id }),
    ).toMatchObject({
      status: 400,
      body: { parent: ['The parent comment belongs to another post.'] },
    });
    for (const parent of [999_999, 99_999_999_999]) {
      expect(await comment(me.headers, { post: post.id, content: 'Hi', parent })).toMatchObject({
        status: 404,
        body: NOT_FOUND,
      });
    }
    // A comment awaiting moderation cannot be replied to.
    const pending = (await commentRows(post.id)).find((c) => !c.is_approved)!;
    expect(
      (await comment(me.headers, { post: post.id, content: 'Hi', parent: pending.id })).status,
    ).toBe(404);
    expect(await commentRows(post.id)).toHaveLength(before);
  });

  it('answers 404 for a draft, another shop’s post or parent, and an out-of-range post id', async () => {
    const me = await createCustomer(t.app);
    const draft = await postBySlug('winter-open-workshop-dates');
    const potteryPost = await postBySlug(potteryContent.blog_posts[0]!.slug, 'demo-pottery');
    const [potteryComment] = await commentRows(potteryPost.id);
    const ours = await postBySlug(firstPost.slug);
    for (const body of [
      { post: draft.id, content: 'Hi' },
      { post: potteryPost.id, content: 'Hi' },
      { post: ours.id, content: 'Hi', parent: potteryComment!.id },
      { post: 99_999_999_999, content: 'Hi' },
    ]) {
      expect(await comment(me.headers, body), JSON.stringify(body)).toMatchObject({
        status: 404,
        body: NOT_FOUND,
      });
    }
    expect(await commentRows(draft.id)).toHaveLength(0);
  });

  it('keeps a new comment for moderation at the pottery: not served, not counted', async () => {
    const potter = await createCustomer(t.app, 'demo-pottery');
    const post = await postBySlug(potteryContent.blog_posts[0]!.slug, 'demo-pottery');
    const countBefore = (await get<BlogPost>(`/blog/posts/${post.slug}/`, POTTERY)).body
      .comment_count;
    const answer = await comment(potter.headers, { post: post.id, content: 'Lovely clay' });
    expect(answer).toMatchObject({
      status: 201,
      body: { is_approved: false, content: 'Lovely clay' },
    });
    const thread = await get<Comment[]>(`/blog/comments/?post=${post.id}`, POTTERY);
    expect(flatten(thread.body).map((c) => c.id)).not.toContain(answer.body.id);
    expect((await get<BlogPost>(`/blog/posts/${post.slug}/`, POTTERY)).body.comment_count).toBe(
      countBefore,
    );
  });

  it(`refuses a reply deeper than ${MAX_COMMENT_DEPTH} levels`, async () => {
    const me = await createCustomer(t.app);
    const post = await postBySlug(published[4]!.slug);
    const tenant = await tenantId(t.app, 'demo-handcraft');
    const { id: deepest } = await t.app.db
      .insertInto('blog_comments')
      .values({
        tenant_id: tenant,
        post_id: post.id,
        parent_id: null,
        user_id: me.id,
        content: 'pretend this is at the bottom of a long chain',
        is_approved: 1,
        depth: MAX_COMMENT_DEPTH - 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      await comment(me.headers, { post: post.id, content: 'Hi', parent: deepest }),
    ).toMatchObject({
      status: 400,
      body: { parent: [`Replies cannot be nested more than ${MAX_COMMENT_DEPTH} levels deep.`] },
    });
    await t.app.db.deleteFrom('blog_comments').where('id', '=', deepest).execute();
  });
});
