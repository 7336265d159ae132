import { createFileRoute } from '@tanstack/react-router';
import { ownersOnly } from '../../-guards';
import { SalesPage } from '../../../features/sales/sales-page';
import { salesSearchSchema } from '../../../features/sales/schemas';

/** `/sales?period=&from=&to=`: the shop's sales and the accountant's exports (owners only). */
export const Route = createFileRoute('/_auth/_shell/sales')({
  beforeLoad: ownersOnly,
  validateSearch: salesSearchSchema,
  component: SalesPage,
});
