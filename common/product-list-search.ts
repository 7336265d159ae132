import { atMost, oneOf, optionalTrimmed, pageParam } from './search-params';

/*
 * Search params of /products (spec section 2; with the sort and the price and stock
 * filters). Every field falls back, so a hand-edited URL never shows an error screen: a bad
 * page becomes page 1, a blank term none, a term past the API's 200 characters its first 200,
 * an unknown sort the default, a bad price no bound.
 * A plain parser, not zod: validateSearch is in every page's first load
 * (common/search-params.ts, decision 008).
 */

/** The sorts /products offers, as the API names them (contract: ProductOrdering). */
export const PRODUCT_SORTS = ['price', '-price', '-created_at', '-average_rating', 'name'] as const;

/** One of {@link PRODUCT_SORTS}. */
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The longest search term the API accepts (contract: `search` maxLength); a longer one is cut. */
export const MAX_SEARCH_LENGTH = 200;

/** The largest price bound the API accepts (contract: min_price/max_price maximum), in dollars. */
export const MAX_PRICE_BOUND = 1_000_000;

export interface ProductListSearch {
  /** Category slug. */
  category?: string;
  /** Free-text search over name and description. */
  search?: string;
  /** Sort order; none is the shop's own order. */
  ordering?: ProductSort;
  /** Lowest price shown, in dollars (at most two decimals). */
  min_price?: number;
  /** Highest price shown, in dollars (at most two decimals); never below min_price. */
  max_price?: number;
  /** Only products in stock; false or missing means every product. */
  in_stock?: true;
  /** 1-based page number; page 1 is left out of the URL. */
  page?: number;
}

/**
 * A price bound in dollars: a number or numeric string from 0 to 1,000,000 with at most two
 * decimals ("12", "12.5", "12.50"); anything else (blank, negative, "abc", "1e400") is undefined.
 */
export function priceParam(value: unknown): number | undefined {
  let text: string;
  if (typeof value === 'number') text = String(value);
  else if (typeof value === 'string') text = value.trim();
  else return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const amount = Number(text);
  return amount <= MAX_PRICE_BOUND ? amount : undefined;
}

/** `true` for a checked "in stock only" (`true`, "true", "1", "on"), else undefined. */
export function inStockParam(value: unknown): true | undefined {
  return value === true || value === 'true' || value === '1' || value === 'on' ? true : undefined;
}

/** The router's search validator of /products (`parse`, as TanStack Router accepts it). */
export const productListSearchSchema = {
  parse: (search: Record<string, unknown>): ProductListSearch => {
    let min = priceParam(search.min_price);
    let max = priceParam(search.max_price);
    // A reversed range is a slip, not a request for nothing: read it the right way round
    // (the API would refuse it with a 400).
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    return {
      category: optionalTrimmed(search.category),
      search: atMost(optionalTrimmed(search.search), MAX_SEARCH_LENGTH),
      ordering: oneOf(search.ordering, PRODUCT_SORTS),
      min_price: min,
      max_price: max,
      in_stock: inStockParam(search.in_stock),
      page: pageParam(search.page),
    };
  },
};

/** True when any filter of the panel (price or stock) is set; the sort is not a filter. */
export function hasProductFilters(search: ProductListSearch): boolean {
  return (
    search.min_price !== undefined || search.max_price !== undefined || search.in_stock === true
  );
}
