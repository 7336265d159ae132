import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageSearchParam } from '../api/lists';
import { OrderListPage } from '../features/orders/order-pages';
import { privatePageHead } from '../features/site/seo';

/** `/account/orders?page=`: the shopper's order history (issue 6); loads in the browser. */
export const Route = createFileRoute('/account/orders/')({
  head: ({ matches }) => privatePageHead(matches, 'Your Orders'),
  validateSearch: z.object({ page: pageSearchParam }),
  component: OrdersRoute,
});

function OrdersRoute() {
  const { page } = Route.useSearch();
  return <OrderListPage page={page ?? 1} />;
}
