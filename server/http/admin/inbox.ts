/**
 * The contact inbox (openapi/admin.yaml, tag inbox): the role is checked before a handler runs
 * (./permissions.ts); each handler translates the contract to server/content/inbox.ts, handing
 * it the signed-in member's Acting (`requireActing`), and the domain makes the change in one
 * transaction and logs it through the Acting's journal. A reply is queued in the outbox in that
 * transaction; the outbox is woken after the commit to send it.
 */
import type { FastifyRequest } from 'fastify';
import { listInbox, moveMessage, openMessage, replyToMessage } from '../../content/inbox.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { pageAnswer } from './orders.ts';
import { requireActing, requireStaff } from './staff-auth.ts';

/** GET /inbox/messages/?unread=&archived=&page= -> ContactMessageList. */
export const listContactMessages: AdminOperationHandler<'listContactMessages'> = async (
  request,
) => {
  const tenantId = requireStaff(request).tenantId;
  const query = request.query ?? {};
  const page = await listInbox(request.server.db, tenantId, {
    unread: query.unread,
    archived: query.archived,
    page: query.page,
  });
  return { ...pageAnswer(request, page), unread_count: page.unreadCount };
};

/** GET /inbox/messages/{message_id}/ -> ContactMessage, marked read. */
export const getContactMessage: AdminOperationHandler<'getContactMessage'> = async (request) =>
  openMessage(request.server.db, requireActing(request), Number(request.params.message_id));

/** The handler of one of the inbox's moves on the message the path names. */
function moveHandler(move: 'unread' | 'archive' | 'unarchive') {
  return async (request: FastifyRequest<{ Params: { message_id: number } }>) =>
    moveMessage(request.server.db, requireActing(request), Number(request.params.message_id), move);
}

/** POST /inbox/messages/{message_id}/unread/ -> ContactMessage. */
export const markContactMessageUnread: AdminOperationHandler<'markContactMessageUnread'> =
  moveHandler('unread');

/** POST /inbox/messages/{message_id}/archive/ -> ContactMessage. */
export const archiveContactMessage: AdminOperationHandler<'archiveContactMessage'> =
  moveHandler('archive');

/** POST /inbox/messages/{message_id}/unarchive/ -> ContactMessage. */
export const unarchiveContactMessage: AdminOperationHandler<'unarchiveContactMessage'> =
  moveHandler('unarchive');

/** POST /inbox/messages/{message_id}/replies/ {body} -> 201 ContactMessage; e-mails it. */
export const replyToContactMessage: AdminOperationHandler<'replyToContactMessage'> = async (
  request,
  reply,
) => {
  const message = await replyToMessage(
    request.server.db,
    requireActing(request),
    Number(request.params.message_id),
    request.body.body,
    request.server.siteOrigin(request.tenant.id),
  );
  request.server.emailOutbox.wake();
  reply.code(201);
  return message;
};

/** The inbox's handlers by operationId. */
export const inboxHandlers: AdminHandlerMap = {
  listContactMessages,
  getContactMessage,
  markContactMessageUnread,
  archiveContactMessage,
  unarchiveContactMessage,
  replyToContactMessage,
};
