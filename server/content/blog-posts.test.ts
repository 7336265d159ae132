/**
 * Blog posts (`GET /blog/posts/` and `/blog/posts/{slug}/`): only published posts, newest first,
 * paged like the other lists, each shop its own; a draft, archived or scheduled post is not
 * found.
 */
import type { components } from '../../common/storefront-api';
import { demoContent, potteryContent } from '../seed/content-data.ts';
import {
  NOT_FOUND,
  POTTERY,
  approvedCount,
  firstPost,
  published,
  useBlogApi,
} from '../test/blog.ts';

type BlogPost = components['schemas']['BlogPost'];
type PostPage = components['schemas']['PaginatedBlogPostList'];

const { t, get, postBySlug } = useBlogApi();

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
    // A post without an author or an image answers null for both (the SPA shows 'Admin', 'No
    // image').
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
    expect(await get('/blog/posts/?page=99')).toMatchObject({
      status: 404,
      body: { detail: 'Invalid page.' },
    });
    for (const page of ['0', '1.5', 'two', '1e309', '9007199254740993']) {
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
