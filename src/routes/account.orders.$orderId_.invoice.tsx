import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../components/not-found-page';
import { InvoicePage } from '../features/invoice/invoice-page';
import { privatePageHead } from '../features/site/seo';

/**
 * `/account/orders/{id}/invoice`: the printable invoice of one of the shopper's orders (issue
 * 29); a route chunk of its own, loaded only here. A non-numeric id is the 404 page.
 */
export const Route = createFileRoute('/account/orders/$orderId_/invoice')({
  head: ({ matches }) => privatePageHead(matches, 'Invoice'),
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const { orderId } = Route.useParams();
  const id = /^[1-9]\d{0,15}$/.test(orderId) ? Number(orderId) : null;
  return id === null ? <NotFoundPage /> : <InvoicePage orderId={id} />;
}
