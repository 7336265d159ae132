import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  HeadContent,
  Outlet,
  Scripts,
  createRootRouteWithContext,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import { releaseDeferredForms } from '../components/deferred-intent';
import { NotFoundPage } from '../components/not-found-page';
// The header's own module, not catalog/api: that one holds the catalogue pages' queries.
import { categoriesQuery } from '../features/catalog/header-queries';
import { siteSettingsQuery } from '../features/site/api';
import { rootHead, type RootLoaderData } from '../features/site/seo';
import { startConsent } from '../features/consent/api';
import { SiteFrame } from '../app/site-frame';

/** What every route's loader gets (architecture: loaders call `context.queryClient.ensureQueryData`). */
export interface RouterContext {
  queryClient: QueryClient;
  /**
   * The storefront's origin (`https://shop.example`), for canonical and Open Graph addresses:
   * the request's on the server, `location.origin` in the browser.
   */
  origin: string;
}

/**
 * The root route: the HTML document (decision 008: the server renders it whole and the browser
 * hydrates it), its head from every matched route's `head` (spec section 1's title and
 * description rules here, each page's own in its route), and the shared frame of spec
 * section 2 around every page (none on /test).
 *
 * The loader fills what the frame shows on every page (site settings for the logo, footer and
 * head; categories for the SHOP menu), so a server-rendered page has them without a second
 * request. Neither failure is a page error: the frame shows its own fallbacks.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  loader: async ({ context: { queryClient, origin } }): Promise<RootLoaderData> => {
    const [settings] = await Promise.all([
      queryClient.ensureQueryData(siteSettingsQuery()).catch(() => null),
      queryClient.prefetchQuery(categoriesQuery()),
    ]);
    return { origin, settings: settings ?? null };
  },
  head: ({ loaderData, matches }) => rootHead(loaderData, matches),
  component: RootDocument,
  notFoundComponent: NotFoundPage,
});

function RootDocument() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Spec section 1's analytics script, only with the visitor's consent (PECR reg. 6): with an
  // analytics id, the consent code loads after hydration, runs the Google tag if the visitor
  // accepted it, or asks. Title, description and favicon are this route's head (seo.ts).
  const analyticsId = useQuery(siteSettingsQuery()).data?.google_analytics_id;
  useEffect(() => startConsent(analyticsId), [analyticsId]);
  // Marks the page interactive (hydrated, or rendered in the browser): end-to-end tests wait
  // for it before they click, since a server-rendered page is visible before its scripts run.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Forms wait for the shopper's intent only on the server-rendered page they arrived on.
  const router = useRouter();
  useEffect(() => router.subscribe('onBeforeNavigate', releaseDeferredForms), [router]);
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        <div id="root">
          <SiteFrame pathname={pathname}>
            <Outlet />
          </SiteFrame>
        </div>
        <Scripts />
      </body>
    </html>
  );
}
