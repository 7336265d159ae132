/**
 * The shop-wide activity log (owner only): `GET /activity/?staff_id=&page=`, 50 entries a page,
 * newest first. Key `['activity', {staff_id, page}]`; every change a member makes adds an entry,
 * so the mutations that make one invalidate the `['activity']` prefix.
 */
import { api, type Schemas } from '../../api/client';
import { dataOf, pagedQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY } from '../../api/query-keys';

export type ActivityEntry = Schemas['ActivityEntry'];
export type ActivityList = Schemas['ActivityList'];

export const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityFilters {
  staff_id?: number;
  page?: number;
}

export const activityQuery = ({ staff_id, page }: ActivityFilters) =>
  pagedQuery([...ACTIVITY_QUERY_KEY, { staff_id, page }] as const, (signal) =>
    dataOf(api.GET('/activity/', { params: { query: { staff_id, page } }, signal })),
  );
