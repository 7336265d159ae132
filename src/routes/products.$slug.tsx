import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../api/errors';
import { loadSanitizer } from '../components/sanitizer';
import { productQuery } from '../features/catalog/api';
import { ProductDetailError, ProductDetailPage } from '../features/catalog/product-detail-page';
import { productHead, productSummary } from '../features/catalog/seo';
import { ProductDetailSkeleton } from '../features/catalog/skeletons';
import { ensureOrNotFound } from './-not-found';

/**
 * `/products/{slug}`: the product page (spec section 2). An unknown slug is the router's
 * not-found (HTTP 404 on the server) showing 'Product not found.'. The loader returns only
 * the few fields the head needs; the page itself reads the product query.
 */
export const Route = createFileRoute('/products/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    const [product] = await Promise.all([
      ensureOrNotFound(queryClient, productQuery(params.slug)),
      loadSanitizer(),
    ]);
    // An answer without a product is the page's own message, not a failed load.
    return product ? productSummary(product) : undefined;
  },
  head: ({ matches, loaderData }) => productHead(matches, loaderData),
  component: ProductDetailRoute,
  pendingComponent: ProductDetailSkeleton,
  errorComponent: ProductDetailErrorRoute,
  notFoundComponent: ProductNotFound,
});

function ProductDetailRoute() {
  const { slug } = Route.useParams();
  return <ProductDetailPage slug={slug} />;
}

function ProductDetailErrorRoute({ error }: ErrorComponentProps) {
  return <ProductDetailError error={error} />;
}

function ProductNotFound() {
  return <ProductDetailError error={new ApiError(404, { detail: 'Not found.' })} />;
}
