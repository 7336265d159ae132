/**
 * The back office's routes (code-based), under the `/admin` base path:
 *
 * - `/login` (`?redirect=`), `/accept-invitation` (`?token=`), `/forgot-password`,
 *   `/reset-password` (`?token=`, the e-mailed link): open to anyone;
 * - behind sign-in (`_auth`: no access token sends the browser to `/login?redirect=<here>`;
 *   it loads `GET /me/` and hands the member to every route below as `context.me`):
 *   - in the frame with the navigation (`_shell`): `/` (Today), `/orders` (the list, with
 *     its filters in the URL), `/orders/$number`, `/activity` and `/staff` (owners only:
 *     anyone else goes to `/`), `/account`;
 *   - without the frame: `/orders/$number/print` (the packing slip).
 * - A member of a shop that requires two-step verification who has not set it up is sent to
 *   `/account` from everywhere else until they have (the API refuses them too).
 *
 * Signing out (or a refused token refresh) re-runs the guards, which send the browser to
 * `/login`.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { z } from 'zod';
import { hasStatus } from '../api/errors';
import { clearTokens, isSignedIn } from '../api/tokens';
import { ErrorNotice, Loading } from '../components/notice';
import { isOwner, meQuery, type Staff } from '../features/auth/api';
import { safeRedirect } from '../features/auth/schemas';
import { validateOrdersSearch } from '../features/orders/search';
import { validateProductsSearch } from '../features/products/search';
import { moderationSearchSchema } from '../features/moderation/schemas';
import { inboxSearchSchema } from '../features/inbox/schemas';
import { NotFound } from './not-found';
import { SignOutWatcher } from './sign-out-watcher';

export interface AdminRouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<AdminRouterContext>()({
  component: () => (
    <>
      <SignOutWatcher />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFound,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: z.object({
    redirect: z.unknown().transform(safeRedirect).optional().catch(undefined),
  }),
  beforeLoad: ({ search }) => {
    if (isSignedIn()) throw redirect({ href: search.redirect ?? '/' });
  },
  component: lazyRouteComponent(() => import('../features/auth/sign-in-page'), 'SignInPage'),
});

/** The `?token=` of an e-mailed link (an invitation, a password reset), trimmed and bounded. */
const linkTokenSearch = z.object({
  token: z
    .union([z.string(), z.number().transform(String)])
    .transform((token) => token.trim().slice(0, 200))
    .catch(''),
});

const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'accept-invitation',
  validateSearch: linkTokenSearch,
  component: lazyRouteComponent(
    () => import('../features/auth/accept-invitation-page'),
    'AcceptInvitationPage',
  ),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgot-password',
  component: lazyRouteComponent(
    () => import('../features/auth/forgot-password-page'),
    'ForgotPasswordPage',
  ),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  validateSearch: linkTokenSearch,
  component: lazyRouteComponent(
    () => import('../features/auth/reset-password-page'),
    'ResetPasswordPage',
  ),
});

/** Where a member who must set up two-step verification is kept. */
const SET_UP_PATH = '/account';

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_auth',
  beforeLoad: async ({ context, location }): Promise<{ me: Staff }> => {
    const toSignIn = () =>
      redirect({ to: '/login', search: { redirect: safeRedirect(location.href) } });
    if (!isSignedIn()) throw toSignIn();
    let me: Staff;
    try {
      me = await context.queryClient.ensureQueryData(meQuery());
    } catch (error) {
      // Refused even after a refresh (or the refresh could not be made): the session cannot
      // be used, so it ends here too, or /login would send the browser straight back.
      if (hasStatus(error, 401)) clearTokens();
      if (!isSignedIn()) throw toSignIn();
      throw error;
    }
    if (me.totp_required && !me.totp_enabled && location.pathname !== SET_UP_PATH)
      throw redirect({ to: SET_UP_PATH });
    return { me };
  },
  errorComponent: ({ error, reset }) => (
    <main className="page page-narrow">
      <ErrorNotice error={error} onRetry={reset} />
    </main>
  ),
});

const shellRoute = createRoute({
  getParentRoute: () => authRoute,
  id: '_shell',
  component: lazyRouteComponent(() => import('./shell'), 'Shell'),
});

/** Owners only: anyone else is sent to Today. */
const ownersOnly = ({ context }: { context: { me: Staff } }) => {
  if (!isOwner(context.me)) throw redirect({ to: '/' });
};

const todayRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/today/today-page'), 'TodayPage'),
});

const ordersRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'orders',
  validateSearch: validateOrdersSearch,
  component: lazyRouteComponent(() => import('../features/orders/orders-page'), 'OrdersPage'),
});

const orderRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'orders/$number',
  component: lazyRouteComponent(() => import('../features/orders/order-page'), 'OrderPage'),
});

const printRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'orders/$number/print',
  component: lazyRouteComponent(() => import('../features/orders/packing-slip'), 'PackingSlipPage'),
});

const activityRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'activity',
  beforeLoad: ownersOnly,
  validateSearch: z.object({
    staff_id: z.coerce.number().int().min(1).optional().catch(undefined),
    page: z.coerce
      .number()
      .int()
      .min(1)
      .transform((page) => (page > 1 ? page : undefined))
      .optional()
      .catch(undefined),
  }),
  component: lazyRouteComponent(() => import('../features/activity/activity-page'), 'ActivityPage'),
});

const staffRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'staff',
  beforeLoad: ownersOnly,
  component: lazyRouteComponent(() => import('../features/staff/staff-page'), 'StaffPage'),
});

const accountRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'account',
  component: lazyRouteComponent(() => import('../features/account/account-page'), 'AccountPage'),
});

const productsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'products',
  validateSearch: validateProductsSearch,
  component: lazyRouteComponent(() => import('../features/products/products-page'), 'ProductsPage'),
});

const newProductRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'products/new',
  component: lazyRouteComponent(
    () => import('../features/products/product-page'),
    'NewProductPage',
  ),
});

const productRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'products/$productId',
  component: lazyRouteComponent(
    () => import('../features/products/product-page'),
    'EditProductPage',
  ),
});

// ~~ products ~~
const categoriesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'categories',
  component: lazyRouteComponent(
    () => import('../features/categories/categories-page'),
    'CategoriesPage',
  ),
});

// ~~ stock-and-categories ~~
// ~~ media ~~
const moderationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'moderation',
  validateSearch: moderationSearchSchema,
  component: lazyRouteComponent(
    () => import('../features/moderation/moderation-page'),
    'ModerationPage',
  ),
});

const inboxRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'inbox',
  validateSearch: inboxSearchSchema,
  component: lazyRouteComponent(() => import('../features/inbox/inbox-page'), 'InboxPage'),
});

const inboxMessageRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'inbox/$messageId',
  component: lazyRouteComponent(() => import('../features/inbox/message-page'), 'MessagePage'),
});

// ~~ moderation-and-inbox ~~
const contentRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'content',
  component: lazyRouteComponent(
    () => import('../features/content/content-layout'),
    'ContentLayout',
  ),
});

const contentIndexRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/content/blog' });
  },
});

const blogRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: 'blog',
  validateSearch: z.object({
    status: z.enum(['draft', 'published', 'archived']).optional().catch(undefined),
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .transform((page) => (page > 1 ? page : undefined))
      .optional()
      .catch(undefined),
  }),
  component: lazyRouteComponent(() => import('../features/content/blog-list-page'), 'BlogListPage'),
});

const newPostRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: 'blog/new',
  component: lazyRouteComponent(() => import('../features/content/blog-post-page'), 'NewPostPage'),
});

const postRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: 'blog/$postId',
  component: lazyRouteComponent(() => import('../features/content/blog-post-page'), 'EditPostPage'),
});

const faqRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: 'faq',
  component: lazyRouteComponent(() => import('../features/content/faq-page'), 'FaqPage'),
});

const policiesRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: 'policies',
  component: lazyRouteComponent(() => import('../features/content/policies-page'), 'PoliciesPage'),
});

const companyRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: 'company',
  component: lazyRouteComponent(() => import('../features/content/company-page'), 'CompanyPage'),
});

const contactRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: 'contact',
  component: lazyRouteComponent(() => import('../features/content/contact-page'), 'ContactPage'),
});

// ~~ content ~~
const settingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'settings',
  beforeLoad: ownersOnly,
  component: lazyRouteComponent(
    () => import('../features/settings/settings-layout'),
    'SettingsLayout',
  ),
});

const settingsIndexRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/settings/site' });
  },
});

const settingsSiteRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'site',
  component: lazyRouteComponent(() => import('../features/settings/site-page'), 'SitePage'),
});

const settingsShippingRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'shipping',
  component: lazyRouteComponent(() => import('../features/settings/shipping-page'), 'ShippingPage'),
});

const settingsWorkshopRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'workshop',
  component: lazyRouteComponent(() => import('../features/settings/workshop-page'), 'WorkshopPage'),
});

const settingsPaymentsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'payments',
  component: lazyRouteComponent(() => import('../features/settings/payments-page'), 'PaymentsPage'),
});

// ~~ settings ~~

export const routeTree = rootRoute.addChildren([
  signInRoute,
  acceptInvitationRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  authRoute.addChildren([
    shellRoute.addChildren([
      todayRoute,
      ordersRoute,
      orderRoute,
      activityRoute,
      staffRoute,
      accountRoute,
      productsRoute,
      newProductRoute,
      productRoute,
      // ~~ products ~~
      categoriesRoute,
      // ~~ stock-and-categories ~~
      // ~~ media ~~
      moderationRoute,
      inboxRoute,
      inboxMessageRoute,
      // ~~ moderation-and-inbox ~~
      contentRoute.addChildren([
        contentIndexRoute,
        blogRoute,
        newPostRoute,
        postRoute,
        faqRoute,
        policiesRoute,
        companyRoute,
        contactRoute,
      ]),
      // ~~ content ~~
      settingsRoute.addChildren([
        settingsIndexRoute,
        settingsSiteRoute,
        settingsShippingRoute,
        settingsWorkshopRoute,
        settingsPaymentsRoute,
      ]),
      // ~~ settings ~~
    ]),
    printRoute,
  ]),
]);

/**
 * The router over {@link routeTree} at `/admin`, with the query client in every route's context.
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
