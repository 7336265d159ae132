import { createFileRoute } from '@tanstack/react-router';
import { validateOrdersSearch } from '../../../features/orders/search';
import { OrdersPage } from '../../../features/orders/orders-page';

/** `/orders`: the order list, its filters in the URL. */
export const Route = createFileRoute('/_auth/_shell/orders/')({
  validateSearch: validateOrdersSearch,
  component: OrdersPage,
});
