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
 * Whether a review was incentivised (its reviewer received something in return) is a mark the
 * shop sets or takes off in any status (`setReviewIncentivised`, decision 085); the storefront
 * labels such a review.
 *
 * Every move writes the activity log in its transaction (`review.approve`, `comment.hide`,
 * `review.reply`, ...) with the fields before and after. The caller drops what the storefront
 * cached of the shop after the commit.
 *
 * This module makes the moves and writes the replies; the queues are ./review-moderation.ts and
 * ./comment-moderation.ts (each with its kind's store), what they share ./moderation-queue.ts,
 * and the settings and the navigation's counts ./moderation-settings.ts. Errors:
 * `moderation_item_not_found` (404), `moderation_move_refused` (409), `invalid_moderation_input`
 * (400), described in ./moderation-errors.ts. Spec: openapi/admin.yaml, tag moderation.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isRowId } from '../platform/db/errors.ts';
import { toBool } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import { commentStore } from './comment-moderation.ts';
import {
  checkReplyText,
  type ModeratedKind,
  type ModeratedStore,
  MODERATION_MESSAGES,
  type ModerationStatus,
  notFound,
  refused,
} from './moderation-queue.ts';
import type { ModerationErrorCode } from './moderation-errors.ts';
import { reviewStore } from './review-moderation.ts';

export type { ModeratedKind };

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** A move of the state machine above. */
export type ModerationMove = 'approve' | 'reject' | 'hide' | 'restore';

/** From which statuses each move may be made. */
const MOVES: Record<ModerationMove, { from: readonly ModerationStatus[]; to: ModerationStatus }> = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  hide: { from: ['approved'], to: 'hidden' },
  restore: { from: ['hidden', 'rejected'], to: 'approved' },
};

/** Each kind's store. */
const STORES: Record<ModeratedKind, ModeratedStore> = {
  review: reviewStore,
  comment: commentStore,
};

/** The words of a kind in messages. */
const WORD: Record<ModeratedKind, string> = { review: 'review', comment: 'comment' };

/**
 * Runs `change` on item `id` of kind `kind` of shop `acting.tenantId` in one transaction, once
 * the item is locked (ModeratedStore.lockStatus), and journals it through `acting.journal` in
 * that transaction as `<kind>.<verb>` with what `change` answers was before and is after.
 * @throws DomainError `moderation_item_not_found` for no such item; whatever `change` throws.
 */
async function changeItem(
  db: Db,
  acting: Acting,
  kind: ModeratedKind,
  id: number,
  verb: string,
  at: Date,
  change: (
    trx: Trx,
    store: ModeratedStore,
    status: ModerationStatus,
  ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }>,
): Promise<void> {
  if (!isRowId(id)) throw notFound();
  const store = STORES[kind];
  await db.transaction().execute(async (trx) => {
    const status = await store.lockStatus(trx, acting.tenantId, id);
    if (status === undefined) throw notFound();
    const { before, after } = await change(trx, store, status);
    await acting.journal(
      trx,
      { action: `${kind}.${verb}`, objectType: kind, objectId: id, before, after },
      at,
    );
  });
}

/**
 * Makes `move` on review or comment `id` of shop `acting.tenantId` (see the module comment) and
 * journals it through `acting.journal` (`review.approve`, `comment.hide`, ... with `{status}`
 * before and after).
 * @throws DomainError `moderation_item_not_found` (404) for no such item in the shop (a shop
 *   reply is not one); `moderation_move_refused` (409) for a move its status does not allow
 *   ("Only a waiting review can be rejected.").
 */
export async function moderate(
  db: Db,
  acting: Acting,
  kind: ModeratedKind,
  id: number,
  move: ModerationMove,
  at: Date = new Date(),
): Promise<void> {
  const rule = MOVES[move];
  await changeItem(db, acting, kind, id, move, at, async (trx, store, before) => {
    if (!rule.from.includes(before)) throw refused(MODERATION_MESSAGES[move](WORD[kind]));
    await store.setStatus(trx, acting.tenantId, id, rule.to);
    return { before: { status: before }, after: { status: rule.to } };
  });
}

/**
 * Writes (or rewrites) the shop's public reply to review or comment `id` of shop
 * `acting.tenantId`, signed by `acting.staff.id`: plain text, trimmed, 1 to 4000 characters.
 * Journalled through `acting.journal` as `review.reply` / `comment.reply` with the reply's text
 * before (null for a first reply) and after.
 * @throws DomainError `moderation_item_not_found`; `invalid_moderation_input` (field `content`).
 */
export async function replyAsShop(
  db: Db,
  acting: Acting,
  kind: ModeratedKind,
  id: number,
  content: unknown,
  at: Date = new Date(),
): Promise<void> {
  if (!isRowId(id)) throw notFound();
  const text = checkReplyText(content);
  const now = at.toISOString();
  await changeItem(db, acting, kind, id, 'reply', at, async (trx, store) => {
    const before = await store.writeReply(trx, acting, id, text, now);
    return { before: { shop_reply: before }, after: { shop_reply: text } };
  });
}

/**
 * Deletes the shop's reply to review or comment `id` of shop `acting.tenantId` (journalled
 * through `acting.journal` as `review.delete_reply` / `comment.delete_reply`).
 * @throws DomainError `moderation_item_not_found`; `moderation_move_refused` ("There is no
 *   reply to delete.").
 */
export async function deleteShopReply(
  db: Db,
  acting: Acting,
  kind: ModeratedKind,
  id: number,
  at: Date = new Date(),
): Promise<void> {
  await changeItem(db, acting, kind, id, 'delete_reply', at, async (trx, store) => {
    const before = await store.deleteReply(trx, acting.tenantId, id);
    if (before === null) throw refused(MODERATION_MESSAGES.noReply);
    return { before: { shop_reply: before }, after: { shop_reply: null } };
  });
}

/**
 * Marks review `id` of shop `acting.tenantId` as incentivised (`true`: the reviewer received
 * something in return, a free piece, a discount, a payment) or takes the mark off, in any status
 * (DMCC Act 2024 Sch. 20 para 13(2)(c); Directive 2005/29/EC Annex I point 23c; decision 085).
 * Journalled through `acting.journal` as `review.incentivised` with the mark before and after;
 * setting the mark it already has writes and journals nothing.
 * @throws DomainError `moderation_item_not_found` (404) for no such review in the shop;
 *   `invalid_moderation_input` (400, field `incentivised`) for a value that is not a boolean.
 */
export async function setReviewIncentivised(
  db: Db,
  acting: Acting,
  id: number,
  incentivised: unknown,
  at: Date = new Date(),
): Promise<void> {
  if (typeof incentivised !== 'boolean') {
    throw new DomainError<ModerationErrorCode>('invalid_moderation_input', 'Invalid input.', {
      fields: { incentivised: ['Must be a valid boolean.'] },
    });
  }
  if (!isRowId(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    // Locks the row first (a write before a read, as every move does).
    const status = await reviewStore.lockStatus(trx, acting.tenantId, id);
    if (status === undefined) throw notFound();
    const row = await trx
      .selectFrom('reviews')
      .select('incentivised')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const before = toBool(row.incentivised);
    if (before === incentivised) return;
    await trx
      .updateTable('reviews')
      .set({ incentivised: incentivised ? 1 : 0 })
      .where('id', '=', id)
      .where('tenant_id', '=', acting.tenantId)
      .execute();
    await acting.journal(
      trx,
      {
        action: 'review.incentivised',
        objectType: 'review',
        objectId: id,
        before: { incentivised: before },
        after: { incentivised },
      },
      at,
    );
  });
}
