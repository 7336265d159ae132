/**
 * The catalogue's products in the back office.
 *
 * Queries (keys start with `['products']`; the stock and photo screens invalidate
 * `['products']` after their writes, so the list and the product follow):
 * - `productsQuery(search)`: `GET /products/`, key `['products','list',search]`; 25 a page,
 *   newest first;
 * - `productQuery(id)`: `GET /products/{product_id}/`, key `['products','detail',id]`;
 * - `productCategoriesQuery()`: `GET /categories/` for the form's category select, key
 *   `['products','categories']`.
 *
 * Mutations: create, update (archive and unarchive are updates of `status`), duplicate. Each
 * keeps the product the server answered and invalidates the lists and the activity log.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery, pagedQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY } from '../../api/query-keys';
import type { ProductsSearch } from './search';

export type AdminProduct = Schemas['AdminProduct'];
export type AdminProductSummary = Schemas['AdminProductSummary'];
export type ProductCreate = Schemas['ProductCreate'];
export type ProductUpdate = Schemas['ProductUpdate'];
export type AdminCategory = Schemas['AdminCategory'];

export const PRODUCTS_QUERY_KEY = ['products'] as const;
export const PRODUCTS_PAGE_SIZE = 25;

export const productsQuery = (search: ProductsSearch) =>
  pagedQuery([...PRODUCTS_QUERY_KEY, 'list', search] as const, (signal) =>
    dataOf(api.GET('/products/', { params: { query: search }, signal })),
  );

export const productQuery = (id: number) =>
  getQuery([...PRODUCTS_QUERY_KEY, 'detail', id] as const, (signal) =>
    dataOf(api.GET('/products/{product_id}/', { params: { path: { product_id: id } }, signal })),
  );

export const productCategoriesQuery = () => ({
  ...getQuery([...PRODUCTS_QUERY_KEY, 'categories'] as const, async (signal) => {
    const { data } = await api.GET('/categories/', { signal });
    return (data ?? []) as AdminCategory[];
  }),
  staleTime: 60_000,
});

/** Keeps the product the server answered and marks the lists and the log stale. */
async function settled(queryClient: QueryClient, product: AdminProduct): Promise<void> {
  queryClient.setQueryData(productQuery(product.id).queryKey, product);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...PRODUCTS_QUERY_KEY, 'list'] }),
    queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
  ]);
}

/** `POST /products/`: a new product (201 with it). */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProductCreate) => {
      const { data } = await api.POST('/products/', { body });
      return data as AdminProduct;
    },
    onSuccess: (product) => settled(queryClient, product),
  });
}

/** `PATCH /products/{product_id}/`: the fields sent change (status too: archive, publish). */
export function useUpdateProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PRODUCTS_QUERY_KEY, 'update', id],
    mutationFn: async (body: ProductUpdate) => {
      const { data } = await api.PATCH('/products/{product_id}/', {
        params: { path: { product_id: id } },
        body,
      });
      return data as AdminProduct;
    },
    onSuccess: (product) => settled(queryClient, product),
  });
}

/** `POST /products/{product_id}/duplicate/`: a draft copy (201 with it). */
export function useDuplicateProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { data } = await api.POST('/products/{product_id}/duplicate/', {
        params: { path: { product_id: id } },
      });
      return data as AdminProduct;
    },
    onSuccess: (product) => settled(queryClient, product),
  });
}

export type ProductBulkChange = Schemas['ProductBulkChange'];
export type ProductBulkResult = Schemas['ProductBulkResult'];

/**
 * `POST /products/bulk/`: archive the products, or set their stock to one count, all or nothing
 * (a refusal changes none). Every product query (the lists, each product, its stock) and the
 * activity log are marked stale.
 */
export function useBulkChangeProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProductBulkChange) => {
      const { data } = await api.POST('/products/bulk/', { body });
      return data as ProductBulkResult;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
      ]),
  });
}

// ~~ i41 safety: recalls ~~
export type ProductRecall = Schemas['ProductRecall'];
export type ProductRecallCreate = Schemas['ProductRecallCreate'];

/** `GET /products/{product_id}/recalls/`: the product's recalls, newest first. */
export const productRecallsQuery = (id: number) =>
  getQuery([...PRODUCTS_QUERY_KEY, 'recalls', id] as const, async (signal) => {
    const { data } = await api.GET('/products/{product_id}/recalls/', {
      params: { path: { product_id: id } },
      signal,
    });
    return data?.results ?? [];
  });

/** Refreshes the product, its recalls, the lists and the log after a recall's move. */
async function recallSettled(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...PRODUCTS_QUERY_KEY, 'detail', id] }),
    queryClient.invalidateQueries({ queryKey: [...PRODUCTS_QUERY_KEY, 'recalls', id] }),
    queryClient.invalidateQueries({ queryKey: [...PRODUCTS_QUERY_KEY, 'list'] }),
    queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
  ]);
}

/** `POST /products/{product_id}/recalls/`: publish a recall and e-mail the buyers (owner). */
export function usePublishRecall(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProductRecallCreate) => {
      const { data } = await api.POST('/products/{product_id}/recalls/', {
        params: { path: { product_id: id } },
        body,
      });
      return data as ProductRecall;
    },
    onSuccess: () => recallSettled(queryClient, id),
  });
}

/** `POST /products/{product_id}/recalls/{recall_id}/withdraw/` (owner). */
export function useWithdrawRecall(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (recallId: number) => {
      const { data } = await api.POST('/products/{product_id}/recalls/{recall_id}/withdraw/', {
        params: { path: { product_id: id, recall_id: recallId } },
      });
      return data as ProductRecall;
    },
    onSuccess: () => recallSettled(queryClient, id),
  });
}
// ~~ end i41 safety: recalls ~~

// ~~ i42 variants ~~
export type ProductVariants = Schemas['ProductVariants'];
export type ProductVariantsUpdate = Schemas['ProductVariantsUpdate'];

/** `GET /products/{product_id}/variants/`, key `['products','variants',id]` (issue 42). */
export const productVariantsQuery = (id: number) =>
  getQuery([...PRODUCTS_QUERY_KEY, 'variants', id] as const, (signal) =>
    dataOf(
      api.GET('/products/{product_id}/variants/', { params: { path: { product_id: id } }, signal }),
    ),
  );

/**
 * `PUT /products/{product_id}/variants/`: the product's axes and variants as a whole. Keeps the
 * answer and refreshes the product (its price and stock follow the variants), its stock
 * history, the lists and the activity log.
 */
export function useSaveVariants(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProductVariantsUpdate) => {
      const { data } = await api.PUT('/products/{product_id}/variants/', {
        params: { path: { product_id: id } },
        body,
      });
      return data as ProductVariants;
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData([...PRODUCTS_QUERY_KEY, 'variants', id], saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...PRODUCTS_QUERY_KEY, 'detail', id] }),
        queryClient.invalidateQueries({ queryKey: [...PRODUCTS_QUERY_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [...PRODUCTS_QUERY_KEY, 'stock', id] }),
        queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
      ]);
    },
  });
}
// ~~ end i42 variants ~~
