/**
 * Fixtures of the blog tests (spec: blog and comments): the seeded posts the answers are checked
 * against, readers of a comment thread, and `useBlogApi`, which gives a test file one seeded app
 * whose queries are counted, the blog calls against it and the rows they write.
 */
import type { components } from '../../common/storefront-api';
import { demoContent, type SeedComment } from '../seed/content-data.ts';
import { QueryCounter } from './query-counter.ts';
import { call, tenantId } from './shop.ts';
import { asTenant, useTestApp } from './test-app.ts';

type Comment = components['schemas']['Comment'];

export const DEMO = asTenant('demo-handcraft');
export const POTTERY = asTenant('demo-pottery');
export const NOT_FOUND = { detail: 'Not found.' };

/** The demo shop's published posts as the seed has them, and the first of them. */
export const published = demoContent.blog_posts.filter((p) => p.status === 'published');
export const firstPost = published[0]!;

/** Approved comments of a seeded thread at any depth (a pending one hides its replies). */
export function approvedCount(comments: readonly SeedComment[]): number {
  return comments
    .filter((c) => c.approved !== false)
    .reduce((n, c) => n + 1 + approvedCount(c.replies ?? []), 0);
}

/** How many levels deep a served thread goes. */
export function depthOf(comments: readonly Comment[]): number {
  return comments.reduce((deepest, c) => Math.max(deepest, 1 + depthOf(c.replies)), 0);
}

/** Every comment of a served thread, each before its replies. */
export function flatten(comments: readonly Comment[]): Comment[] {
  return comments.flatMap((c) => [c, ...flatten(c.replies)]);
}

/**
 * One seeded app for the calling test file, its queries counted by `queries`, and the blog calls
 * against it: `get` (as the demo shop unless told), `comment` (POST /blog/comments/), a post's row
 * by slug and the comment rows of a post.
 */
export function useBlogApi() {
  const queries = new QueryCounter();
  const t = useTestApp({}, { plugins: [queries] });

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

  const commentRows = (postId: number) =>
    t.app.db.selectFrom('blog_comments').selectAll().where('post_id', '=', postId).execute();

  return { t, queries, get, comment, postBySlug, commentRows };
}
