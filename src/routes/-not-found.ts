import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isNotFound } from '../api/errors';

/**
 * `queryClient.ensureQueryData(options)` for a loader whose page is about one thing (a product,
 * a post): the API's 404 becomes the router's `notFound()`, so the page answers with HTTP 404
 * (issue 8) and the route's `notFoundComponent` says what was not found. Other errors go to the
 * route's error component as before.
 */
export async function ensureOrNotFound<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<TData> {
  try {
    return await queryClient.ensureQueryData(options);
  } catch (error) {
    if (isNotFound(error)) throw notFound();
    throw error;
  }
}
