/**
 * The products list's URL search params (`/admin/products?status=draft&stock=low&page=2`): a
 * status, a stock state, a category, a search and a page. A value that does not parse (a
 * hand-edited URL, an old bookmark) falls back to "no filter" through `.catch()`. Page 1, empty
 * strings and absent filters are left out, so the plain list is plain `/admin/products`.
 */
import { z } from 'zod';
import { pageSearch } from '../../components/page-search';
import type { Schemas } from '../../api/client';

export type ProductStatus = Schemas['ProductStatus'];
export type ProductStockFilter = Schemas['ProductStockFilter'];

export const PRODUCT_STATUSES = [
  'active',
  'draft',
  'archived',
] as const satisfies readonly ProductStatus[];
export const STOCK_FILTERS = ['sold_out', 'low'] as const satisfies readonly ProductStockFilter[];

/** The longest search the contract accepts. */
export const SEARCH_MAX = 100;

const text = z
  .union([z.string(), z.number().transform(String)])
  .transform((value) => value.replace(/\0/g, '').trim().slice(0, SEARCH_MAX).trim())
  .transform((value) => value || undefined);

export const productsSearchSchema = z.object({
  status: z.enum(PRODUCT_STATUSES).optional().catch(undefined),
  stock: z.enum(STOCK_FILTERS).optional().catch(undefined),
  category: z.coerce.number().int().min(1).max(2147483647).optional().catch(undefined),
  search: text.optional().catch(undefined),
  page: pageSearch,
});

export type ProductsSearch = z.output<typeof productsSearchSchema>;

/** The router's `validateSearch`: raw params in, clean ones out. */
export function validateProductsSearch(raw: Record<string, unknown>): ProductsSearch {
  return productsSearchSchema.parse(raw);
}
