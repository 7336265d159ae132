/**
 * Moderation of reviews and blog comments through the back office's API: what waits, what a
 * move shows or hides on the storefront (the product's reviews, count and average; the post's
 * thread and comment count), the link rule, the shop's replies under the shop's name, the
 * settings (owners only), and the activity log. Runs on SQLite and on PostgreSQL.
 */
import type { components } from '../../../common/admin-api';
import type { components as storefront } from '../../../common/storefront-api';
import { call, createCustomer, productsInStock, tenantId } from '../../test/shop.ts';
import { insertOrder } from '../../test/order-fixtures.ts';
import { asStaff, createStaff, staffTokenFor } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

type ModerationReview = components['schemas']['ModerationReview'];
type ModerationComment = components['schemas']['ModerationComment'];
type Product = storefront['schemas']['Product'];
type Comment = storefront['schemas']['Comment'];
type BlogPost = storefront['schemas']['BlogPost'];

const t = useTestApp();
const SHOP = 'demo-handcraft';
const POTTERY = 'demo-pottery';

const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  for (const shop of [SHOP, POTTERY]) {
    const tenant = await tenantId(t.app, shop);
    const owner = await createStaff(t.app.db, { tenantId: tenant, role: 'owner' });
    const staff = await createStaff(t.app.db, { tenantId: tenant, role: 'staff' });
    headers[`${shop}:owner`] = asStaff(shop, await staffTokenFor(t.app, owner));
    headers[`${shop}:staff`] = asStaff(shop, await staffTokenFor(t.app, staff));
  }
});

const admin = <T>(
  shop: string,
  who: 'owner' | 'staff',
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
) => call<T>(t.app, method, `/admin/moderation/${path}`, headers[`${shop}:${who}`]!, body);

async function product(slug: string, shop = SHOP): Promise<Product> {
  const answer = await call<Product>(t.app, 'GET', `/products/products/${slug}/`, {
    'x-tenant-token': shop,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** A new customer of `shop` who bought product `productId` (a paid order line of it). */
async function buyerOf(shop: string, productId: number) {
  const me = await createCustomer(t.app, shop);
  const order = await insertOrder(t.app.db, await tenantId(t.app, shop), {
    userId: me.id,
    status: 'paid',
  });
  await t.app.db
    .updateTable('order_items')
    .set({ product_id: productId })
    .where('order_id', '=', order.id)
    .execute();
  return me;
}

async function postedReview(shop: string, comment: string, rating = 1, incentivised = false) {
  const [piece] = await productsInStock(t.app, shop, 0);
  const me = await buyerOf(shop, piece!.id);
  const answer = await call<storefront['schemas']['Review']>(
    t.app,
    'POST',
    '/products/reviews/',
    me.headers,
    { product: piece!.id, rating, comment, ...(incentivised ? { incentivised } : {}) },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { review: answer.body, slug: piece!.slug };
}

async function firstPost(shop: string): Promise<BlogPost> {
  const answer = await call<{ results: BlogPost[] }>(t.app, 'GET', '/blog/posts/', {
    'x-tenant-token': shop,
  });
  return answer.body.results[0]!;
}

async function thread(shop: string, postId: number): Promise<Comment[]> {
  const answer = await call<Comment[]>(
    t.app,
    'GET',
    `/blog/comments/?post=${postId}&is_approved=true`,
    { 'x-tenant-token': shop },
  );
  return answer.body;
}

const flatten = (comments: Comment[]): Comment[] =>
  comments.flatMap((c) => [c, ...flatten(c.replies)]);

async function postedComment(shop: string, content: string, parent?: number) {
  const post = await firstPost(shop);
  const me = await createCustomer(t.app, shop);
  const answer = await call<Comment>(t.app, 'POST', '/blog/comments/', me.headers, {
    post: post.id,
    content,
    ...(parent === undefined ? {} : { parent }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { comment: answer.body, post };
}

describe('moderating comments', () => {
  it('keeps a comment at demo-pottery waiting until a member approves it, then shows it on the post', async () => {
    const { comment, post } = await postedComment(
      POTTERY,
      'Will there be more from the spring firing?',
    );
    expect(comment.is_approved).toBe(false);
    expect(flatten(await thread(POTTERY, post.id)).map((c) => c.id)).not.toContain(comment.id);

    const queue = await admin<components['schemas']['ModerationCommentList']>(
      POTTERY,
      'staff',
      'GET',
      'comments/',
    );
    expect(queue.status).toBe(200);
    expect(queue.body.results[0]).toMatchObject({
      id: comment.id,
      status: 'pending',
      content: 'Will there be more from the spring firing?',
      post: { id: post.id, slug: post.slug, title: post.title },
      shop_reply: null,
    });
    expect(queue.body.status_counts.pending).toBeGreaterThanOrEqual(1);

    const approved = await admin<ModerationComment>(
      POTTERY,
      'staff',
      'POST',
      `comments/${comment.id}/approve/`,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(flatten(await thread(POTTERY, post.id)).map((c) => c.id)).toContain(comment.id);
    const after = await call<BlogPost>(t.app, 'GET', `/blog/posts/${post.slug}/`, {
      'x-tenant-token': POTTERY,
    });
    expect(after.body.comment_count).toBe(post.comment_count + 1);

    // Twice: a plain refusal.
    expect(await admin(POTTERY, 'staff', 'POST', `comments/${comment.id}/approve/`)).toMatchObject({
      status: 409,
      body: { detail: 'Only a waiting comment can be approved; restore a hidden or rejected one.' },
    });
  });

  it('hides a shown comment with the replies under it, and restores them', async () => {
    const { comment, post } = await postedComment(SHOP, 'Is the steel carbon or stainless?');
    expect(comment.is_approved).toBe(true);
    const { comment: answer } = await postedComment(SHOP, 'Carbon, I think.', comment.id);
    const before = await call<BlogPost>(t.app, 'GET', `/blog/posts/${post.slug}/`, {
      'x-tenant-token': SHOP,
    });

    const hidden = await admin<ModerationComment>(
      SHOP,
      'staff',
      'POST',
      `comments/${comment.id}/hide/`,
    );
    expect(hidden.body.status).toBe('hidden');
    const ids = flatten(await thread(SHOP, post.id)).map((c) => c.id);
    expect(ids).not.toContain(comment.id);
    expect(ids).not.toContain(answer.id);
    const count = await call<BlogPost>(t.app, 'GET', `/blog/posts/${post.slug}/`, {
      'x-tenant-token': SHOP,
    });
    expect(count.body.comment_count).toBe(before.body.comment_count - 2);

    expect((await admin(SHOP, 'staff', 'POST', `comments/${comment.id}/restore/`)).status).toBe(
      200,
    );
    const back = flatten(await thread(SHOP, post.id)).map((c) => c.id);
    expect(back).toEqual(expect.arrayContaining([comment.id, answer.id]));
  });

  it('holds a comment full of links even where comments are shown at once', async () => {
    const { comment, post } = await postedComment(
      SHOP,
      'Great post! https://cheap-knives.example/buy and www.replica-blades.example/now',
    );
    expect(comment.is_approved).toBe(false);
    expect(flatten(await thread(SHOP, post.id)).map((c) => c.id)).not.toContain(comment.id);
    const queue = await admin<components['schemas']['ModerationCommentList']>(
      SHOP,
      'staff',
      'GET',
      'comments/?status=pending',
    );
    expect(queue.body.results.find((c) => c.id === comment.id)).toMatchObject({
      held_for_links: true,
    });
    // One link in a real sentence is fine.
    const ok = await postedComment(
      SHOP,
      'I followed the oiling guide at https://example.com/oil and my knife has stayed rust free all summer.',
    );
    expect(ok.comment.is_approved).toBe(true);
  });

  it("shows the shop's reply in the thread under the shop's name, marked as the shop's", async () => {
    const { comment, post } = await postedComment(SHOP, 'How long does a damascus billet take?');
    const replied = await admin<ModerationComment>(
      SHOP,
      'staff',
      'PUT',
      `comments/${comment.id}/reply/`,
      {
        content: '  About two days of forging.  ',
      },
    );
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    expect(replied.body.shop_reply).toMatchObject({ content: 'About two days of forging.' });
    const mine = flatten(await thread(SHOP, post.id)).find((c) => c.id === comment.id)!;
    expect(mine.replies).toHaveLength(1);
    expect(mine.replies[0]).toMatchObject({
      content: 'About two days of forging.',
      is_shop_reply: true,
      user: { username: 'Ember & Oak Workshop' },
      parent: comment.id,
    });
    // Edited, not doubled; then deleted.
    await admin(SHOP, 'staff', 'PUT', `comments/${comment.id}/reply/`, {
      content: 'Two to three days.',
    });
    const edited = flatten(await thread(SHOP, post.id)).find((c) => c.id === comment.id)!;
    expect(edited.replies.map((r) => r.content)).toEqual(['Two to three days.']);
    // A shop reply is not itself a comment to moderate.
    expect(
      (await admin(SHOP, 'staff', 'POST', `comments/${edited.replies[0]!.id}/hide/`)).status,
    ).toBe(404);
    expect((await admin(SHOP, 'staff', 'DELETE', `comments/${comment.id}/reply/`)).status).toBe(
      200,
    );
    expect(flatten(await thread(SHOP, post.id)).find((c) => c.id === comment.id)!.replies).toEqual(
      [],
    );
    expect(await admin(SHOP, 'staff', 'DELETE', `comments/${comment.id}/reply/`)).toMatchObject({
      status: 409,
      body: { detail: 'There is no reply to delete.' },
    });
  });
});

describe('moderating reviews', () => {
  it('hides a review from the product page, its count and its average, and restores them', async () => {
    const { review, slug } = await postedReview(
      SHOP,
      'Blunt out of the box and the handle cracked.',
      1,
    );
    expect(review).toMatchObject({ is_approved: true, shop_reply: null });
    const shown = await product(slug);
    expect(shown.reviews!.map((r) => r.id)).toContain(review.id);

    const hidden = await admin<ModerationReview>(
      SHOP,
      'staff',
      'POST',
      `reviews/${review.id}/hide/`,
    );
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    const without = await product(slug);
    expect(without.reviews!.map((r) => r.id)).not.toContain(review.id);
    expect(without.review_count).toBe(shown.review_count - 1);
    const ratings = without.reviews!.map((r) => r.rating);
    const mean = ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : 0;
    expect(without.average_rating).toBeCloseTo(mean, 1);

    await admin(SHOP, 'staff', 'POST', `reviews/${review.id}/restore/`);
    const back = await product(slug);
    expect(back.review_count).toBe(shown.review_count);
    expect(back.average_rating).toBe(shown.average_rating);
  });

  it('keeps reviews waiting where the owner asks for it, counting them only once approved', async () => {
    const saved = await admin<components['schemas']['ModerationSettings']>(
      POTTERY,
      'owner',
      'PATCH',
      'settings/',
      {
        reviews_auto_approve: false,
      },
    );
    expect(saved).toMatchObject({
      status: 200,
      body: { reviews_auto_approve: false, comments_auto_approve: false },
    });
    const { review, slug } = await postedReview(POTTERY, 'Lovely glaze, a bit heavy.', 4);
    expect(review.is_approved).toBe(false);
    const before = await product(slug, POTTERY);
    expect(before.reviews!.map((r) => r.id)).not.toContain(review.id);

    const approved = await admin<ModerationReview>(
      POTTERY,
      'staff',
      'POST',
      `reviews/${review.id}/approve/`,
    );
    expect(approved.body).toMatchObject({ status: 'approved', product: { slug } });
    const after = await product(slug, POTTERY);
    expect(after.reviews!.map((r) => r.id)).toContain(review.id);
    expect(after.review_count).toBe(before.review_count + 1);
    await admin(POTTERY, 'owner', 'PATCH', 'settings/', { reviews_auto_approve: true });
  });

  it('holds a review that is hardly more than a link, and a rejected one never shows', async () => {
    const { review, slug } = await postedReview(SHOP, 'Buy here: https://spam.example/x', 5);
    expect(review.is_approved).toBe(false);
    const before = await product(slug);
    const rejected = await admin<ModerationReview>(
      SHOP,
      'staff',
      'POST',
      `reviews/${review.id}/reject/`,
    );
    expect(rejected.body).toMatchObject({ status: 'rejected', held_for_links: true });
    expect((await product(slug)).review_count).toBe(before.review_count);
    expect(await admin(SHOP, 'staff', 'POST', `reviews/${review.id}/hide/`)).toMatchObject({
      status: 409,
      body: { detail: 'Only a shown review can be hidden.' },
    });
  });

  it("shows the shop's reply under the review on the product page", async () => {
    const { review, slug } = await postedReview(SHOP, 'Sharp, balanced, beautiful.', 5);
    const replied = await admin<ModerationReview>(
      SHOP,
      'owner',
      'PUT',
      `reviews/${review.id}/reply/`,
      {
        content: 'Thank you!\nEnjoy it.',
      },
    );
    expect(replied.body.shop_reply).toMatchObject({ content: 'Thank you!\nEnjoy it.' });
    const page = await product(slug);
    expect(page.reviews!.find((r) => r.id === review.id)!.shop_reply).toMatchObject({
      shop_name: 'Ember & Oak Workshop',
      content: 'Thank you!\nEnjoy it.',
    });
    await admin(SHOP, 'owner', 'DELETE', `reviews/${review.id}/reply/`);
    expect((await product(slug)).reviews!.find((r) => r.id === review.id)!.shop_reply).toBeNull();
  });

  it('logs each move with the status before and after', async () => {
    const { review } = await postedReview(SHOP, 'Solid knife.', 4);
    await admin(SHOP, 'staff', 'POST', `reviews/${review.id}/hide/`);
    const entries = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'object_type', 'before', 'after'])
      .where('object_type', '=', 'review')
      .where('object_id', '=', String(review.id))
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'review.hide', object_type: 'review' });
    expect(JSON.parse(entries[0]!.before!)).toEqual({ status: 'approved' });
    expect(JSON.parse(entries[0]!.after!)).toEqual({ status: 'hidden' });
  });
});

describe('incentivised reviews and verified purchases (decision 085)', () => {
  it('shows in the queue whether each review is a verified purchase and incentivised', async () => {
    const { review } = await postedReview(SHOP, 'Given to me to try; it is superb.', 5, true);
    const queue = await admin<components['schemas']['ModerationReviewList']>(
      SHOP,
      'staff',
      'GET',
      'reviews/?status=approved',
    );
    expect(queue.body.results.find((r) => r.id === review.id)).toMatchObject({
      is_verified_purchase: true,
      incentivised: true,
    });
    // A seeded review by someone who bought nothing shows as not verified.
    expect(queue.body.results.some((r) => !r.is_verified_purchase)).toBe(true);
  });

  it('lets a member mark a review incentivised and take the mark off; the product page follows and the log keeps both', async () => {
    const { review, slug } = await postedReview(SHOP, 'Sharp and light.', 5);
    expect(review.incentivised).toBe(false);
    const marked = await admin<ModerationReview>(
      SHOP,
      'staff',
      'PUT',
      `reviews/${review.id}/incentivised/`,
      { incentivised: true },
    );
    expect(marked).toMatchObject({ status: 200, body: { id: review.id, incentivised: true } });
    const shown = (await product(slug)).reviews!.find((r) => r.id === review.id);
    expect(shown?.incentivised).toBe(true);
    // The same mark again changes nothing and logs nothing.
    await admin(SHOP, 'owner', 'PUT', `reviews/${review.id}/incentivised/`, { incentivised: true });
    const off = await admin<ModerationReview>(
      SHOP,
      'owner',
      'PUT',
      `reviews/${review.id}/incentivised/`,
      { incentivised: false },
    );
    expect(off.body.incentivised).toBe(false);
    expect((await product(slug)).reviews!.find((r) => r.id === review.id)?.incentivised).toBe(
      false,
    );
    const entries = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'before', 'after'])
      .where('object_type', '=', 'review')
      .where('object_id', '=', String(review.id))
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.action, JSON.parse(e.before!), JSON.parse(e.after!)])).toEqual([
      ['review.incentivised', { incentivised: false }, { incentivised: true }],
      ['review.incentivised', { incentivised: true }, { incentivised: false }],
    ]);
  });

  it("refuses another shop's review, bad bodies and a wrong content type, changing nothing", async () => {
    const { review } = await postedReview(POTTERY, 'A fine bowl.', 4);
    expect(
      await admin(SHOP, 'owner', 'PUT', `reviews/${review.id}/incentivised/`, {
        incentivised: true,
      }),
    ).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    for (const body of [
      {},
      { incentivised: 'yes' },
      { incentivised: true, extra: 1 },
      { incentivised: 'tr\u0000ue' },
    ]) {
      const answer = await admin(
        POTTERY,
        'owner',
        'PUT',
        `reviews/${review.id}/incentivised/`,
        body,
      );
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const text = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/moderation/reviews/${review.id}/incentivised/`,
      headers: { ...headers[`${POTTERY}:owner`], 'content-type': 'text/plain' },
      payload: 'incentivised=true',
    });
    expect(text.statusCode).toBe(415);
    for (const id of ['0', '-1', 'abc', '2147483648', '1e999']) {
      const answer = await admin(POTTERY, 'owner', 'PUT', `reviews/${id}/incentivised/`, {
        incentivised: true,
      });
      expect(answer.status, id).toBeGreaterThanOrEqual(400);
      expect(answer.status, id).toBeLessThan(500);
    }
    const row = await t.app.db
      .selectFrom('reviews')
      .select('incentivised')
      .where('id', '=', review.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.incentivised)).toBe(false);
  });

  it('refuses the mark without a staff token', async () => {
    const { review } = await postedReview(SHOP, 'Good steel.', 5);
    const answer = await call(
      t.app,
      'PUT',
      `/admin/moderation/reviews/${review.id}/incentivised/`,
      { 'x-tenant-token': SHOP },
      { incentivised: true },
    );
    expect(answer.status).toBe(401);
  });
});

describe('who may moderate', () => {
  it('lets staff moderate but not change the settings', async () => {
    expect((await admin(SHOP, 'staff', 'GET', 'reviews/')).status).toBe(200);
    expect(await admin(SHOP, 'staff', 'GET', 'settings/')).toMatchObject({ status: 403 });
    expect(
      await admin(SHOP, 'staff', 'PATCH', 'settings/', { comments_auto_approve: true }),
    ).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    expect((await admin(SHOP, 'owner', 'GET', 'settings/')).body).toEqual({
      comments_auto_approve: true,
      reviews_auto_approve: true,
    });
  });

  it("answers another shop's review or comment 404 and never moves it", async () => {
    const { review } = await postedReview(POTTERY, 'Nice mug, but the handle is small.', 3);
    expect(await admin(SHOP, 'owner', 'POST', `reviews/${review.id}/hide/`)).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect(
      (await admin(SHOP, 'owner', 'PUT', `reviews/${review.id}/reply/`, { content: 'Hi' })).status,
    ).toBe(404);
  });

  it('answers hostile input with 4xx, never 5xx', async () => {
    const tries: [string, string, unknown][] = [
      ['POST', 'reviews/2147483648/approve/', undefined],
      ['POST', 'reviews/-1/approve/', undefined],
      ['POST', 'comments/abc/hide/', undefined],
      ['GET', 'reviews/?status=everything', undefined],
      ['GET', 'comments/?page=99999999999', undefined],
      ['GET', 'reviews/?page=999', undefined],
      ['PUT', 'reviews/1/reply/', { content: 'a\u0000b' }],
      ['PUT', 'reviews/1/reply/', { content: 'x'.repeat(4001) }],
      ['PUT', 'reviews/1/reply/', { content: '   ' }],
      ['PUT', 'reviews/1/reply/', { content: 'hi', extra: 1 }],
      ['PUT', 'reviews/1/reply/', 'not json'],
      ['PATCH', 'settings/', {}],
      ['PATCH', 'settings/', { reviews_auto_approve: 'yes please' }],
    ];
    for (const [method, path, body] of tries) {
      const answer = await admin(SHOP, 'owner', method as 'GET', path, body);
      expect(
        answer.status,
        `${method} ${path}: ${JSON.stringify(answer.body)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
    }
    const blank = await admin(SHOP, 'owner', 'PUT', 'reviews/1/reply/', { content: '   ' });
    expect(blank).toMatchObject({
      status: 400,
      body: { content: ['This field may not be blank.'] },
    });
  });
});
