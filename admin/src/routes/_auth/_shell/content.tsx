import { createFileRoute } from '@tanstack/react-router';
import { ContentLayout } from '../../../features/content/content-layout';

/** `/content`: the frame of the shop's pages (blog, FAQ, policies, company, contact). */
export const Route = createFileRoute('/_auth/_shell/content')({
  component: ContentLayout,
});
