/**
 * The catalogue queries of the site header, which every page runs (spec section 2): the SHOP
 * menu's categories and the search box's suggestions. Apart from ./api.ts, whose product
 * queries only the catalogue pages load, to keep them out of every page's first-load
 * JavaScript; ./api.ts re-exports them.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { toList } from '../../api/lists';
import type { components } from '../../../common/storefront-api';

type Category = components['schemas']['Category'];
/** One row of the header's search suggestions (contract: ProductSuggestion). */
export type ProductSuggestion = components['schemas']['ProductSuggestion'];

/**
 * All categories of the tenant: `GET /products/categories/`, plain array or page, always an array.
 * Key `['categories','list']`. Throws `ApiError` on non-2xx (client middleware).
 */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories', 'list'] as const,
    queryFn: async ({ signal }): Promise<Category[]> => {
      const { data } = await api.GET('/products/categories/', { signal });
      return toList<Category>(data as Category[] | { results: Category[] });
    },
    staleTime: 5 * 60_000,
  });

/** Shortest and longest term the suggestions call accepts (contract: q, 2-100 characters). */
export const SUGGESTION_MIN_LENGTH = 2;
export const SUGGESTION_MAX_LENGTH = 100;

/**
 * Up to six products whose name holds `term` (header search):
 * `GET /products/suggestions/?q={term}`. Key `['products','suggestions',term]` (lower-cased,
 * as the match ignores case). Only enabled for a trimmed term of 2-100 characters; throws
 * `ApiError` on non-2xx.
 */
export const productSuggestionsQuery = (term: string) => {
  const q = term.trim().toLowerCase();
  return queryOptions({
    queryKey: ['products', 'suggestions', q] as const,
    queryFn: async ({ signal }): Promise<ProductSuggestion[]> => {
      const { data } = await api.GET('/products/suggestions/', {
        params: { query: { q } },
        signal,
      });
      return (data ?? []) as ProductSuggestion[];
    },
    enabled: q.length >= SUGGESTION_MIN_LENGTH && q.length <= SUGGESTION_MAX_LENGTH,
    staleTime: 60_000,
    retry: false,
  });
};
