/**
 * The product list's query parameters (spec section 7; decisions 010 and 032): validated into
 * {@link ProductListParams} in the units the queries use, and written back as the canonical
 * query string that keys the catalogue cache and builds the page links.
 */
import { DomainError } from '../platform/domain-error.ts';
import type { CatalogErrorCode } from './errors.ts';
import { toDecimal } from '../../common/money.ts';
import type { Query, Schemas } from '../../common/storefront-contract.ts';

/** Page size when the request names none, and the largest allowed (the contract's maximum). */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

/** The orderings of the product list (contract: ProductOrdering). */
export const PRODUCT_ORDERINGS = [
  'price',
  '-price',
  '-created_at',
  '-average_rating',
  'name',
] as const satisfies readonly Schemas['ProductOrdering'][];

/**
 * The product list's parameters after validation, in the units the queries use: prices in
 * integer cents, the search term trimmed, empty filters dropped (as django-filter does).
 */
export interface ProductListParams {
  /** `is_active=false`: the storefront has no inactive products, so the list is empty. */
  inactiveOnly: boolean;
  category?: string;
  search?: string;
  ordering?: Schemas['ProductOrdering'];
  minCents?: number;
  maxCents?: number;
  inStock?: boolean;
  page: number;
  pageSize: number;
}

/**
 * A price bound (a number the contract already checked: finite, 0 to 1,000,000) in cents.
 * @throws DomainError `too_many_decimal_places` (field `field`: "Ensure that there are no more
 *   than 2 decimal places.")
 */
function boundCents(field: string, value: number): number {
  const cents = Math.round(value * 100);
  // The value came from a decimal string; anything beyond two decimals leaves a remainder
  // far larger than the binary rounding error of a two-decimal amount.
  if (Math.abs(value * 100 - cents) > 1e-6) {
    throw new DomainError<CatalogErrorCode>(
      'too_many_decimal_places',
      'Ensure that there are no more than 2 decimal places.',
      { field },
    );
  }
  return cents;
}

/**
 * Reads the list's query (already checked against the contract: types, enum, ranges, NUL
 * bytes, Infinity) into {@link ProductListParams}.
 * @throws DomainError `too_many_decimal_places` for more than two decimals in a price bound, or
 *   `min_price_above_max_price` (field `max_price`: "Ensure this value is greater than or equal
 *   to min_price.").
 */
export function productListParams(query: Query<'listProducts'>): ProductListParams {
  const params: ProductListParams = {
    inactiveOnly: query.is_active === false,
    page: query.page ?? 1,
    pageSize: Math.min(query.page_size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
  if (query.category__slug) params.category = query.category__slug;
  // Lower-cased as the LIKE pattern uses it, so `Knife` and `knife` are one cache entry.
  const term = query.search?.trim().toLowerCase();
  if (term) params.search = term;
  if (query.ordering) params.ordering = query.ordering;
  if (query.min_price !== undefined) params.minCents = boundCents('min_price', query.min_price);
  if (query.max_price !== undefined) params.maxCents = boundCents('max_price', query.max_price);
  if (query.in_stock !== undefined) params.inStock = query.in_stock;
  if (
    params.minCents !== undefined &&
    params.maxCents !== undefined &&
    params.minCents > params.maxCents
  ) {
    throw new DomainError<CatalogErrorCode>(
      'min_price_above_max_price',
      'Ensure this value is greater than or equal to min_price.',
      { field: 'max_price' },
    );
  }
  return params;
}

/**
 * The canonical query string of a list request for `page` (page 1 left out), in a fixed order:
 * the cache key and the `next`/`previous` links are both built from it, so unknown parameters
 * and the order they were written in never make a second entry.
 */
export function canonicalListQuery(params: ProductListParams, page: number): string {
  const out = new URLSearchParams();
  if (params.inactiveOnly) out.set('is_active', 'false');
  else out.set('is_active', 'true');
  if (params.category) out.set('category__slug', params.category);
  if (params.search) out.set('search', params.search);
  if (params.ordering) out.set('ordering', params.ordering);
  if (params.minCents !== undefined) out.set('min_price', toDecimal(params.minCents));
  if (params.maxCents !== undefined) out.set('max_price', toDecimal(params.maxCents));
  if (params.inStock !== undefined) out.set('in_stock', String(params.inStock));
  if (params.pageSize !== DEFAULT_PAGE_SIZE) out.set('page_size', String(params.pageSize));
  if (page > 1) out.set('page', String(page));
  return out.toString();
}

/**
 * What a list's count depends on, as text: its filters in {@link canonicalListQuery}'s order,
 * without the ordering, the page size or the page (every page of every ordering of one filter
 * has one count).
 */
export function listFilterKey(params: ProductListParams): string {
  return canonicalListQuery(
    { ...params, ordering: undefined, pageSize: DEFAULT_PAGE_SIZE, page: 1 },
    1,
  );
}
