import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { withShopSettings } from './shop-settings';

/**
 * Test helper (not shipped: only tests import it). Renders `ui` above an outlet in a real
 * TanStack router with in-memory history, so `<Link>` and `useNavigate` work, inside a
 * QueryClient with retries off. Every path matches a blank page, so a test can navigate
 * anywhere and read `router.state.location` afterwards. Resolves once the first render is
 * in the document.
 */
export async function renderWithRouter(
  ui: ReactNode,
  {
    path = '/',
    queryClient = createTestQueryClient(),
  }: { path?: string; queryClient?: QueryClient } = {},
) {
  // jsdom has no scrolling; the router resets the scroll position on every navigation.
  if (!vi.isMockFunction(window.scrollTo))
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <div data-testid="test-ui">{ui}</div>
        <Outlet />
      </>
    ),
  });
  const anyPage = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => null,
  });
  const indexPage = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => null,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexPage, anyPage]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('test-ui');
  return { ...result, router, queryClient };
}

/**
 * A QueryClient for tests: no retries, so an error state shows at once; with the demo shop's site
 * settings loaded, as the frame has them before a page shows a price (./shop-settings.ts).
 */
export function createTestQueryClient(): QueryClient {
  return withShopSettings(
    new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
  );
}
