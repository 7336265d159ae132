/**
 * The shop's blog as the back office reads it: every post whatever its status, newest first by
 * when it was written (25 a page), and one post with its HTML. A post's summary says whether
 * the storefront shows it now (`is_visible`: published, and its publish date passed); its
 * author is the shopper who wrote it, or null for the shop's own posts ("Admin" on the
 * storefront). Dates are ISO 8601 strings.
 *
 * Errors: `invalid_blog_page` (404 "Invalid page.") past the last page; `content_not_found`
 * (404) for no such post in the shop. Spec: openapi/admin.yaml, tag content.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import type { Database } from '../platform/db/database.ts';
import type { BlogPostStatus } from './tables.ts';
import { toCount, toIsoString } from '../platform/db/mapping.ts';
import { pageOffset } from '../platform/db/page-offset.ts';
import { DomainError } from '../platform/domain-error.ts';
import { contentNotFound } from './content-input.ts';
import type { ContentErrorCode } from './errors.ts';

export type AdminBlogPost = Schemas['AdminBlogPost'];
type Trx = Transaction<Database>;

/** Posts a page of the back office's list. */
export const BLOG_ADMIN_PAGE_SIZE = 25;

/** The columns of a post the back office reads, with its author's username (same shop). */
function postQuery(db: Kysely<Database> | Trx, tenantId: number) {
  return db
    .selectFrom('blog_posts as p')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'p.author_id').on('u.tenant_id', '=', tenantId),
    )
    .where('p.tenant_id', '=', tenantId)
    .select([
      'p.id',
      'p.slug',
      'p.title',
      'p.excerpt',
      'p.status',
      'p.published_at',
      'p.featured_image_path',
      'p.created_at',
      'p.updated_at',
      'u.username as author_username',
    ]);
}

type PostRow = Awaited<ReturnType<ReturnType<typeof postQuery>['executeTakeFirstOrThrow']>>;

/** A post's summary as the list shows it; `is_visible`: the storefront shows it at `now`. */
function toSummary(row: PostRow, now: Date): Schemas['AdminBlogPostSummary'] {
  const publishedAt = row.published_at === null ? null : toIsoString(row.published_at);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    status: row.status,
    published_at: publishedAt,
    featured_image: row.featured_image_path,
    author: row.author_username,
    is_visible: row.status === 'published' && publishedAt !== null && new Date(publishedAt) <= now,
    created_at: toIsoString(row.created_at),
    updated_at: toIsoString(row.updated_at),
  };
}

/**
 * Page `page` (1-based) of shop `tenantId`'s posts, newest first (by when written), 25 a page,
 * of `status` when one is named.
 * @throws DomainError `invalid_blog_page` (404 "Invalid page.") past the last.
 */
export async function listAdminPosts(
  db: Kysely<Database>,
  tenantId: number,
  params: { status?: BlogPostStatus; page?: number },
  now: Date = new Date(),
): Promise<{
  count: number;
  results: Schemas['AdminBlogPostSummary'][];
  page: number;
  hasNext: boolean;
}> {
  const page = params.page ?? 1;
  const offset = pageOffset(page, BLOG_ADMIN_PAGE_SIZE);
  const invalidPage = () => new DomainError<ContentErrorCode>('invalid_blog_page', 'Invalid page.');
  if (offset === null) throw invalidPage();
  let rows = postQuery(db, tenantId);
  let total = db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId);
  if (params.status) {
    rows = rows.where('p.status', '=', params.status);
    total = total.where('status', '=', params.status);
  }
  const [found, counted] = await Promise.all([
    rows
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(BLOG_ADMIN_PAGE_SIZE)
      .offset(offset)
      .execute(),
    total.executeTakeFirstOrThrow(),
  ]);
  const count = toCount(counted.n);
  if (found.length === 0 && page > 1) throw invalidPage();
  return {
    count,
    results: found.map((row) => toSummary(row, now)),
    page,
    hasNext: offset + BLOG_ADMIN_PAGE_SIZE < count,
  };
}

/**
 * Post `id` of shop `tenantId`, whatever its status, with its HTML.
 * @throws DomainError `content_not_found` (404).
 */
export async function getAdminPost(
  db: Kysely<Database> | Trx,
  tenantId: number,
  id: number,
  now: Date = new Date(),
): Promise<AdminBlogPost> {
  const row = await postQuery(db, tenantId)
    .select('p.content')
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) throw contentNotFound();
  return { ...toSummary(row, now), content: row.content };
}
