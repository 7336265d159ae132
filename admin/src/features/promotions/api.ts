/**
 * The shop's sales' calls (issue 42): `salesQuery()` is `GET /promotions/sales/`, key
 * `['promotions', 'sales']`, every sale newest start first. Creating, changing or ending one
 * refreshes that list, and marks the products stale (their shown price changes).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery } from '../../api/queries';

export type AdminSale = Schemas['AdminSale'];
export type SaleCreate = Schemas['SaleCreate'];
export type SaleUpdate = Schemas['SaleUpdate'];

export const SALES_QUERY_KEY = ['promotions', 'sales'] as const;

export const salesQuery = () =>
  getQuery(SALES_QUERY_KEY, (signal) => dataOf(api.GET('/promotions/sales/', { signal })));

/** The sales' mutations: create, update, end. */
export function useSaleMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SALES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
  const create = useMutation({
    mutationFn: async (body: SaleCreate) => {
      const { data } = await api.POST('/promotions/sales/', { body });
      return data as AdminSale;
    },
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ id, body }: { id: number; body: SaleUpdate }) => {
      const { data } = await api.PATCH('/promotions/sales/{sale_id}/', {
        params: { path: { sale_id: id } },
        body,
      });
      return data as AdminSale;
    },
    onSuccess: refresh,
  });
  const end = useMutation({
    mutationFn: async (id: number) => {
      const { data } = await api.POST('/promotions/sales/{sale_id}/end/', {
        params: { path: { sale_id: id } },
      });
      return data as AdminSale;
    },
    onSuccess: refresh,
  });
  return { create, update, end };
}
