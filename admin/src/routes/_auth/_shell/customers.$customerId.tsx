import { createFileRoute } from '@tanstack/react-router';
import { CustomerPage } from '../../../features/customers/customer-page';

/** `/customers/$customerId`: one customer, their orders, addresses, messages and consent. */
export const Route = createFileRoute('/_auth/_shell/customers/$customerId')({
  component: CustomerPage,
});
