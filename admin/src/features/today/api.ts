/**
 * Today's lists: `GET /today/`, key `['today']`. Every move on an order may change them, so the
 * order desk's mutations invalidate this key (orders/api.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';

export type Today = Schemas['Today'];

export const TODAY_QUERY_KEY = ['today'] as const;

export const todayQuery = () =>
  queryOptions({
    queryKey: TODAY_QUERY_KEY,
    queryFn: async ({ signal }): Promise<Today> => {
      const { data } = await api.GET('/today/', { signal });
      return data as Today;
    },
  });
