import { QueryClient } from '@tanstack/react-query';
import { createRouter, createSerializationAdapter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { ApiError } from '../api/errors';
import { DefaultError } from '../components/default-error';
import { NotFoundPage } from '../components/not-found-page';
import { PendingPage } from '../components/pending-page';
import { routeTree } from '../routeTree.gen';

/** Retries a failed query at most twice, never for a 4xx `ApiError`: asking again will not help. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's QueryClient: data stays fresh for a minute (the catalogue changes slowly and
 * route loaders would otherwise refetch on every visit), no retries for client errors.
 * One per browser tab, and one per server request (never shared between requests); a server
 * render never retries (the API is in the same process: a failure is final, and the page must
 * not wait), the browser may retry what the server could not load.
 */
export function createAppQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: server ? false : shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * An `ApiError` crosses from the server render to the browser as itself (status and body), so
 * an error screen hydrates with the same message it was rendered with (decision 008).
 */
const apiErrorAdapter = createSerializationAdapter({
  key: 'api-error',
  test: (value: unknown): value is ApiError => value instanceof ApiError,
  // The body is any JSON the API answered: carried as its text.
  toSerializable: (error: ApiError) => ({
    status: error.status,
    body: JSON.stringify(error.body ?? null),
    message: error.message,
  }),
  fromSerializable: (value: { status: number; body: string; message: string }) =>
    new ApiError(value.status, JSON.parse(value.body) as unknown, value.message),
});

export interface AppRouterOptions {
  /** The storefront's origin, for canonical and Open Graph addresses (RouterContext.origin). */
  origin: string;
  /** The per-request CSP nonce of a server render; the browser reads it back from the page. */
  nonce?: string;
}

/**
 * The router with the file-route tree and the app-wide defaults (architecture conventions 1
 * and 6): loaders get `{ queryClient }`; links preload their route on hover or focus; pending,
 * error and not-found screens default to the shared ones; scroll position is restored on
 * back/forward and reset to the top on every other navigation (spec section 2).
 *
 * The Query integration (`@tanstack/react-router-ssr-query`) provides the QueryClient to the
 * tree and, on the server, sends every query the render filled to the browser with the page,
 * where it is put into the browser's QueryClient before hydration: data the server loaded is
 * never fetched again (decision 008).
 */
export function createAppRouter(queryClient: QueryClient, options: AppRouterOptions) {
  const router = createRouter({
    routeTree,
    context: { queryClient, origin: options.origin },
    defaultPreload: 'intent',
    // The QueryClient caches data; the router must not keep its own stale copy of loader results.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: DefaultError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
    ...(options.nonce ? { ssr: { nonce: options.nonce } } : {}),
    // Read by the router's SSR (de)serialization; the plain router's options type omits it.
    ...({ serializationAdapters: [apiErrorAdapter] } as object),
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
