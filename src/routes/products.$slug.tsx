import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { productQuery } from '../features/catalog/api';
import { ProductDetailError, ProductDetailPage } from '../features/catalog/product-detail-page';
import { ProductDetailSkeleton } from '../features/catalog/skeletons';

/** `/products/{slug}`: the product page (spec section 2). */
export const Route = createFileRoute('/products/$slug')({
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(productQuery(params.slug)),
  component: ProductDetailRoute,
  pendingComponent: ProductDetailSkeleton,
  errorComponent: ProductDetailErrorRoute,
});

function ProductDetailRoute() {
  const { slug } = Route.useParams();
  return <ProductDetailPage slug={slug} />;
}

function ProductDetailErrorRoute({ error }: ErrorComponentProps) {
  return <ProductDetailError error={error} />;
}
