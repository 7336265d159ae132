import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '../../../features/customers/customers-page';
import { customersSearchSchema } from '../../../features/customers/schemas';

/** `/customers?search=&page=`: the shop's customers, read-only. */
export const Route = createFileRoute('/_auth/_shell/customers/')({
  validateSearch: customersSearchSchema,
  component: CustomersPage,
});
