import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { NotFoundPage } from '../components/not-found-page';
import { SiteFrame } from '../features/site/site-frame';

/** What every route's loader gets (architecture: loaders call `context.queryClient.ensureQueryData`). */
export interface RouterContext {
  queryClient: QueryClient;
}

/** The root route: the shared frame of spec section 2 around every page (none on /test). */
export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <SiteFrame pathname={pathname}>
      <Outlet />
    </SiteFrame>
  );
}
