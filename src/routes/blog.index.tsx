import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { blogPostsQuery } from '../features/blog/api';
import { BlogListError, BlogListPage } from '../features/blog/blog-list-page';
import { blogListSearchSchema } from '../../common/blog-list-search';
import { BlogListSkeleton } from '../features/blog/skeletons';
import { pageHead } from '../features/site/seo';
import { ensureOrNotFound } from './-not-found';

/** `/blog?page=`: the published posts (spec section 2). */
export const Route = createFileRoute('/blog/')({
  head: ({ matches }) => pageHead(matches, { title: 'Blog' }),
  validateSearch: blogListSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  // A page past the last is no page: HTTP 404 on the server, not an error screen.
  loader: ({ context: { queryClient }, deps }) =>
    ensureOrNotFound(queryClient, blogPostsQuery(deps)),
  component: BlogListRoute,
  pendingComponent: BlogListSkeleton,
  errorComponent: BlogListErrorRoute,
});

function BlogListRoute() {
  return <BlogListPage search={Route.useSearch()} />;
}

function BlogListErrorRoute({ error, reset }: ErrorComponentProps) {
  return <BlogListError error={error} reset={reset} />;
}
