/**
 * Today's lists: `GET /today/`, key `['today']`. Every move on an order may change them, so the
 * order moves invalidate this key (orders/api.ts).
 */
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery } from '../../api/queries';

export type Today = Schemas['Today'];

export const TODAY_QUERY_KEY = ['today'] as const;

export const todayQuery = () =>
  getQuery(TODAY_QUERY_KEY, (signal) => dataOf(api.GET('/today/', { signal })));
