import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { loadSanitizer } from '../components/sanitizer';
import { categoryQuery, productsQuery } from '../features/catalog/api';
import { ProductListError, ProductListPage } from '../features/catalog/product-list-page';
import { productListHead, type ProductListHeadData } from '../features/catalog/seo';
import { ProductListSkeleton } from '../features/catalog/skeletons';
import { productListSearchSchema } from '../../common/product-list-search';
import { ensureOrNotFound } from './-not-found';

/**
 * `/products?category=&search=&ordering=&min_price=&max_price=&in_stock=&page=`: the product
 * list (spec section 2; the sort and filters).
 */
export const Route = createFileRoute('/products/')({
  validateSearch: productListSearchSchema,
  loaderDeps: ({ search }) => ({
    category: search.category,
    search: search.search,
    ordering: search.ordering,
    min_price: search.min_price,
    max_price: search.max_price,
    in_stock: search.in_stock,
    page: search.page,
  }),
  loader: async ({ context: { queryClient }, deps }): Promise<ProductListHeadData> => {
    // A page past the last, or a category the shop does not have, is no page: HTTP 404 on the
    // server, never an error screen nor a list titled with whatever the URL says.
    const [, category] = await Promise.all([
      ensureOrNotFound(queryClient, productsQuery(deps)),
      deps.category ? ensureOrNotFound(queryClient, categoryQuery(deps.category)) : undefined,
      deps.category ? loadSanitizer() : undefined,
    ]);
    return {
      search: deps.search,
      categorySlug: deps.category,
      category: category
        ? { slug: category.slug, name: category.name, description: category.description }
        : null,
    };
  },
  head: ({ matches, loaderData }) => productListHead(matches, loaderData),
  component: ProductListRoute,
  pendingComponent: ProductListSkeleton,
  errorComponent: ProductListErrorRoute,
});

function ProductListRoute() {
  return <ProductListPage search={Route.useSearch()} />;
}

function ProductListErrorRoute({ error }: ErrorComponentProps) {
  return <ProductListError error={error} search={Route.useSearch()} />;
}
