import * as z from 'zod/mini';
import { pageSearchParam } from '../../api/lists';

/*
 * Search params of /products (spec section 2). Every field falls back with `catch`, so a
 * hand-edited URL never shows an error screen: a bad page becomes page 1, a blank term none.
 * zod/mini: this schema runs in the entry bundle (validateSearch is not code-split), and the
 * functional API tree-shakes to a fraction of classic zod.
 */

const optionalTrimmed = z.catch(
  z.optional(
    z.pipe(
      z.string(),
      z.transform((value) => {
        const trimmed = value.trim();
        return trimmed === '' ? undefined : trimmed;
      }),
    ),
  ),
  undefined,
);

export const productListSearchSchema = z.object({
  /** Category slug. */
  category: optionalTrimmed,
  /** Free-text search over name and description. */
  search: optionalTrimmed,
  /** 1-based page number; page 1 is left out of the URL. */
  page: pageSearchParam,
});

export type ProductListSearch = z.infer<typeof productListSearchSchema>;
