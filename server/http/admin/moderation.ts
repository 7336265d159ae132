/**
 * Moderation of reviews and blog comments and the moderation settings (openapi/admin.yaml, tag
 * moderation): the role is checked before a handler runs (./permissions.ts); each handler
 * translates the contract to server/content/moderation.ts (the moves; the queues and the
 * settings are beside it), handing a change the signed-in member's Acting (`requireActing`),
 * and the domain makes the move in one transaction and logs it through the Acting's journal.
 * After a move the storefront's caches of the shop are dropped (`catalogCache.invalidate`: the
 * product answers with their reviews and ratings, and the rendered pages, which listen to it,
 * in every process through server/http/cache-sync.ts); the blog's API answers are not cached.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  getModeratedComment,
  listCommentsForModeration,
} from '../../content/comment-moderation.ts';
import {
  deleteShopReply,
  type ModeratedKind,
  moderate,
  type ModerationMove,
  replyAsShop,
  setReviewIncentivised as markIncentivised,
} from '../../content/moderation.ts';
import {
  getModerationSettings as readSettings,
  updateModerationSettings as saveSettings,
  waitingCounts,
} from '../../content/moderation-settings.ts';
import type { ModerationPage, QueueFilters } from '../../content/moderation-queue.ts';
import { getModeratedReview, listReviewsForModeration } from '../../content/review-moderation.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Acting } from '../../platform/journal.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { pageAnswer } from './orders.ts';
import { forgetShop } from './shop-changes.ts';
import { requireActing, requireStaff } from './staff-auth.ts';

/**
 * A queue's handler: the page of `list` (over the member's shop, `tenantId`) the query asks
 * for, with every status's count.
 */
function queueHandler<T>(
  list: (
    db: Kysely<Database>,
    tenantId: number,
    filters: QueueFilters,
  ) => Promise<ModerationPage<T>>,
) {
  return async (request: FastifyRequest<{ Querystring: QueueFilters | undefined }>) => {
    const query = request.query ?? {};
    const page = await list(request.server.db, requireStaff(request).tenantId, {
      status: query.status,
      page: query.page,
    });
    return { ...pageAnswer(request, page), status_counts: page.statusCounts };
  };
}

/** GET /moderation/reviews/?status=&page= -> ModerationReviewList. */
export const listModerationReviews: AdminOperationHandler<'listModerationReviews'> =
  queueHandler(listReviewsForModeration);

/** GET /moderation/comments/?status=&page= -> ModerationCommentList. */
export const listModerationComments: AdminOperationHandler<'listModerationComments'> =
  queueHandler(listCommentsForModeration);

/** Each kind's item as the queue shows it, and the path parameter that names it. */
const ITEMS = {
  review: { param: 'review_id', read: getModeratedReview },
  comment: { param: 'comment_id', read: getModeratedComment },
} as const;

/** A request on one review or comment: its id in the path. */
type ItemRequest = FastifyRequest<{ Params: { review_id?: number; comment_id?: number } }>;

/** What the handler of a change to a `K` answers: the item as the queue shows it. */
type ItemOf<K extends ModeratedKind> = Awaited<ReturnType<(typeof ITEMS)[K]['read']>>;

/**
 * The handler of a change to the review or comment the path names: `change` by the signed-in
 * member (`acting`), then the storefront's caches dropped, and the item as the queue shows it
 * afterwards.
 */
function itemHandler<K extends ModeratedKind, R extends ItemRequest = ItemRequest>(
  kind: K,
  change: (db: Kysely<Database>, acting: Acting, id: number, request: R) => Promise<void>,
) {
  const item = ITEMS[kind];
  return async (request: R): Promise<ItemOf<K>> => {
    const acting = requireActing(request);
    const id = Number(request.params[item.param]);
    await change(request.server.db, acting, id, request);
    forgetShop(request, acting.tenantId);
    return (await item.read(request.server.db, acting.tenantId, id)) as ItemOf<K>;
  };
}

/** A move's handler (approve, reject, hide, restore) on a review or a comment. */
function moveHandler<K extends ModeratedKind>(kind: K, move: ModerationMove) {
  return itemHandler(kind, (db, acting, id) => moderate(db, acting, kind, id, move));
}

/** The handler writing the shop's reply (its `content`) to a review or a comment. */
function replyHandler<K extends ModeratedKind>(kind: K) {
  return itemHandler(
    kind,
    (db, acting, id, request: ItemRequest & { body: { content: unknown } }) =>
      replyAsShop(db, acting, kind, id, request.body.content),
  );
}

/** The handler deleting the shop's reply to a review or a comment. */
function deleteReplyHandler<K extends ModeratedKind>(kind: K) {
  return itemHandler(kind, (db, acting, id) => deleteShopReply(db, acting, kind, id));
}

/** PUT /moderation/reviews/{review_id}/reply/ {content} -> ModerationReview. */
export const replyToReview: AdminOperationHandler<'replyToReview'> = replyHandler('review');

/** DELETE /moderation/reviews/{review_id}/reply/ -> ModerationReview; 409 without a reply. */
export const deleteReviewReply: AdminOperationHandler<'deleteReviewReply'> =
  deleteReplyHandler('review');

/** PUT /moderation/comments/{comment_id}/reply/ {content} -> ModerationComment. */
export const replyToComment: AdminOperationHandler<'replyToComment'> = replyHandler('comment');

/** DELETE /moderation/comments/{comment_id}/reply/ -> ModerationComment; 409 without a reply. */
export const deleteCommentReply: AdminOperationHandler<'deleteCommentReply'> =
  deleteReplyHandler('comment');

/**
 * PUT /moderation/reviews/{review_id}/incentivised/ {incentivised} -> ModerationReview: the
 * shop's mark that the reviewer received something in return (decision 085).
 */
export const setReviewIncentivised: AdminOperationHandler<'setReviewIncentivised'> = itemHandler(
  'review',
  (db, acting, id, request: ItemRequest & { body: { incentivised: unknown } }) =>
    markIncentivised(db, acting, id, request.body.incentivised),
);

/** GET /moderation/settings/ -> ModerationSettings (owners). */
export const getModerationSettings: AdminOperationHandler<'getModerationSettings'> = async (
  request,
) => readSettings(request.server.db, requireStaff(request).tenantId);

/** PATCH /moderation/settings/ {comments_auto_approve?, reviews_auto_approve?} (owners). */
export const updateModerationSettings: AdminOperationHandler<'updateModerationSettings'> = async (
  request,
) => saveSettings(request.server.db, requireActing(request), request.body);

/** GET /moderation/counts/ -> WaitingCounts (the navigation's badges). */
export const getWaitingCounts: AdminOperationHandler<'getWaitingCounts'> = async (request) =>
  waitingCounts(request.server.db, requireStaff(request).tenantId);

/** The moderation handlers by operationId. */
export const moderationHandlers: AdminHandlerMap = {
  listModerationReviews,
  listModerationComments,
  approveReview: moveHandler('review', 'approve'),
  rejectReview: moveHandler('review', 'reject'),
  hideReview: moveHandler('review', 'hide'),
  restoreReview: moveHandler('review', 'restore'),
  approveComment: moveHandler('comment', 'approve'),
  rejectComment: moveHandler('comment', 'reject'),
  hideComment: moveHandler('comment', 'hide'),
  restoreComment: moveHandler('comment', 'restore'),
  replyToReview,
  deleteReviewReply,
  setReviewIncentivised,
  replyToComment,
  deleteCommentReply,
  getModerationSettings,
  updateModerationSettings,
  getWaitingCounts,
};
