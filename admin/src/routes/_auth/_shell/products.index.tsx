import { createFileRoute } from '@tanstack/react-router';
import { validateProductsSearch } from '../../../features/products/search';
import { ProductsPage } from '../../../features/products/products-page';

/** `/products`: the product list, its filters in the URL. */
export const Route = createFileRoute('/_auth/_shell/products/')({
  validateSearch: validateProductsSearch,
  component: ProductsPage,
});
