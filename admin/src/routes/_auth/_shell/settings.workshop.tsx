import { createFileRoute } from '@tanstack/react-router';
import { WorkshopPage } from '../../../features/settings/workshop-page';

/** `/settings/workshop`: working days, dispatch times and the minimum age. */
export const Route = createFileRoute('/_auth/_shell/settings/workshop')({
  component: WorkshopPage,
});
