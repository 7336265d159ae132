import { createFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../../../features/settings/payments-page';

/** `/settings/payments`: payment methods and the card provider. */
export const Route = createFileRoute('/_auth/_shell/settings/payments')({
  component: PaymentsPage,
});
