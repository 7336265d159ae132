import { createFileRoute } from '@tanstack/react-router';
import { SitePage } from '../../../features/settings/site-page';

/** `/settings/site`: title, description, analytics, logo and tab icon. */
export const Route = createFileRoute('/_auth/_shell/settings/site')({
  component: SitePage,
});
