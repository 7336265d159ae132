/**
 * The shop's blog as the storefront sees it (spec sections 2, 3 and 7): published posts only.
 *
 * A post exists for the storefront only while it is `published` with a `published_at` that has
 * come: a draft, an archived post, a post scheduled for later or another shop's post is refused
 * as a slug that exists nowhere is (decision 003). `comment_count` counts the approved comments
 * of a post at any depth (./comments.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toCount, toIsoString } from '../platform/db/mapping.ts';
import { pageOffset } from '../platform/db/page-offset.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { ContentErrorCode } from './errors.ts';

type BlogPost = Schemas['BlogPost'];

/** Page size of the blog list when the request names none. */
export const DEFAULT_BLOG_PAGE_SIZE = 12;

/** The largest page of the blog list (the contract's bound). */
export const MAX_BLOG_PAGE_SIZE = 100;

/** The refusal of a post that is not a published post of the shop: "Not found." as DRF says. */
export const postNotFound = () =>
  new DomainError<ContentErrorCode>('blog_post_not_found', 'Not found.');

const invalidPage = () => new DomainError<ContentErrorCode>('invalid_blog_page', 'Invalid page.');

/**
 * The tenant's posts that the storefront may show at `now` (ISO 8601), as `p`, with their
 * author (same tenant) as `u`.
 */
export function publishedPosts(db: Kysely<Database>, tenantId: number, now: string) {
  return (
    db
      .selectFrom('blog_posts as p')
      // The author must be the same tenant's user too: isolation never rests on the rows alone.
      .leftJoin('users as u', (join) =>
        join.onRef('u.id', '=', 'p.author_id').on('u.tenant_id', '=', tenantId),
      )
      .where('p.tenant_id', '=', tenantId)
      .where('p.status', '=', 'published')
      .where('p.published_at', 'is not', null)
      .where('p.published_at', '<=', now)
  );
}

function selectPost(query: ReturnType<typeof publishedPosts>) {
  return query.select((eb) => [
    'p.id',
    'p.slug',
    'p.title',
    'p.featured_image_path',
    'p.content',
    'p.excerpt',
    'p.published_at',
    'p.created_at',
    'p.updated_at',
    'u.username as author_username',
    // Approved comments whose parent is shown too (a reply under a hidden or rejected comment
    // is not shown, so not counted). One level is checked: a reply two levels under a hidden
    // comment still counts (the moderation queue hides threads rarely, and an exact count
    // would walk every thread of every post listed).
    eb
      .selectFrom('blog_comments as c')
      .leftJoin('blog_comments as parent', 'parent.id', 'c.parent_id')
      .select((inner) => inner.fn.countAll<number | string>().as('n'))
      .whereRef('c.post_id', '=', 'p.id')
      .where('c.status', '=', 'approved')
      .where((w) => w.or([w('c.parent_id', 'is', null), w('parent.status', '=', 'approved')]))
      .as('comment_count'),
  ]);
}

type PostRow = Awaited<ReturnType<ReturnType<typeof selectPost>['executeTakeFirstOrThrow']>>;

function toBlogPost(row: PostRow): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    featured_image: row.featured_image_path,
    content: row.content,
    excerpt: row.excerpt,
    published_at: row.published_at === null ? null : toIsoString(row.published_at),
    created_at: toIsoString(row.created_at),
    updated_at: toIsoString(row.updated_at),
    status: 'published',
    comment_count: toCount(row.comment_count),
    author: row.author_username === null ? null : { username: row.author_username },
  };
}

/** One page of the blog list, without its links (the HTTP layer builds them). */
export interface BlogPostPage {
  /** Published posts of the shop, all pages together. */
  count: number;
  results: BlogPost[];
  /** The page read (1-based) and whether another follows it. */
  page: number;
  hasNext: boolean;
}

/**
 * Page `page` (1-based, default 1) of the shop's published posts, newest first, `page_size`
 * per page (default {@link DEFAULT_BLOG_PAGE_SIZE}, at most {@link MAX_BLOG_PAGE_SIZE}). Two
 * queries whatever the page size (the page with its comment counts, and the total).
 * @throws DomainError `invalid_blog_page` ("Invalid page.", as DRF says) for a page past the
 *   last (page 1 is always valid) or one beyond any offset the database can hold.
 */
export async function loadPublishedPostPage(
  db: Kysely<Database>,
  tenantId: number,
  params: { page?: number; page_size?: number },
): Promise<BlogPostPage> {
  const page = params.page ?? 1;
  const pageSize = Math.min(params.page_size ?? DEFAULT_BLOG_PAGE_SIZE, MAX_BLOG_PAGE_SIZE);
  const offset = pageOffset(page, pageSize);
  if (offset === null) throw invalidPage();

  const posts = publishedPosts(db, tenantId, new Date().toISOString());
  const [rows, total] = await Promise.all([
    selectPost(posts)
      .orderBy('p.published_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    posts.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const count = toCount(total.n);
  if (rows.length === 0 && page > 1) throw invalidPage();
  return { count, results: rows.map(toBlogPost), page, hasNext: offset + pageSize < count };
}

/**
 * The shop's post `slug` while it is published.
 * @throws DomainError `blog_post_not_found` ("Not found.") otherwise.
 */
export async function loadPublishedPost(
  db: Kysely<Database>,
  tenantId: number,
  slug: string,
): Promise<BlogPost> {
  const row = await selectPost(publishedPosts(db, tenantId, new Date().toISOString()))
    .where('p.slug', '=', slug)
    .executeTakeFirst();
  if (!row) throw postNotFound();
  return toBlogPost(row);
}
