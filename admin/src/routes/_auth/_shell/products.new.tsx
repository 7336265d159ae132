import { createFileRoute } from '@tanstack/react-router';
import { NewProductPage } from '../../../features/products/product-page';

/** `/products/new`: a new product. */
export const Route = createFileRoute('/_auth/_shell/products/new')({
  component: NewProductPage,
});
