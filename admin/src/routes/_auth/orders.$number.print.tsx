import { createFileRoute } from '@tanstack/react-router';
import { PackingSlipPage } from '../../features/orders/packing-slip';

/** `/orders/$number/print`: the packing slip, without the frame. */
export const Route = createFileRoute('/_auth/orders/$number/print')({
  component: PackingSlipPage,
});
