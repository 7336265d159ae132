import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '../app/not-found';
import { SignOutWatcher } from '../app/sign-out-watcher';

/** What every back-office route's context holds. */
export interface AdminRouterContext {
  queryClient: QueryClient;
}

/** Every back-office page: the sign-out watcher beside the page, and the not-found page. */
export const Route = createRootRouteWithContext<AdminRouterContext>()({
  component: () => (
    <>
      <SignOutWatcher />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFound,
});
