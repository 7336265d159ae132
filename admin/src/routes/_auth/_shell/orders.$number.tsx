import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../../../features/orders/order-page';

/** `/orders/$number`: one order and what can be done with it. */
export const Route = createFileRoute('/_auth/_shell/orders/$number')({
  component: OrderPage,
});
