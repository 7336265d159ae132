/**
 * The back office's queue of blog comments (permission `moderation.manage`): a page of the
 * shop's comments in one status, newest first, each with its post and the shop's reply, and the
 * store the moves of ./moderation.ts change a comment through.
 *
 * The shop's reply to a comment is a row of the thread itself (`blog_comments` with
 * `is_shop_reply`, approved, one level deeper, under the shop's name): it is never in the queue,
 * and a shopper's answer to it goes when it is deleted (the thread keeps no orphans). A reply
 * under a hidden or rejected comment is not shown while its parent is not.
 *
 * Errors: `moderation_item_not_found` (404) for no such comment in the shop (a shop reply is
 * not one); `invalid_moderation_page` past the last page. Spec: openapi/admin.yaml, tag
 * moderation.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { FORMER_CUSTOMER } from './erased-authors.ts';
import { heldForLinks } from './link-rule.ts';
import { moderatedStore, MODERATION_PAGE_SIZE, queueItem, queuePage } from './moderation-queue.ts';
import type {
  ModeratedItem,
  ModerationPage,
  QueueFilters,
  ShopReplyView,
} from './moderation-queue.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** A comment in the queue. */
export interface ModerationComment extends ModeratedItem {
  content: string;
  /** The comment it answers, or null for a top-level comment. */
  parent: number | null;
  post: { id: number; title: string; slug: string };
}

/**
 * Page `page` of shop `tenantId`'s comments (not the shop's own replies) in `status` (default
 * `pending`), newest first, 25 a page, each with its post and the shop's reply.
 * @throws DomainError `invalid_moderation_page` past the last.
 */
export async function listCommentsForModeration(
  db: Db,
  tenantId: number,
  filters: QueueFilters,
): Promise<ModerationPage<ModerationComment>> {
  return queuePage(
    filters,
    (status, offset) =>
      commentRows(db, tenantId)
        .where('c.status', '=', status)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(MODERATION_PAGE_SIZE)
        .offset(offset)
        .execute(),
    () =>
      db
        .selectFrom('blog_comments')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
        .where('tenant_id', '=', tenantId)
        .where('is_shop_reply', '=', 0)
        .groupBy('status')
        .execute(),
    async (rows) => {
      const replies = await shopRepliesOf(
        db,
        tenantId,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toModerationComment(r, replies));
    },
  );
}

/** The comments (not the shop's replies) of shop `tenantId` with their posts. */
function commentRows(db: Db | Trx, tenantId: number) {
  return db
    .selectFrom('blog_comments as c')
    .innerJoin('blog_posts as p', 'p.id', 'c.post_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.status',
      'c.content',
      'c.created_at',
      'c.parent_id',
      'u.username',
      'u.erased_at',
      'p.id as post_id',
      'p.title as post_title',
      'p.slug as post_slug',
    ])
    .where('c.tenant_id', '=', tenantId)
    .where('c.is_shop_reply', '=', 0);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentRows>['executeTakeFirstOrThrow']>>;

function toModerationComment(
  r: CommentRow,
  replies: Map<number, ShopReplyView>,
): ModerationComment {
  return {
    id: r.id,
    status: r.status,
    content: r.content,
    author: r.erased_at ? FORMER_CUSTOMER : (r.username ?? null),
    created_at: toIsoString(r.created_at),
    held_for_links: heldForLinks(r.content),
    parent: r.parent_id,
    post: { id: r.post_id, title: r.post_title, slug: r.post_slug },
    shop_reply: replies.get(r.id) ?? null,
  };
}

/**
 * Comment `id` of the shop as the queue shows it (a move's answer).
 * @throws DomainError `moderation_item_not_found` (a shop reply is not one).
 */
export async function getModeratedComment(
  db: Db,
  tenantId: number,
  id: number,
): Promise<ModerationComment> {
  return queueItem(
    id,
    () => commentRows(db, tenantId).where('c.id', '=', id).executeTakeFirst(),
    async (row) => toModerationComment(row, await shopRepliesOf(db, tenantId, [id])),
  );
}

/** The shop's reply under each of `commentIds` (the latest, should there be several). */
async function shopRepliesOf(
  db: Db | Trx,
  tenantId: number,
  commentIds: number[],
): Promise<Map<number, ShopReplyView>> {
  const replies = new Map<number, ShopReplyView>();
  if (commentIds.length === 0) return replies;
  const rows = await db
    .selectFrom('blog_comments as c')
    .leftJoin('staff as s', 's.id', 'c.staff_id')
    .select(['c.parent_id', 'c.content', 'c.created_at', 'c.updated_at', 's.name as staff_name'])
    .where('c.tenant_id', '=', tenantId)
    .where('c.is_shop_reply', '=', 1)
    .where('c.parent_id', 'in', commentIds)
    .orderBy('c.id')
    .execute();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    replies.set(row.parent_id, {
      content: row.content,
      created_at: toIsoString(row.updated_at ?? row.created_at),
      staff_name: row.staff_name ?? null,
    });
  }
  return replies;
}

/** How the moves change a comment (see ModeratedStore): its status and its shop reply row. */
export const commentStore = moderatedStore('blog_comments', {
  async writeReply(trx, acting, id, text, now) {
    const parent = await trx
      .selectFrom('blog_comments')
      .select(['post_id', 'depth'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('blog_comments')
      .select(['id', 'content'])
      .where('tenant_id', '=', acting.tenantId)
      .where('parent_id', '=', id)
      .where('is_shop_reply', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('blog_comments')
        .set({ content: text, updated_at: now, staff_id: acting.staff.id })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await trx
        .insertInto('blog_comments')
        .values({
          tenant_id: acting.tenantId,
          post_id: parent.post_id,
          parent_id: id,
          user_id: null,
          content: text,
          status: 'approved',
          depth: parent.depth + 1,
          is_shop_reply: 1,
          staff_id: acting.staff.id,
          created_at: now,
          updated_at: null,
        })
        .execute();
    }
    return existing?.content ?? null;
  },

  async deleteReply(trx, tenantId, id) {
    const replies = await trx
      .selectFrom('blog_comments')
      .select(['id', 'content'])
      .where('tenant_id', '=', tenantId)
      .where('parent_id', '=', id)
      .where('is_shop_reply', '=', 1)
      .execute();
    for (const reply of replies) {
      // A shopper's answer to the shop's reply goes with it (the thread keeps no orphans).
      await trx.deleteFrom('blog_comments').where('parent_id', '=', reply.id).execute();
      await trx.deleteFrom('blog_comments').where('id', '=', reply.id).execute();
    }
    return replies[0]?.content ?? null;
  },
});
