import { createFileRoute } from '@tanstack/react-router';
import { pageParam } from '../../common/search-params';
import { OrderListPage } from '../features/orders/order-pages';
import { privatePageHead } from '../features/site/seo';

/** `/account/orders?page=`: the shopper's order history; loads in the browser. */
export const Route = createFileRoute('/account/orders/')({
  head: ({ matches }) => privatePageHead(matches, 'Your Orders'),
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({
    page: pageParam(search.page),
  }),
  component: OrdersRoute,
});

function OrdersRoute() {
  const { page } = Route.useSearch();
  return <OrderListPage page={page ?? 1} />;
}
