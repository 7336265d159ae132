import { createFileRoute } from '@tanstack/react-router';
import { TodayPage } from '../../../features/today/today-page';

/** `/`: Today, the day's work. */
export const Route = createFileRoute('/_auth/_shell/')({
  component: TodayPage,
});
