import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../api/errors';
import { deferredForm } from '../components/deferred-form';
import { loadSanitizer } from '../components/sanitizer';
import { productQuery } from '../features/catalog/api';
import { siteSettingsQuery } from '../features/site/api';
import { ProductDetailError, ProductDetailPage } from '../features/catalog/product-detail-page';
import { productSummary } from '../features/catalog/product-summary';
import { productHead } from '../features/catalog/seo';
import { ProductDetailSkeleton } from '../features/catalog/skeletons';
import { ensureOrNotFound } from './-not-found';

/** The reviews feature's form beside the product's reviews, loaded when the shopper reaches for it. */
const ReviewForm = deferredForm(() =>
  import('../features/reviews/review-form').then((m) => m.ReviewForm),
);

/**
 * `/products/{slug}`: the product page (spec section 2). An unknown slug is the router's
 * not-found (HTTP 404 on the server) showing 'Product not found.'. The loader returns only
 * the few fields the head needs (with the shop's shipping options, for the structured data's
 * delivery and returns); the page itself reads the product query.
 */
export const Route = createFileRoute('/products/$slug')({
  loader: async ({ context: { queryClient, origin }, params }) => {
    const [product, shipping, settings] = await Promise.all([
      ensureOrNotFound(queryClient, productQuery(params.slug)),
      // The shop's delivery rates, for the head's shipping details and return policy: one
      // small answer the same for every piece (kept five minutes), which the age note uses
      // after hydration too. Its failure only leaves delivery out of the structured data, at
      // once: no retries holding the page back in the browser. The shipping feature's query
      // module is imported here, not at the top: a server-rendered page runs no loader in the
      // browser, so its first load does not fetch that module (1 KB) for a head it already has.
      import('../features/shipping/api')
        .then(({ shippingOptionsQuery }) =>
          queryClient.ensureQueryData({ ...shippingOptionsQuery(), retry: false }),
        )
        .catch(() => null),
      // The shop's currency, for the offer's price and delivery rates: the root loader's
      // settings (one request for both, none once they are cached).
      queryClient.ensureQueryData(siteSettingsQuery()).catch(() => null),
      loadSanitizer(),
    ]);
    // An answer without a product is the page's own message, not a failed load.
    return product
      ? productSummary(product, shipping, origin, settings?.currency ?? null)
      : undefined;
  },
  head: ({ matches, loaderData }) => productHead(matches, loaderData),
  component: ProductDetailRoute,
  pendingComponent: ProductDetailSkeleton,
  errorComponent: ProductDetailErrorRoute,
  notFoundComponent: ProductNotFound,
});

function ProductDetailRoute() {
  const { slug } = Route.useParams();
  return (
    <ProductDetailPage
      slug={slug}
      reviewForm={(product) => <ReviewForm productId={product.id} slug={product.slug} />}
    />
  );
}

function ProductDetailErrorRoute({ error }: ErrorComponentProps) {
  return <ProductDetailError error={error} />;
}

function ProductNotFound() {
  return <ProductDetailError error={new ApiError(404, { detail: 'Not found.' })} />;
}
