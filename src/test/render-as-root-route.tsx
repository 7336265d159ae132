import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { withShopSettings } from './shop-settings';

/*
 * Test helper (only tests import it): renders `ui` as the root route of a real router (memory
 * history, so links and navigation work) in a fresh QueryClient without retries (with the demo
 * shop's site settings loaded, as the frame has them: ./shop-settings.ts), synchronously.
 * Unlike ./render-with-router.tsx, `ui` is the route itself, and the router's context carries
 * the QueryClient as the app's does.
 */

// jsdom does not implement scrolling; the router resets the scroll position on every navigation.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

/** Renders `ui` as the root of a memory router at `path`; returns the router to read its location. */
export function renderAsRootRoute(
  ui: ReactNode,
  { path = '/', queryClient }: { path?: string; queryClient?: QueryClient } = {},
) {
  const client =
    queryClient ??
    withShopSettings(
      new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      }),
    );
  // One root route that always renders `ui`: navigating away changes the location, which tests
  // read.
  const rootRoute = createRootRoute({ component: () => <>{ui}</>, notFoundComponent: () => null });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient: client },
  });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient: client };
}
