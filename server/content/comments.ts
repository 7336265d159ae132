/**
 * Comments on blog posts (spec sections 2, 5 and 7): a published post's approved comments as a
 * tree, and new comments and replies by signed-in customers.
 *
 * Comments are plain text (rendered as text by the SPA, never as HTML), stored trimmed. A post's
 * whole thread is read in ONE query whatever its size or depth (the post check included) and
 * nested in memory; only approved comments are served, and a reply whose parent is not served
 * is not served either (so a reply under a hidden or rejected comment disappears with it, and
 * comes back when the comment is restored). Whether a new comment is approved at once is the
 * shop's setting (`site_settings.comments_auto_approve`; the demo shop approves at once, the
 * pottery moderates); the link rule (./link-rule.ts) holds one full of links either way.
 *
 * The shop's replies (./moderation.ts) are rows of the thread like any reply, written from the
 * back office: they are served under the shop's name (its site title) with `is_shop_reply`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isRowId } from '../platform/db/errors.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { hasNul } from '../platform/canonical-json.ts';
import { DomainError } from '../platform/domain-error.ts';
import { BLANK_MESSAGE, NUL_MESSAGE } from '../platform/field-messages.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import { postNotFound, publishedPosts } from './blog.ts';
import type { ContentErrorCode } from './errors.ts';
import { heldForLinks } from './link-rule.ts';
import { FORMER_CUSTOMER } from './erased-authors.ts';

type Comment = Schemas['Comment'];

/**
 * How deep replies may nest: a top-level comment has depth 0, a reply its parent's depth + 1.
 * Far beyond any thread a page can show, and it keeps the answer's nesting (serialized
 * recursively) bounded whatever a client posts.
 */
export const MAX_COMMENT_DEPTH = 50;

/** What a refused comment says (DRF's wording where the spec names none). */
export const COMMENT_MESSAGES = {
  blank: BLANK_MESSAGE,
  parentOtherPost: 'The parent comment belongs to another post.',
  tooDeep: `Replies cannot be nested more than ${MAX_COMMENT_DEPTH} levels deep.`,
} as const;

/** One approved comment as the thread query reads it. */
export interface ThreadRow {
  id: number;
  parent_id: number | null;
  username: string | null;
  content: string;
  created_at: Date | string;
  /** A reply by the shop: `username` is then the shop's name. */
  is_shop_reply?: boolean;
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
      is_shop_reply: row.is_shop_reply === true,
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
 * The approved top-level comments of the shop's published post `postId`, newest first, each
 * with its approved replies nested at any depth (newest first). One query. Asked for comments
 * that are not approved (`isApproved` false), an empty list: comments awaiting moderation are
 * never public.
 * @throws DomainError `blog_post_not_found` ("Not found.") when the post is not a published
 *   post of this shop.
 */
export async function loadApprovedComments(
  db: Kysely<Database>,
  tenantId: number,
  postId: number,
  isApproved?: boolean,
): Promise<Comment[]> {
  if (!isRowId(postId)) throw postNotFound();
  // The post's own row comes back even without comments (left join): 0 rows means no post.
  const rows = await db
    .selectFrom('blog_posts as p')
    .leftJoin('blog_comments as c', (join) =>
      join
        .onRef('c.post_id', '=', 'p.id')
        .on('c.tenant_id', '=', tenantId)
        .on('c.status', '=', 'approved'),
    )
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'c.user_id').on('u.tenant_id', '=', tenantId),
    )
    .leftJoin('site_settings as s', 's.tenant_id', 'p.tenant_id')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select([
      'c.id as id',
      'c.parent_id as parent_id',
      'c.content as content',
      'c.created_at as created_at',
      'c.is_shop_reply as is_shop_reply',
      'u.username as username',
      'u.erased_at as erased_at',
      's.site_title as site_title',
      't.name as tenant_name',
    ])
    .where('p.id', '=', postId)
    .where('p.tenant_id', '=', tenantId)
    .where('p.status', '=', 'published')
    .where('p.published_at', 'is not', null)
    .where('p.published_at', '<=', new Date().toISOString())
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  if (rows.length === 0) throw postNotFound();
  if (isApproved === false) return [];
  const comments: ThreadRow[] = [];
  for (const row of rows) {
    if (row.id === null || row.content === null || row.created_at === null) continue;
    const byShop = toBool(row.is_shop_reply ?? 0);
    comments.push({
      id: row.id,
      parent_id: row.parent_id,
      // An erased account's comments stay, under no name of theirs (server/accounts/erasure.ts).
      username: byShop
        ? row.site_title || row.tenant_name
        : row.erased_at
          ? FORMER_CUSTOMER
          : row.username,
      content: row.content,
      created_at: row.created_at,
      is_shop_reply: byShop,
    });
  }
  return nestComments(postId, comments);
}

/** Whether the shop approves new comments at once (false when it has no settings). */
async function autoApproves(db: Kysely<Database>, tenantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('site_settings')
    .select('comments_auto_approve')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? toBool(row.comments_auto_approve) : false;
}

const invalidComment = (message: string) =>
  new DomainError<ContentErrorCode>('invalid_comment', message, { field: 'content' });

/**
 * Posts `author`'s comment `{post, content, parent?}` on the shop's published post, approved
 * at once or awaiting moderation (`is_approved: false`) as the shop's setting and the link rule
 * say. The
 * content is stored trimmed.
 * @returns the Comment (`replies: []`).
 * @throws DomainError `invalid_comment` (field `content`: "This field may not be blank." after
 *   trimming, "Null characters are not allowed."); `blog_post_not_found` when the post is not a
 *   published post of this shop; `parent_comment_not_found` when the parent is not an approved
 *   comment of this shop; `parent_comment_other_post` and `comment_too_deep` (field `parent`).
 */
export async function postComment(
  db: Kysely<Database>,
  tenantId: number,
  author: { id: number; username: string },
  form: Schemas['CommentCreate'],
): Promise<Comment> {
  const { post: postId, parent: parentId = null } = form;

  if (hasNul(form.content)) throw invalidComment(NUL_MESSAGE);
  const content = form.content.trim();
  if (content === '') throw invalidComment(COMMENT_MESSAGES.blank);
  if (!isRowId(postId)) throw postNotFound();
  const parentNotFound = () =>
    new DomainError<ContentErrorCode>('parent_comment_not_found', 'Not found.');
  if (parentId !== null && !isRowId(parentId)) throw parentNotFound();

  const now = new Date().toISOString();
  const post = await publishedPosts(db, tenantId, now)
    .select('p.id')
    .where('p.id', '=', postId)
    .executeTakeFirst();
  if (!post) throw postNotFound();

  let depth = 0;
  if (parentId !== null) {
    const parent = await db
      .selectFrom('blog_comments')
      .select(['post_id', 'depth'])
      .where('id', '=', parentId)
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'approved')
      .executeTakeFirst();
    if (!parent) throw parentNotFound();
    if (parent.post_id !== postId) {
      throw new DomainError<ContentErrorCode>(
        'parent_comment_other_post',
        COMMENT_MESSAGES.parentOtherPost,
        { field: 'parent' },
      );
    }
    depth = parent.depth + 1;
    if (depth >= MAX_COMMENT_DEPTH) {
      throw new DomainError<ContentErrorCode>('comment_too_deep', COMMENT_MESSAGES.tooDeep, {
        field: 'parent',
      });
    }
  }

  const approved = (await autoApproves(db, tenantId)) && !heldForLinks(content);
  const { id } = await db
    .insertInto('blog_comments')
    .values({
      tenant_id: tenantId,
      post_id: postId,
      parent_id: parentId,
      user_id: author.id,
      content,
      status: approved ? 'approved' : 'pending',
      depth,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id,
    user: { username: author.username },
    content,
    created_at: now,
    parent: parentId,
    replies: [],
    post: postId,
    is_approved: approved,
    is_shop_reply: false,
  };
}
