/**
 * Blog handlers (spec sections 2, 3, 5 and 7): published posts, a post's approved
 * comments as a tree, and new comments and replies by signed-in customers.
 *
 * A post exists for the storefront only while it is `published` with a `published_at` that has
 * come: a draft, an archived post, a post scheduled for later or another shop's post answers
 * the same 404 `{"detail":"Not found."}` as a slug that exists nowhere (decision 003).
 *
 * Comments are plain text (rendered as text by the SPA, never as HTML), stored trimmed. A post's
 * whole thread is read in ONE query whatever its size or depth (the post check included) and
 * nested in memory; only approved comments are served, and a reply whose parent is not served
 * is not served either. `comment_count` counts the approved comments of a post at any depth.
 * Whether a new comment is approved at once is the shop's setting
 * (`site_settings.comments_auto_approve`; the demo shop approves at once, the pottery moderates).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { isRowId } from '../../platform/db/errors.ts';
import { toBool, toCount, toIsoString } from '../../platform/db/mapping.ts';
import { hasNul } from '../../platform/canonical-json.ts';
import { HttpError, notFound } from '../http-error.ts';
import { pageUrl } from '../pagination.ts';
import { pageOffset } from '../../platform/db/page-offset.ts';
import { requireUser } from '../auth.ts';
import type { Schemas } from '../../../common/storefront-contract.ts';
import type { OperationHandler } from '../contract-types.ts';
import { BLANK_MESSAGE, NUL_MESSAGE } from '../../platform/field-messages.ts';

type BlogPost = Schemas['BlogPost'];
type Comment = Schemas['Comment'];

/** Page size of the blog list when the request names none (at most 100, the contract's). */
export const DEFAULT_BLOG_PAGE_SIZE = 12;

/**
 * How deep replies may nest: a top-level comment has depth 0, a reply its parent's depth + 1.
 * Far beyond any thread a page can show, and it keeps the answer's nesting (serialized
 * recursively) bounded whatever a client posts.
 */
export const MAX_COMMENT_DEPTH = 50;

/** Messages of this module (DRF's wording where the spec names none). */
export const BLOG_MESSAGES = {
  blank: BLANK_MESSAGE,
  invalidPage: 'Invalid page.',
  parentOtherPost: 'The parent comment belongs to another post.',
  tooDeep: `Replies cannot be nested more than ${MAX_COMMENT_DEPTH} levels deep.`,
} as const;

/**
 * The tenant's posts that the storefront may show at `now` (ISO 8601), with their author's
 * username and their approved-comment count.
 */
function publishedPosts(db: Kysely<Database>, tenantId: number, now: string) {
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
    eb
      .selectFrom('blog_comments as c')
      .select((inner) => inner.fn.countAll<number | string>().as('n'))
      .whereRef('c.post_id', '=', 'p.id')
      .where('c.is_approved', '=', 1)
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

/**
 * GET /blog/posts/?status=published&page&page_size -> PaginatedBlogPostList of the shop's
 * published posts, newest first (12 per page by default, at most 100). `status` may only be
 * `published` (the contract's enum); without it the answer is the same. A page past the last
 * answers 404 `{"detail":"Invalid page."}` as DRF does; page 1 is always valid. Two queries
 * whatever the page size (the page with its counts, and the total).
 */
export const listBlogPosts: OperationHandler<'listBlogPosts'> = async (request) => {
  const { db } = request.server;
  const page = request.query.page ?? 1;
  const pageSize = Math.min(request.query.page_size ?? DEFAULT_BLOG_PAGE_SIZE, 100);
  const offset = pageOffset(page, pageSize);
  if (offset === null) throw new HttpError(404, { detail: BLOG_MESSAGES.invalidPage });

  const posts = publishedPosts(db, request.tenant.id, new Date().toISOString());
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
  if (rows.length === 0 && page > 1)
    throw new HttpError(404, { detail: BLOG_MESSAGES.invalidPage });
  return {
    count,
    next: offset + pageSize < count ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, page - 1) : null,
    results: rows.map(toBlogPost),
  };
};

/** GET /blog/posts/{slug}/ -> BlogPost; 404 `{"detail":"Not found."}` unless it is published. */
export const getBlogPost: OperationHandler<'getBlogPost'> = async (request) => {
  const row = await selectPost(
    publishedPosts(request.server.db, request.tenant.id, new Date().toISOString()),
  )
    .where('p.slug', '=', request.params.slug)
    .executeTakeFirst();
  if (!row) throw notFound();
  return toBlogPost(row);
};

interface ThreadRow {
  id: number;
  parent_id: number | null;
  username: string | null;
  content: string;
  created_at: Date | string;
}

/**
 * Nests approved comments under their parents. `rows` come newest first, so every list
 * (top level and each comment's replies) is newest first too. A reply whose parent is not among
 * the rows (not approved) is left out with its own replies. Iterative: any depth, no recursion.
 */
export function nestComments(postId: number, rows: readonly ThreadRow[]): Comment[] {
  const nodes = new Map<number, Comment>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      user: row.username === null ? null : { username: row.username },
      content: row.content,
      created_at: toIsoString(row.created_at),
      parent: row.parent_id,
      replies: [],
      post: postId,
      is_approved: true,
    });
  }
  const top: Comment[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    if (row.parent_id === null) top.push(node);
    else nodes.get(row.parent_id)?.replies.push(node);
  }
  return top;
}

/**
 * GET /blog/comments/?post={id}&is_approved=true -> the post's approved top-level comments,
 * newest first, each with its approved replies nested at any depth (newest first). One query.
 * `is_approved=false` answers an empty list: comments awaiting moderation are never public.
 * Errors: 404 `{"detail":"Not found."}` when the post is not a published post of this shop.
 */
export const listComments: OperationHandler<'listComments'> = async (request) => {
  const postId = request.query.post;
  if (!isRowId(postId)) throw notFound();
  const tenantId = request.tenant.id;
  // The post's own row comes back even without comments (left join): 0 rows means no post.
  const rows = await request.server.db
    .selectFrom('blog_posts as p')
    .leftJoin('blog_comments as c', (join) =>
      join
        .onRef('c.post_id', '=', 'p.id')
        .on('c.tenant_id', '=', tenantId)
        .on('c.is_approved', '=', 1),
    )
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'c.user_id').on('u.tenant_id', '=', tenantId),
    )
    .select([
      'c.id as id',
      'c.parent_id as parent_id',
      'c.content as content',
      'c.created_at as created_at',
      'u.username as username',
    ])
    .where('p.id', '=', postId)
    .where('p.tenant_id', '=', tenantId)
    .where('p.status', '=', 'published')
    .where('p.published_at', 'is not', null)
    .where('p.published_at', '<=', new Date().toISOString())
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  if (rows.length === 0) throw notFound();
  if (request.query.is_approved === false) return [];
  const comments: ThreadRow[] = [];
  for (const row of rows) {
    if (row.id === null || row.content === null || row.created_at === null) continue;
    comments.push({
      id: row.id,
      parent_id: row.parent_id,
      username: row.username,
      content: row.content,
      created_at: row.created_at,
    });
  }
  return nestComments(postId, comments);
};

/** Whether the shop approves new comments at once (false when it has no settings). */
async function autoApproves(db: Kysely<Database>, tenantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('site_settings')
    .select('comments_auto_approve')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? toBool(row.comments_auto_approve) : false;
}

/**
 * POST /blog/comments/ `{post, content, parent?}` -> 201 Comment (`replies: []`), approved at
 * once or awaiting moderation (`is_approved: false`) as the shop's setting says.
 * Errors:
 * - 400 `{"content":["This field may not be blank."]}` when the trimmed content is empty,
 *   `{"content":["Null characters are not allowed."]}` for a NUL character;
 * - 400 `{"parent":["The parent comment belongs to another post."]}`, and
 *   `{"parent":["Replies cannot be nested more than 50 levels deep."]}`;
 * - 404 `{"detail":"Not found."}` when the post is not a published post of this shop, or the
 *   parent is not an approved comment of this shop;
 * - 401 without a valid bearer token (the contract's security).
 */
export const createComment: OperationHandler<'createComment'> = async (request, reply) => {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  const user = requireUser(request);
  const { post: postId, parent: parentId = null } = request.body;

  if (hasNul(request.body.content)) throw new HttpError(400, { content: [NUL_MESSAGE] });
  const content = request.body.content.trim();
  if (content === '') throw new HttpError(400, { content: [BLOG_MESSAGES.blank] });
  if (!isRowId(postId) || (parentId !== null && !isRowId(parentId))) throw notFound();

  const now = new Date().toISOString();
  const post = await publishedPosts(db, tenantId, now)
    .select('p.id')
    .where('p.id', '=', postId)
    .executeTakeFirst();
  if (!post) throw notFound();

  let depth = 0;
  if (parentId !== null) {
    const parent = await db
      .selectFrom('blog_comments')
      .select(['post_id', 'depth'])
      .where('id', '=', parentId)
      .where('tenant_id', '=', tenantId)
      .where('is_approved', '=', 1)
      .executeTakeFirst();
    if (!parent) throw notFound();
    if (parent.post_id !== postId) {
      throw new HttpError(400, { parent: [BLOG_MESSAGES.parentOtherPost] });
    }
    depth = parent.depth + 1;
    if (depth >= MAX_COMMENT_DEPTH) throw new HttpError(400, { parent: [BLOG_MESSAGES.tooDeep] });
  }

  const approved = await autoApproves(db, tenantId);
  const { id } = await db
    .insertInto('blog_comments')
    .values({
      tenant_id: tenantId,
      post_id: postId,
      parent_id: parentId,
      user_id: user.id,
      content,
      is_approved: approved ? 1 : 0,
      depth,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The post's server-rendered page shows its approved comments: drop the rendered pages
  // (the page cache follows the catalogue cache's invalidation; decision 008).
  if (approved) request.server.catalogCache.invalidate(tenantId);
  reply.code(201);
  return {
    id,
    user: { username: user.username },
    content,
    created_at: now,
    parent: parentId,
    replies: [],
    post: postId,
    is_approved: approved,
  };
};
