import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { pageSearch } from '../../../components/page-search';
import { BlogListPage } from '../../../features/content/blog-list-page';

/** `/content/blog?status=&page=`: the blog's posts. */
export const Route = createFileRoute('/_auth/_shell/content/blog/')({
  validateSearch: z.object({
    status: z.enum(['draft', 'published', 'archived']).optional().catch(undefined),
    page: pageSearch,
  }),
  component: BlogListPage,
});
