import { createFileRoute } from '@tanstack/react-router';
import { EditProductPage } from '../../../features/products/product-page';

/** `/products/$productId`: editing a product, its photos and stock. */
export const Route = createFileRoute('/_auth/_shell/products/$productId')({
  component: EditProductPage,
});
