import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { hasStatus, isNotFound } from '../api/errors';

/**
 * Whether a lookup by identifier found nothing: the API's 404, or its 400 for an identifier no
 * record can have (a NUL character), which is no such page either.
 */
export function isMissing(error: unknown): boolean {
  return isNotFound(error) || hasStatus(error, 400);
}

/**
 * `queryClient.ensureQueryData(options)` for a loader whose page is about one thing (a product, a
 * post): the API's 404 (or 400, see {@link isMissing}) becomes the router's `notFound()`, so the
 * page answers with HTTP 404 and the route's `notFoundComponent` says what was not found. Other
 * errors go to the route's error component as before.
 */
export async function ensureOrNotFound<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<TData> {
  try {
    return await queryClient.ensureQueryData(options);
  } catch (error) {
    if (isMissing(error)) throw notFound();
    throw error;
  }
}
