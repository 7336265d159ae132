/**
 * The back office's push notification operations (openapi/admin.yaml, tag me): the signed-in
 * member's switches and their devices' subscriptions. The rules are
 * server/staff/push-notifications.ts; the server's key and the test-only loopback setting are
 * `app.push` (../wiring/push.ts).
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/domain-error.ts';
import {
  addPushSubscription,
  pushSettingsOf,
  removePushSubscription,
  updatePushEvents,
} from '../../staff/push-notifications.ts';
import type { StaffErrorCode } from '../../staff/errors.ts';
import type { AdminOperationHandler } from '../contract-types.ts';
import { requireStaff } from './staff-auth.ts';

/** What a subscription is refused with while the server has no VAPID key pair (409). */
export const PUSH_OFF = 'Notifications are not set up on this server.';

function userAgentOf(request: FastifyRequest): string | null {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent : null;
}

/** GET /me/push/ -> PushSettings. */
export const getMyPushSettings: AdminOperationHandler<'getMyPushSettings'> = async (request) =>
  pushSettingsOf(request.server.db, requireStaff(request), request.server.push.publicKey);

/** PATCH /me/push/ -> PushSettings as saved. */
export const updateMyPushSettings: AdminOperationHandler<'updateMyPushSettings'> = async (
  request,
) =>
  updatePushEvents(
    request.server.db,
    requireStaff(request),
    request.body,
    request.server.push.publicKey,
  );

/** POST /me/push/subscriptions/ -> PushSettings; 409 while push is off on this server. */
export const addMyPushSubscription: AdminOperationHandler<'addMyPushSubscription'> = async (
  request,
) => {
  const actor = requireStaff(request);
  const { publicKey, allowLoopbackHttp } = request.server.push;
  if (!publicKey) throw new DomainError<StaffErrorCode>('staff_conflict', PUSH_OFF);
  return addPushSubscription(request.server.db, actor, request.body, {
    allowLoopbackHttp,
    userAgent: userAgentOf(request),
    publicKey,
  });
};

/** POST /me/push/subscriptions/remove/ -> 204. */
export const removeMyPushSubscription: AdminOperationHandler<'removeMyPushSubscription'> = async (
  request,
  reply,
) => {
  await removePushSubscription(request.server.db, requireStaff(request), request.body.endpoint);
  return reply.code(204).send();
};

/** Every push operation's handler, for ./operations.ts. */
export const pushHandlers = {
  getMyPushSettings,
  updateMyPushSettings,
  addMyPushSubscription,
  removeMyPushSubscription,
};
