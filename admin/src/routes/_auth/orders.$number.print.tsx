import { createFileRoute } from '@tanstack/react-router';
import { PackingSlipPage, slipSearch } from '../../features/orders/packing-slip';

/** `/orders/$number/print`: the packing slip, without the frame; `?gift=true`, without prices. */
export const Route = createFileRoute('/_auth/orders/$number/print')({
  validateSearch: slipSearch,
  component: PackingSlipPage,
});
