import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '../../../features/categories/categories-page';

/** `/categories`: the shop's categories. */
export const Route = createFileRoute('/_auth/_shell/categories')({
  component: CategoriesPage,
});
