/**
 * The shapes the features' calls share (features/<feature>/api.ts):
 *
 * - `dataOf(call)`: what a call of the typed client (./client.ts) answers: its `data`, typed as
 *   the contract's success body (a non-2xx answer has already thrown an ApiError);
 * - `getQuery(queryKey, get)`: a query's options from its key and the call that fetches it,
 *   given the query's abort signal;
 * - `pagedQuery(queryKey, get)`: the same for a page of a list, whose rows stay on screen,
 *   marked as placeholder data, while another page or filter loads.
 */
import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/** The success body of a typed client call. */
export async function dataOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}

/** A query's options: `queryKey`, fetched by `get` with the query's abort signal. */
export const getQuery = <T, TKey extends QueryKey>(
  queryKey: TKey,
  get: (signal: AbortSignal) => Promise<T>,
) => queryOptions({ queryKey, queryFn: ({ signal }) => get(signal) });

/** A list page's query options: as `getQuery`'s, the page on screen kept while the next loads. */
export const pagedQuery = <T, TKey extends QueryKey>(
  queryKey: TKey,
  get: (signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => get(signal),
    placeholderData: keepPreviousData,
  });
