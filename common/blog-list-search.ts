import { pageParam } from './search-params';

/** `/blog?page=` (spec section 2). */
export interface BlogListSearch {
  page?: number;
}

/**
 * The router's search validator of /blog: a bad page falls back to page 1, never an error
 * screen (architecture 2). A plain parser: validateSearch is in every page's first load.
 */
export const blogListSearchSchema = {
  parse: (search: Record<string, unknown>): BlogListSearch => ({ page: pageParam(search.page) }),
};
