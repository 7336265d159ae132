import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { pageSearch } from '../../../components/page-search';
import { ownersOnly } from '../../-guards';
import { ActivityPage } from '../../../features/activity/activity-page';

/** `/activity?staff_id=&page=`: the activity log (owners only). */
export const Route = createFileRoute('/_auth/_shell/activity')({
  beforeLoad: ownersOnly,
  validateSearch: z.object({
    staff_id: z.coerce.number().int().min(1).optional().catch(undefined),
    page: pageSearch,
  }),
  component: ActivityPage,
});
