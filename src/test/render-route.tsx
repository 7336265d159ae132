/**
 * Renders a component inside a real TanStack router (memory history) and a fresh QueryClient,
 * so components that use Link, useNavigate or queries run as in the app.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

export function renderRoute(ui: () => ReactNode, { path = '/', initialEntry = path }: { path?: string; initialEntry?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const underTest = createRoute({ getParentRoute: () => rootRoute, path, component: ui });
  const others = ['/', '/login', '/register', '/products/$slug', '/cart']
    .filter((p) => p !== path)
    .map((p) => createRoute({ getParentRoute: () => rootRoute, path: p, component: () => <p>page {p}</p> }));
  const router = createRouter({
    routeTree: rootRoute.addChildren([underTest, ...others]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
