/**
 * The shop-wide activity log (openapi/admin.yaml, tag activity; owners only, checked before the
 * handler runs and again by server/staff/activity-list.ts): newest first, 50 a page, by member,
 * kind of object or one object.
 */
import { listActivity as activityOf } from '../../staff/activity-list.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { pageAnswer } from './orders.ts';
import { requireStaff } from './staff-auth.ts';

/**
 * GET /activity/?staff_id=&object_type=&object_id=&page= -> ActivityList; 404 "Invalid page."
 * past the last.
 */
export const listActivity: AdminOperationHandler<'listActivity'> = async (request) => {
  const actor = requireStaff(request);
  const query = request.query ?? {};
  const page = await activityOf(request.server.db, actor, {
    staffId: query.staff_id,
    objectType: query.object_type,
    objectId: query.object_id,
    page: query.page,
  });
  return pageAnswer(request, page);
};

/** The activity log's handlers by operationId. */
export const activityHandlers: AdminHandlerMap = { listActivity };
