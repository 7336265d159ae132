import { createFileRoute } from '@tanstack/react-router';
import { OrderConfirmationPage } from '../features/checkout/order-confirmation-page';
import { privatePageHead } from '../features/site/seo';

/** `/order-confirmation`: the order just placed, from the checkout's navigation state (spec section 2). */
export const Route = createFileRoute('/order-confirmation')({
  head: ({ matches }) => privatePageHead(matches, 'Order Confirmation'),
  component: OrderConfirmationPage,
});
