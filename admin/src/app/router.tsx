/**
 * The back office's router, under the `/admin` base path. Its routes are files under
 * `admin/src/routes/` (the plugin in vite.admin.config.ts writes `routeTree.gen.ts` from them):
 *
 * - `/login` (`?redirect=`), `/accept-invitation` (`?token=`), `/forgot-password`,
 *   `/reset-password` (`?token=`, the e-mailed link): open to anyone; `/setup`, the first-run
 *   set-up of a deployment without any shop, where `/login` and the sign-in guard send a
 *   visitor while there is none;
 * - behind sign-in (`_auth.tsx`: no access token sends the browser to `/login?redirect=<here>`;
 *   it loads `GET /me/` and hands the member to every route below as `context.me`):
 *   - in the frame with the navigation (`_auth/_shell.tsx`): Today, orders, products,
 *     categories, moderation, the inbox, content, the account, and for owners only the
 *     activity log, staff and settings (anyone else goes to `/`);
 *   - without the frame: `/orders/$number/print` (the packing slip).
 *
 * Signing out (or a refused token refresh) re-runs the guards, which send the browser to
 * `/login`.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorNotice, Loading } from '../components/notice';
import { routeTree } from '../routeTree.gen';
import { NotFound } from './not-found';

export type { AdminRouterContext } from '../routes/__root';
export { routeTree };

/**
 * The router over the route files at `/admin`, with the query client in every route's context.
 * `history` is the browser's unless a test gives a memory history.
 */
export function createAdminRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    basepath: '/admin',
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <Loading />,
    defaultErrorComponent: ({ error, reset }) => <ErrorNotice error={error} onRetry={reset} />,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAdminRouter>;
  }
}
