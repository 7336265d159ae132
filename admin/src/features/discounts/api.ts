/**
 * The discount codes' calls (owners only; issue 42).
 *
 * Queries (keys start with `['discounts']`):
 * - `discountCodesQuery()`: `GET /discount-codes/`, the shop's codes, newest first;
 * - `discountReportQuery()`: `GET /discount-codes/report/`, each code's uses, discount given and
 *   revenue.
 *
 * Mutations: `useCreateDiscountCode` (`POST /discount-codes/`), `useUpdateDiscountCode`
 * (`PATCH /discount-codes/{code_id}/`, `active: false` deactivates); each refreshes the codes,
 * the report and the activity log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY } from '../../api/query-keys';

export type DiscountCode = Schemas['DiscountCode'];
export type DiscountCodeCreate = Schemas['DiscountCodeCreate'];
export type DiscountCodeUpdate = Schemas['DiscountCodeUpdate'];
export type DiscountReport = Schemas['DiscountReport'];

export const DISCOUNTS_KEY = ['discounts'] as const;

export const discountCodesQuery = () =>
  getQuery([...DISCOUNTS_KEY, 'codes'] as const, (signal) =>
    dataOf(api.GET('/discount-codes/', { signal })),
  );

export const discountReportQuery = () =>
  getQuery([...DISCOUNTS_KEY, 'report'] as const, (signal) =>
    dataOf(api.GET('/discount-codes/report/', { signal })),
  );

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DISCOUNTS_KEY }),
      queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
    ]);
}

export function useCreateDiscountCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: DiscountCodeCreate): Promise<DiscountCode> =>
      dataOf(api.POST('/discount-codes/', { body })),
    onSuccess: refresh,
  });
}

export function useUpdateDiscountCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: number;
      body: DiscountCodeUpdate;
    }): Promise<DiscountCode> =>
      dataOf(api.PATCH('/discount-codes/{code_id}/', { params: { path: { code_id: id } }, body })),
    onSuccess: refresh,
  });
}
