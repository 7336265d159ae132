/**
 * The seeded blog: each post with its author, featured image and dates (written three days
 * before publication), and its comment threads, each comment a number of hours after the post.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { SeedBlogPost, SeedComment } from './content-data.ts';
import { blogImageFile } from './content-seed-media.ts';

const HOUR_MS = 60 * 60 * 1000;

const DAY_MS = 24 * HOUR_MS;

async function insertComments(
  trx: Transaction<Database>,
  tenantId: number,
  postId: number,
  publishedAt: number,
  comments: readonly SeedComment[],
  people: Map<string, number>,
  parentId: number | null,
  depth: number,
): Promise<void> {
  for (const comment of comments) {
    const { id } = await trx
      .insertInto('blog_comments')
      .values({
        tenant_id: tenantId,
        post_id: postId,
        parent_id: parentId,
        user_id: people.get(comment.username) ?? null,
        content: comment.content,
        status: comment.approved === false ? 'pending' : 'approved',
        depth,
        created_at: new Date(publishedAt + comment.hours_after * HOUR_MS).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertComments(
      trx,
      tenantId,
      postId,
      publishedAt,
      comment.replies ?? [],
      people,
      id,
      depth + 1,
    );
  }
}

/**
 * Inserts a post, and its comments when it is published. `people` maps usernames to the shop's
 * accounts (./content-seed-people.ts); `mediaUrl` is the shop's media address.
 */
export async function insertPost(
  trx: Transaction<Database>,
  tenantId: number,
  post: SeedBlogPost,
  people: Map<string, number>,
  mediaUrl: string,
  now: Date,
): Promise<void> {
  const published =
    post.published_days_ago === null ? null : now.getTime() - post.published_days_ago * DAY_MS;
  // Written a few days before publication, last touched on the day it went out.
  const created = (published ?? now.getTime()) - 3 * DAY_MS;
  const { id } = await trx
    .insertInto('blog_posts')
    .values({
      tenant_id: tenantId,
      slug: post.slug,
      title: post.title,
      author_id: post.author ? (people.get(post.author) ?? null) : null,
      featured_image_path: post.image ? `${mediaUrl}/${blogImageFile(post.slug)}` : null,
      content: post.content_html,
      excerpt: post.excerpt,
      status: post.status,
      published_at: published === null ? null : new Date(published).toISOString(),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(published ?? now.getTime()).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (published !== null) {
    await insertComments(trx, tenantId, id, published, post.comments, people, null, 0);
  }
}
