/**
 * A product's stock calls.
 *
 * Queries (keys under `['products']`, helper keys of the product screens, so a stock change
 * refreshes their lists and pages too):
 * - `productStockQuery(productId, page)`: `GET /products/{product_id}/stock/?page=`, key
 *   `['products','stock',productId,page]`: the stock, its threshold and a page of its history;
 * - `lowStockQuery(page)`: `GET /stock/low/`, key `['products','stock','low',page]`.
 *
 * Mutations: `useChangeStock` (`POST …/stock/`: set or adjust, with a reason) and
 * `useSetThreshold` (`PATCH …/stock/`). Each answer replaces the first page of the product's
 * stock, and every `['products']` query is marked stale (lists show stock and filter on it); a
 * refusal marks the product's stock and the lists stale (a retry sends the stock they show).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery, pagedQuery } from '../../api/queries';

/** The reasons a member gives for a stock change, with their labels (the product form's select). */
export { STOCK_REASONS } from './schemas';

/** The most pieces a stock may count (the server's bound): every stock field checks it. */
export { MAX_STOCK } from './schemas';

export type ProductStock = Schemas['ProductStock'];
export type StockMovement = Schemas['StockMovement'];
export type StockChange = Schemas['StockChange'];
export type LowStockList = Schemas['LowStockList'];

export const PRODUCTS_QUERY_KEY = ['products'] as const;

export const productStockQuery = (productId: number, page = 1) =>
  pagedQuery([...PRODUCTS_QUERY_KEY, 'stock', productId, page] as const, (signal) =>
    dataOf(
      api.GET('/products/{product_id}/stock/', {
        params: { path: { product_id: productId }, query: page > 1 ? { page } : {} },
        signal,
      }),
    ),
  );

export const lowStockQuery = (page = 1) =>
  getQuery([...PRODUCTS_QUERY_KEY, 'stock', 'low', page] as const, (signal) =>
    dataOf(api.GET('/stock/low/', { params: { query: page > 1 ? { page } : {} }, signal })),
  );

/** Keeps the answer as the history's first page and marks every product query stale. */
function useStockMutation<TVariables>(
  productId: number,
  call: (variables: TVariables) => Promise<ProductStock>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PRODUCTS_QUERY_KEY, 'stock', productId, 'change'],
    mutationFn: call,
    onSuccess: async (stock) => {
      queryClient.setQueryData(productStockQuery(productId).queryKey, stock);
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
    },
    // A refusal (the stock moved, too few to take away) comes with the stock now: show it,
    // and refresh the lists too, whose stock is the `expected_stock` a retry sends (else every
    // retry would send the same stale count and be refused again).
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...PRODUCTS_QUERY_KEY, 'stock', productId] }),
        queryClient.invalidateQueries({ queryKey: [...PRODUCTS_QUERY_KEY, 'list'] }),
      ]),
  });
}

/** `POST /products/{product_id}/stock/`: set the count or adjust it, with a reason. */
export function useChangeStock(productId: number) {
  return useStockMutation(productId, async (body: StockChange) => {
    const { data } = await api.POST('/products/{product_id}/stock/', {
      params: { path: { product_id: productId } },
      body,
    });
    return data as ProductStock;
  });
}

/** `PATCH /products/{product_id}/stock/`: the low-stock threshold (null: never warn). */
export function useSetThreshold(productId: number) {
  return useStockMutation(productId, async (threshold: number | null) => {
    const { data } = await api.PATCH('/products/{product_id}/stock/', {
      params: { path: { product_id: productId } },
      body: { low_stock_threshold: threshold },
    });
    return data as ProductStock;
  });
}
