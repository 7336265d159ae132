/**
 * Moderation of reviews and blog comments and the moderation settings (openapi/admin.yaml, tag
 * moderation): each handler translates the contract to server/content/moderation.ts, which
 * checks the member's role again, makes the move in one transaction and logs it. After a move
 * the storefront's caches of the shop are dropped (`catalogCache.invalidate`: the product
 * answers with their reviews and ratings, and the rendered pages, which listen to it, in every
 * process through server/http/cache-sync.ts); the blog's API answers are not cached.
 */
import type { FastifyRequest } from 'fastify';
import {
  deleteShopReply,
  getModeratedComment,
  getModeratedReview,
  getModerationSettings as readSettings,
  listCommentsForModeration,
  listReviewsForModeration,
  type ModeratedKind,
  moderate,
  type ModerationMove,
  replyAsShop,
  updateModerationSettings as saveSettings,
  waitingCounts,
} from '../../content/moderation.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { pageLinks } from './orders.ts';
import { requireStaff } from './staff-auth.ts';

/** Drops what the storefront cached of the shop (after a commit). */
function storefrontChanged(request: FastifyRequest, tenantId: number): void {
  request.server.catalogCache.invalidate(tenantId);
}

/** GET /moderation/reviews/?status=&page= -> ModerationReviewList. */
export const listModerationReviews: AdminOperationHandler<'listModerationReviews'> = async (
  request,
) => {
  const actor = requireStaff(request);
  const query = request.query ?? {};
  const page = await listReviewsForModeration(request.server.db, actor, {
    status: query.status,
    page: query.page,
  });
  return {
    count: page.count,
    ...pageLinks(request, page),
    results: page.results,
    status_counts: page.statusCounts,
  };
};

/** GET /moderation/comments/?status=&page= -> ModerationCommentList. */
export const listModerationComments: AdminOperationHandler<'listModerationComments'> = async (
  request,
) => {
  const actor = requireStaff(request);
  const query = request.query ?? {};
  const page = await listCommentsForModeration(request.server.db, actor, {
    status: query.status,
    page: query.page,
  });
  return {
    count: page.count,
    ...pageLinks(request, page),
    results: page.results,
    status_counts: page.statusCounts,
  };
};

/** A review move's handler: the move, the caches, the review afterwards. */
function reviewMove(move: ModerationMove) {
  return async (request: FastifyRequest<{ Params: { review_id: number } }>) => {
    const actor = requireStaff(request);
    const id = Number(request.params.review_id);
    await moderate(request.server.db, actor, 'review', id, move);
    storefrontChanged(request, actor.tenantId);
    return getModeratedReview(request.server.db, actor.tenantId, id);
  };
}

/** A comment move's handler. */
function commentMove(move: ModerationMove) {
  return async (request: FastifyRequest<{ Params: { comment_id: number } }>) => {
    const actor = requireStaff(request);
    const id = Number(request.params.comment_id);
    await moderate(request.server.db, actor, 'comment', id, move);
    storefrontChanged(request, actor.tenantId);
    return getModeratedComment(request.server.db, actor.tenantId, id);
  };
}

/** Reads an item of `kind` as the queue shows it. */
function itemNow(request: FastifyRequest, kind: ModeratedKind, tenantId: number, id: number) {
  return kind === 'review'
    ? getModeratedReview(request.server.db, tenantId, id)
    : getModeratedComment(request.server.db, tenantId, id);
}

/** PUT /moderation/reviews/{review_id}/reply/ {content} -> ModerationReview. */
export const replyToReview: AdminOperationHandler<'replyToReview'> = async (request) => {
  const actor = requireStaff(request);
  const id = Number(request.params.review_id);
  await replyAsShop(request.server.db, actor, 'review', id, request.body.content);
  storefrontChanged(request, actor.tenantId);
  return getModeratedReview(request.server.db, actor.tenantId, id);
};

/** DELETE /moderation/reviews/{review_id}/reply/ -> ModerationReview; 409 without a reply. */
export const deleteReviewReply: AdminOperationHandler<'deleteReviewReply'> = async (request) => {
  const actor = requireStaff(request);
  const id = Number(request.params.review_id);
  await deleteShopReply(request.server.db, actor, 'review', id);
  storefrontChanged(request, actor.tenantId);
  return getModeratedReview(request.server.db, actor.tenantId, id);
};

/** PUT /moderation/comments/{comment_id}/reply/ {content} -> ModerationComment. */
export const replyToComment: AdminOperationHandler<'replyToComment'> = async (request) => {
  const actor = requireStaff(request);
  const id = Number(request.params.comment_id);
  await replyAsShop(request.server.db, actor, 'comment', id, request.body.content);
  storefrontChanged(request, actor.tenantId);
  return itemNow(request, 'comment', actor.tenantId, id) as ReturnType<typeof getModeratedComment>;
};

/** DELETE /moderation/comments/{comment_id}/reply/ -> ModerationComment; 409 without a reply. */
export const deleteCommentReply: AdminOperationHandler<'deleteCommentReply'> = async (request) => {
  const actor = requireStaff(request);
  const id = Number(request.params.comment_id);
  await deleteShopReply(request.server.db, actor, 'comment', id);
  storefrontChanged(request, actor.tenantId);
  return getModeratedComment(request.server.db, actor.tenantId, id);
};

/** GET /moderation/settings/ -> ModerationSettings (owners). */
export const getModerationSettings: AdminOperationHandler<'getModerationSettings'> = async (
  request,
) => readSettings(request.server.db, requireStaff(request));

/** PATCH /moderation/settings/ {comments_auto_approve?, reviews_auto_approve?} (owners). */
export const updateModerationSettings: AdminOperationHandler<'updateModerationSettings'> = async (
  request,
) => saveSettings(request.server.db, requireStaff(request), request.body);

/** GET /moderation/counts/ -> WaitingCounts (the navigation's badges). */
export const getWaitingCounts: AdminOperationHandler<'getWaitingCounts'> = async (request) =>
  waitingCounts(request.server.db, requireStaff(request).tenantId);

/** The moderation handlers by operationId. */
export const moderationHandlers: AdminHandlerMap = {
  listModerationReviews,
  listModerationComments,
  approveReview: reviewMove('approve'),
  rejectReview: reviewMove('reject'),
  hideReview: reviewMove('hide'),
  restoreReview: reviewMove('restore'),
  approveComment: commentMove('approve'),
  rejectComment: commentMove('reject'),
  hideComment: commentMove('hide'),
  restoreComment: commentMove('restore'),
  replyToReview,
  deleteReviewReply,
  replyToComment,
  deleteCommentReply,
  getModerationSettings,
  updateModerationSettings,
  getWaitingCounts,
};
