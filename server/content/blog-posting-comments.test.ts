/**
 * Posting a comment (`POST /blog/comments/`): a signed-in customer's trimmed comment or reply,
 * approved at once or kept for moderation as the shop says, and every bad request refused
 * without writing anything.
 */
import type { components } from '../../common/storefront-api';
import { potteryContent } from '../seed/content-data.ts';
import { createCustomer, tenantId } from '../test/shop.ts';
import { MAX_COMMENT_DEPTH } from './comments.ts';
import {
  DEMO,
  NOT_FOUND,
  POTTERY,
  approvedCount,
  firstPost,
  flatten,
  published,
  useBlogApi,
} from '../test/blog.ts';

type BlogPost = components['schemas']['BlogPost'];
type Comment = components['schemas']['Comment'];

const { t, get, comment, postBySlug, commentRows } = useBlogApi();

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
    const pending = (await commentRows(post.id)).find((c) => c.status !== 'approved')!;
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
        status: 'approved',
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
