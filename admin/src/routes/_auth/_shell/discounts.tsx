import { createFileRoute } from '@tanstack/react-router';
import { ownersOnly } from '../../-guards';
import { DiscountsPage } from '../../../features/discounts/discounts-page';

/** `/discounts`: the shop's discount codes and their report (owners only; issue 42). */
export const Route = createFileRoute('/_auth/_shell/discounts')({
  beforeLoad: ownersOnly,
  component: DiscountsPage,
});
