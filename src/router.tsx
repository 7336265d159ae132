import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ApiError } from './api/errors';
import { DefaultError } from './components/default-error';
import { NotFoundPage } from './components/not-found-page';
import { PendingPage } from './components/pending-page';
import { routeTree } from './routeTree.gen';

/** Retries a failed query at most twice, never for a 4xx `ApiError`: asking again will not help. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's QueryClient: data stays fresh for a minute (the catalogue changes slowly and
 * route loaders would otherwise refetch on every visit), no retries for client errors.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The router with the file-route tree and the app-wide defaults (architecture conventions 1
 * and 6): loaders get `{ queryClient }`; links preload their route on hover or focus; pending,
 * error and not-found screens default to the shared ones; scroll position is restored on
 * back/forward and reset to the top on every other navigation (spec section 2).
 */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // The QueryClient caches data; the router must not keep its own stale copy of loader results.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: DefaultError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
