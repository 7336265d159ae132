import { optionalTrimmed, pageParam } from '../../api/search-params';

/*
 * Search params of /products (spec section 2). Every field falls back, so a hand-edited URL
 * never shows an error screen: a bad page becomes page 1, a blank term none. A plain parser,
 * not zod: validateSearch is in every page's first load (src/api/search-params.ts).
 */

export interface ProductListSearch {
  /** Category slug. */
  category?: string;
  /** Free-text search over name and description. */
  search?: string;
  /** 1-based page number; page 1 is left out of the URL. */
  page?: number;
}

/** The router's search validator of /products (`parse`, as TanStack Router accepts it). */
export const productListSearchSchema = {
  parse: (search: Record<string, unknown>): ProductListSearch => ({
    category: optionalTrimmed(search.category),
    search: optionalTrimmed(search.search),
    page: pageParam(search.page),
  }),
};
