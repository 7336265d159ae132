import { createFileRoute } from '@tanstack/react-router';
import { ownersOnly } from '../../-guards';
import { PromotionsPage } from '../../../features/promotions/promotions-page';

/** `/promotions`: the shop's sales (owners only). */
export const Route = createFileRoute('/_auth/_shell/promotions')({
  beforeLoad: ownersOnly,
  component: PromotionsPage,
});
