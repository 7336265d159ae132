import { createFileRoute } from '@tanstack/react-router';
import { ShippingPage } from '../../../features/settings/shipping-page';

/** `/settings/shipping`: delivery zones and methods. */
export const Route = createFileRoute('/_auth/_shell/settings/shipping')({
  component: ShippingPage,
});
