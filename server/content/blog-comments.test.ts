/**
 * The comments of a post (`GET /blog/comments/?post=`): approved ones newest first with their
 * replies nested, a reply of a pending comment left out, not found for a post a shopper cannot
 * read, and a whole thread read in one query however big and deep.
 */
import type { components } from '../../common/storefront-api';
import { potteryContent } from '../seed/content-data.ts';
import { tenantId } from '../test/shop.ts';
import {
  NOT_FOUND,
  POTTERY,
  approvedCount,
  depthOf,
  firstPost,
  flatten,
  published,
  useBlogApi,
} from '../test/blog.ts';

type Comment = components['schemas']['Comment'];

const { t, queries, get, postBySlug } = useBlogApi();

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
            status: approved ? 'approved' : 'pending',
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
            status: 'approved',
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
