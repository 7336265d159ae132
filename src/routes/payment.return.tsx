import { createFileRoute } from '@tanstack/react-router';
import { matching } from '../../common/search-params';
import { PaymentReturnPage } from '../features/orders/payment-return-page';
import { privatePageHead } from '../features/site/seo';

/**
 * `/payment/return?paymentId={uuid}`: where the card gateway sends the shopper back (spec
 * section 2). A missing or malformed id falls back to the payment kept in the session.
 */
const paymentReturnSearchSchema = {
  parse: (search: Record<string, unknown>): { paymentId?: string } => ({
    paymentId: matching(search.paymentId, /^[0-9A-Fa-f-]{8,64}$/),
  }),
};

export const Route = createFileRoute('/payment/return')({
  head: ({ matches }) => privatePageHead(matches, 'Payment'),
  validateSearch: paymentReturnSearchSchema,
  component: PaymentReturnRoute,
});

function PaymentReturnRoute() {
  const { paymentId } = Route.useSearch();
  return <PaymentReturnPage paymentId={paymentId} />;
}
