/**
 * Moderation of reviews and blog comments from the back office (permission `moderation.manage`;
 * the settings `settings.manage`, owners only).
 *
 * Each review and comment has a status (`ModerationStatus`):
 *
 *   pending  --approve-->  approved  --hide-->  hidden
 *   pending  --reject-->   rejected
 *   hidden, rejected  --restore-->  approved
 *
 * Only `approved` ones are shown on the storefront and counted (a product's `review_count` and
 * `rating_average` are kept by triggers over approved reviews, migration 2026_014; a post's
 * comment count reads approved comments). Any other move answers 409 with the rule in words.
 * A reply under a hidden or rejected comment is not shown while its parent is not (the thread
 * is a tree: nothing hangs in the air), and shows again when the parent is restored.
 *
 * The shop's replies: one per review (`reviews.shop_reply`) and one per comment (a reply row of
 * the thread with `is_shop_reply`, approved, under the shop's name); writing it again edits it,
 * deleting it removes it. A reply to a review shows under the review once the review is shown.
 *
 * Every move writes the activity log in its transaction (`review.approve`, `comment.hide`,
 * `review.reply`, `moderation_settings.update`, ...) with the fields before and after. The
 * caller drops what the storefront cached of the shop after the commit.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { ModerationStatus } from '../platform/db/tables/catalog.ts';
import { toBool, toCount, toIsoString } from '../platform/db/mapping.ts';
import { pageOffset } from '../platform/db/page-offset.ts';
import { FORMER_CUSTOMER } from './erased-authors.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { BLANK_MESSAGE, NUL_MESSAGE } from '../platform/field-messages.ts';
import type { StaffActor } from '../staff/actor.ts';
import { recordActivity } from '../staff/activity-log.ts';
import { heldForLinks } from './link-rule.ts';
import type { ModerationErrorCode } from './moderation-errors.ts';

export type { ModerationStatus };

/** Every status, in the order the back office's filter offers them. */
export const MODERATION_STATUSES: readonly ModerationStatus[] = [
  'pending',
  'approved',
  'hidden',
  'rejected',
];

/** Items a page of a queue. */
export const MODERATION_PAGE_SIZE = 25;

/** The longest shop reply (characters), as long as a shopper's review or comment may be. */
export const MAX_REPLY_LENGTH = 4000;

/** What a refused move says. */
export const MODERATION_MESSAGES = {
  approve: (what: string) =>
    `Only a waiting ${what} can be approved; restore a hidden or rejected one.`,
  reject: (what: string) => `Only a waiting ${what} can be rejected.`,
  hide: (what: string) => `Only a shown ${what} can be hidden.`,
  restore: (what: string) => `Only a hidden or rejected ${what} can be restored.`,
  noReply: 'There is no reply to delete.',
  tooLong: `Ensure this field has no more than ${MAX_REPLY_LENGTH} characters.`,
  control: 'Control characters are not allowed.',
} as const;

/** A move of the state machine above. */
export type ModerationMove = 'approve' | 'reject' | 'hide' | 'restore';

/** From which statuses each move may be made. */
const MOVES: Record<ModerationMove, { from: readonly ModerationStatus[]; to: ModerationStatus }> = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  hide: { from: ['approved'], to: 'hidden' },
  restore: { from: ['hidden', 'rejected'], to: 'approved' },
};

/** The shop's reply as the back office shows it. */
export interface ShopReplyView {
  content: string;
  created_at: string;
  /** The member who wrote it last, or null once removed. */
  staff_name: string | null;
}

/** A review in the queue. */
export interface ModerationReview {
  id: number;
  status: ModerationStatus;
  rating: number;
  comment: string;
  author: string | null;
  created_at: string;
  is_verified_purchase: boolean;
  /** True when the link rule holds it (./link-rule.ts). */
  held_for_links: boolean;
  product: { id: number; name: string; slug: string };
  shop_reply: ShopReplyView | null;
}

/** A comment in the queue. */
export interface ModerationComment {
  id: number;
  status: ModerationStatus;
  content: string;
  author: string | null;
  created_at: string;
  held_for_links: boolean;
  /** The comment it answers, or null for a top-level comment. */
  parent: number | null;
  post: { id: number; title: string; slug: string };
  shop_reply: ShopReplyView | null;
}

/** How many items each status has (the filter's counts). */
export type StatusCounts = Record<ModerationStatus, number>;

/** One page of a queue. */
export interface ModerationPage<T> {
  count: number;
  nextPage: number | null;
  previousPage: number | null;
  results: T[];
  statusCounts: StatusCounts;
}

/** The shop's moderation settings. */
export interface ModerationSettings {
  /** New comments are shown at once (else they wait for approval). */
  comments_auto_approve: boolean;
  /** New reviews are shown at once (else they wait for approval). */
  reviews_auto_approve: boolean;
}

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const notFound = () =>
  new DomainError<ModerationErrorCode>('moderation_item_not_found', 'Not found.');
const refused = (message: string) =>
  new DomainError<ModerationErrorCode>('moderation_move_refused', message);
const invalid = (fields: FieldErrors) =>
  new DomainError<ModerationErrorCode>('invalid_moderation_input', 'Invalid input.', { fields });
const invalidPage = () =>
  new DomainError<ModerationErrorCode>('invalid_moderation_page', 'Invalid page.');

/** The largest id an integer column holds: anything above names nothing. */
const MAX_ROW_ID = 2_147_483_647;
const isId = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID;

// eslint-disable-next-line no-control-regex -- the rule is about control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A reply's text, trimmed: plain text, 1 to MAX_REPLY_LENGTH characters, line breaks allowed,
 * no other control character.
 * @throws DomainError `invalid_moderation_input` on `field`.
 */
export function checkReplyText(value: unknown, field = 'content', max = MAX_REPLY_LENGTH): string {
  if (typeof value !== 'string') throw invalid({ [field]: ['Not a valid string.'] });
  if (value.includes('\u0000')) throw invalid({ [field]: [NUL_MESSAGE] });
  if (CONTROL.test(value)) throw invalid({ [field]: [MODERATION_MESSAGES.control] });
  const text = value.replace(/\r\n?/g, '\n').trim();
  if (text === '') throw invalid({ [field]: [BLANK_MESSAGE] });
  if (text.length > max) {
    throw invalid({ [field]: [`Ensure this field has no more than ${max} characters.`] });
  }
  return text;
}

/** Page bounds; throws "Invalid page." for a page that cannot exist. */
function pageBounds(page: number | undefined): { page: number; offset: number } {
  const p = page ?? 1;
  const offset = Number.isInteger(p) && p >= 1 ? pageOffset(p, MODERATION_PAGE_SIZE) : null;
  if (offset === null) throw invalidPage();
  return { page: p, offset };
}

function pageOf<T>(
  page: number,
  count: number,
  results: T[],
  statusCounts: StatusCounts,
): ModerationPage<T> {
  if (page > 1 && results.length === 0) throw invalidPage();
  return {
    count,
    nextPage: page * MODERATION_PAGE_SIZE < count ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
    results,
    statusCounts,
  };
}

function countsOf(rows: readonly { status: string; n: number | string | bigint }[]): StatusCounts {
  const counts: StatusCounts = { pending: 0, approved: 0, hidden: 0, rejected: 0 };
  for (const row of rows) {
    if ((MODERATION_STATUSES as readonly string[]).includes(row.status)) {
      counts[row.status as ModerationStatus] = toCount(row.n);
    }
  }
  return counts;
}

/**
 * Page `page` of shop `actor.tenantId`'s reviews in `status` (default `pending`), newest first,
 * 25 a page, each with its product and the shop's reply, and every status's count.
 * @throws DomainError `forbidden`; `invalid_moderation_page` ("Invalid page.") past the last.
 */
export async function listReviewsForModeration(
  db: Db,
  actor: StaffActor,
  filters: { status?: ModerationStatus; page?: number },
): Promise<ModerationPage<ModerationReview>> {
  const status = filters.status ?? 'pending';
  const { page, offset } = pageBounds(filters.page);
  const [rows, counts] = await Promise.all([
    reviewRows(db, actor.tenantId)
      .where('r.status', '=', status)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(MODERATION_PAGE_SIZE)
      .offset(offset)
      .execute(),
    db
      .selectFrom('reviews')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
      .where('tenant_id', '=', actor.tenantId)
      .groupBy('status')
      .execute(),
  ]);
  const statusCounts = countsOf(counts);
  return pageOf(page, statusCounts[status], rows.map(toModerationReview), statusCounts);
}

/**
 * Page `page` of shop `actor.tenantId`'s comments (not the shop's own replies) in `status`
 * (default `pending`), newest first, 25 a page, each with its post and the shop's reply.
 * @throws DomainError `forbidden`; `invalid_moderation_page` past the last.
 */
export async function listCommentsForModeration(
  db: Db,
  actor: StaffActor,
  filters: { status?: ModerationStatus; page?: number },
): Promise<ModerationPage<ModerationComment>> {
  const status = filters.status ?? 'pending';
  const { page, offset } = pageBounds(filters.page);
  const [rows, counts] = await Promise.all([
    commentRows(db, actor.tenantId)
      .where('c.status', '=', status)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(MODERATION_PAGE_SIZE)
      .offset(offset)
      .execute(),
    db
      .selectFrom('blog_comments')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
      .where('tenant_id', '=', actor.tenantId)
      .where('is_shop_reply', '=', 0)
      .groupBy('status')
      .execute(),
  ]);
  const replies = await shopRepliesOf(
    db,
    actor.tenantId,
    rows.map((r) => r.id),
  );
  const statusCounts = countsOf(counts);
  return pageOf(
    page,
    statusCounts[status],
    rows.map((r) => toModerationComment(r, replies)),
    statusCounts,
  );
}

/** The reviews of shop `tenantId` with their products, as the queue reads them. */
function reviewRows(db: Db | Trx, tenantId: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .leftJoin('staff as s', 's.id', 'r.shop_reply_staff_id')
    .select([
      'r.id',
      'r.status',
      'r.rating',
      'r.comment',
      'r.username',
      'r.created_at',
      'r.is_verified_purchase',
      'r.shop_reply',
      'r.shop_reply_at',
      's.name as staff_name',
      'p.id as product_id',
      'p.name as product_name',
      'p.slug as product_slug',
    ])
    .where('r.tenant_id', '=', tenantId);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewRows>['executeTakeFirstOrThrow']>>;

function toModerationReview(r: ReviewRow): ModerationReview {
  return {
    id: r.id,
    status: r.status,
    rating: r.rating,
    comment: r.comment,
    author: r.username,
    created_at: toIsoString(r.created_at),
    is_verified_purchase: toBool(r.is_verified_purchase),
    held_for_links: heldForLinks(r.comment),
    product: { id: r.product_id, name: r.product_name, slug: r.product_slug },
    shop_reply:
      r.shop_reply === null || r.shop_reply_at === null
        ? null
        : {
            content: r.shop_reply,
            created_at: toIsoString(r.shop_reply_at),
            staff_name: r.staff_name ?? null,
          },
  };
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
 * Review `id` of the shop as the queue shows it (a move's answer).
 * @throws DomainError `moderation_item_not_found`.
 */
export async function getModeratedReview(
  db: Db,
  tenantId: number,
  id: number,
): Promise<ModerationReview> {
  if (!isId(id)) throw notFound();
  const row = await reviewRows(db, tenantId).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toModerationReview(row);
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
  if (!isId(id)) throw notFound();
  const row = await commentRows(db, tenantId).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toModerationComment(row, await shopRepliesOf(db, tenantId, [id]));
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

/** What kind of item a move is about. */
export type ModeratedKind = 'review' | 'comment';

/** The words of a kind in messages. */
const WORD: Record<ModeratedKind, string> = { review: 'review', comment: 'comment' };

/**
 * Makes `move` on review or comment `id` of the actor's shop (see the module comment) and logs
 * it (`review.approve`, `comment.hide`, ... with `{status}` before and after).
 * @throws DomainError `forbidden`; `moderation_item_not_found` (404) for no such item in the
 *   shop (a shop reply is not one); `moderation_move_refused` (409) for a move its status does
 *   not allow ("Only a waiting review can be rejected.").
 */
export async function moderate(
  db: Db,
  actor: StaffActor,
  kind: ModeratedKind,
  id: number,
  move: ModerationMove,
  at: Date = new Date(),
): Promise<void> {
  if (!isId(id)) throw notFound();
  const rule = MOVES[move];
  await db.transaction().execute(async (trx) => {
    const before = await currentStatus(trx, actor.tenantId, kind, id);
    if (!rule.from.includes(before)) throw refused(MODERATION_MESSAGES[move](WORD[kind]));
    if (kind === 'review') {
      await trx
        .updateTable('reviews')
        .set({ status: rule.to })
        .where('id', '=', id)
        .where('tenant_id', '=', actor.tenantId)
        .execute();
    } else {
      await trx
        .updateTable('blog_comments')
        .set({ status: rule.to })
        .where('id', '=', id)
        .where('tenant_id', '=', actor.tenantId)
        .execute();
    }
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: `${kind}.${move}`,
        objectType: kind,
        objectId: id,
        before: { status: before },
        after: { status: rule.to },
      },
      at,
    );
  });
}

/**
 * The status of item `id` of the shop, locked: a write first, never a read (as orders lock:
 * on SQLite a transaction that read before it writes fails at once when another connection
 * wrote in between, instead of waiting), so two moderators' moves on one item run one after
 * the other.
 */
async function currentStatus(
  trx: Trx,
  tenantId: number,
  kind: ModeratedKind,
  id: number,
): Promise<ModerationStatus> {
  const row =
    kind === 'review'
      ? await trx
          .updateTable('reviews')
          .set((eb) => ({ status: eb.ref('status') }))
          .where('id', '=', id)
          .where('tenant_id', '=', tenantId)
          .returning('status')
          .executeTakeFirst()
      : await trx
          .updateTable('blog_comments')
          .set((eb) => ({ status: eb.ref('status') }))
          .where('id', '=', id)
          .where('tenant_id', '=', tenantId)
          .where('is_shop_reply', '=', 0)
          .returning('status')
          .executeTakeFirst();
  if (!row) throw notFound();
  return row.status;
}

/**
 * Writes (or rewrites) the shop's public reply to review or comment `id` of the actor's shop:
 * plain text, trimmed, 1 to 4000 characters. Logged as `review.reply` / `comment.reply` with
 * the reply's text before (null for a first reply) and after.
 * @throws DomainError `forbidden`; `moderation_item_not_found`; `invalid_moderation_input`
 *   (field `content`).
 */
export async function replyAsShop(
  db: Db,
  actor: StaffActor,
  kind: ModeratedKind,
  id: number,
  content: unknown,
  at: Date = new Date(),
): Promise<void> {
  if (!isId(id)) throw notFound();
  const text = checkReplyText(content);
  const now = at.toISOString();
  await db.transaction().execute(async (trx) => {
    await currentStatus(trx, actor.tenantId, kind, id);
    let before: string | null;
    if (kind === 'review') {
      const row = await trx
        .selectFrom('reviews')
        .select('shop_reply')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      before = row.shop_reply;
      await trx
        .updateTable('reviews')
        .set({ shop_reply: text, shop_reply_at: now, shop_reply_staff_id: actor.id })
        .where('id', '=', id)
        .where('tenant_id', '=', actor.tenantId)
        .execute();
    } else {
      const parent = await trx
        .selectFrom('blog_comments')
        .select(['post_id', 'depth'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const existing = await trx
        .selectFrom('blog_comments')
        .select(['id', 'content'])
        .where('tenant_id', '=', actor.tenantId)
        .where('parent_id', '=', id)
        .where('is_shop_reply', '=', 1)
        .orderBy('id')
        .executeTakeFirst();
      before = existing?.content ?? null;
      if (existing) {
        await trx
          .updateTable('blog_comments')
          .set({ content: text, updated_at: now, staff_id: actor.id })
          .where('id', '=', existing.id)
          .execute();
      } else {
        await trx
          .insertInto('blog_comments')
          .values({
            tenant_id: actor.tenantId,
            post_id: parent.post_id,
            parent_id: id,
            user_id: null,
            content: text,
            status: 'approved',
            depth: parent.depth + 1,
            is_shop_reply: 1,
            staff_id: actor.id,
            created_at: now,
            updated_at: null,
          })
          .execute();
      }
    }
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: `${kind}.reply`,
        objectType: kind,
        objectId: id,
        before: { shop_reply: before },
        after: { shop_reply: text },
      },
      at,
    );
  });
}

/**
 * Deletes the shop's reply to review or comment `id` (logged as `review.delete_reply`).
 * @throws DomainError `forbidden`; `moderation_item_not_found`; `moderation_move_refused`
 *   ("There is no reply to delete.").
 */
export async function deleteShopReply(
  db: Db,
  actor: StaffActor,
  kind: ModeratedKind,
  id: number,
  at: Date = new Date(),
): Promise<void> {
  if (!isId(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    await currentStatus(trx, actor.tenantId, kind, id);
    let before: string | null = null;
    if (kind === 'review') {
      const row = await trx
        .selectFrom('reviews')
        .select('shop_reply')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      before = row.shop_reply;
      if (before !== null) {
        await trx
          .updateTable('reviews')
          .set({ shop_reply: null, shop_reply_at: null, shop_reply_staff_id: null })
          .where('id', '=', id)
          .execute();
      }
    } else {
      const replies = await trx
        .selectFrom('blog_comments')
        .select(['id', 'content'])
        .where('tenant_id', '=', actor.tenantId)
        .where('parent_id', '=', id)
        .where('is_shop_reply', '=', 1)
        .execute();
      before = replies[0]?.content ?? null;
      for (const reply of replies) {
        // A shopper's answer to the shop's reply goes with it (the thread keeps no orphans).
        await trx.deleteFrom('blog_comments').where('parent_id', '=', reply.id).execute();
        await trx.deleteFrom('blog_comments').where('id', '=', reply.id).execute();
      }
    }
    if (before === null) throw refused(MODERATION_MESSAGES.noReply);
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: `${kind}.delete_reply`,
        objectType: kind,
        objectId: id,
        before: { shop_reply: before },
        after: { shop_reply: null },
      },
      at,
    );
  });
}

/**
 * The shop's moderation settings.
 * @throws DomainError `forbidden` for a member without `settings.manage` (staff).
 */
export async function getModerationSettings(
  db: Db,
  actor: StaffActor,
): Promise<ModerationSettings> {
  return readSettings(db, actor.tenantId);
}

async function readSettings(db: Db | Trx, tenantId: number): Promise<ModerationSettings> {
  const row = await db
    .selectFrom('site_settings')
    .select(['comments_auto_approve', 'reviews_auto_approve'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return {
    comments_auto_approve: row ? toBool(row.comments_auto_approve) : false,
    reviews_auto_approve: row ? toBool(row.reviews_auto_approve) : true,
  };
}

/**
 * Changes the shop's moderation settings (either or both), logged as
 * `moderation_settings.update` with the fields that changed.
 * @returns the settings afterwards.
 * @throws DomainError `forbidden` for a member without `settings.manage` (staff).
 */
export async function updateModerationSettings(
  db: Db,
  actor: StaffActor,
  change: Partial<ModerationSettings>,
  at: Date = new Date(),
): Promise<ModerationSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, actor.tenantId);
    const changedBefore: Partial<ModerationSettings> = {};
    const changedAfter: Partial<ModerationSettings> = {};
    for (const key of ['comments_auto_approve', 'reviews_auto_approve'] as const) {
      const value = change[key];
      if (value !== undefined && value !== before[key]) {
        changedBefore[key] = before[key];
        changedAfter[key] = value;
      }
    }
    if (Object.keys(changedAfter).length === 0) return before;
    await trx
      .updateTable('site_settings')
      .set({
        ...(changedAfter.comments_auto_approve === undefined
          ? {}
          : { comments_auto_approve: changedAfter.comments_auto_approve ? 1 : 0 }),
        ...(changedAfter.reviews_auto_approve === undefined
          ? {}
          : { reviews_auto_approve: changedAfter.reviews_auto_approve ? 1 : 0 }),
      })
      .where('tenant_id', '=', actor.tenantId)
      .execute();
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'moderation_settings.update',
        objectType: 'settings',
        objectId: 'moderation',
        before: changedBefore,
        after: changedAfter,
      },
      at,
    );
    return { ...before, ...changedAfter };
  });
}

/**
 * How many reviews and comments wait and how many contact messages are unread (the back
 * office's navigation badges), each from an index.
 */
export async function waitingCounts(
  db: Db,
  tenantId: number,
): Promise<{ reviews: number; comments: number; unread_messages: number }> {
  const [reviews, comments, unread] = await Promise.all([
    db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('blog_comments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .where('is_shop_reply', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('read_at', 'is', null)
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    reviews: toCount(reviews.n),
    comments: toCount(comments.n),
    unread_messages: toCount(unread.n),
  };
}
