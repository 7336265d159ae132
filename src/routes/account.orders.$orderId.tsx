import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../components/not-found-page';
import { OrderDetailPage } from '../features/orders/order-pages';
import { privatePageHead } from '../features/site/seo';

/** `/account/orders/{id}`: one of the shopper's orders; a non-numeric id is the 404 page. */
export const Route = createFileRoute('/account/orders/$orderId')({
  head: ({ matches }) => privatePageHead(matches, 'Order'),
  component: OrderRoute,
});

function OrderRoute() {
  const { orderId } = Route.useParams();
  const id = /^[1-9]\d{0,15}$/.test(orderId) ? Number(orderId) : null;
  return id === null ? <NotFoundPage /> : <OrderDetailPage orderId={id} />;
}
