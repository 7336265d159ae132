import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../api/errors';
import { loadSanitizer } from '../components/sanitizer';
import { BlogPostUnavailableError, blogPostQuery, commentsQuery } from '../features/blog/api';
import { BlogPostError, BlogPostPage } from '../features/blog/blog-post-page';
import { blogPostHead, postSummary } from '../features/blog/seo';
import { BlogPostSkeleton } from '../features/blog/skeletons';
import { isMissing } from './-not-found';

/**
 * `/blog/{slug}`: a post with its comments (spec section 2). The post must load; the comments
 * are fetched in the same loader, but a failure there is shown inside the comments section
 * (with a retry) instead of hiding the post. A missing or unpublished post is the router's
 * not-found (HTTP 404 on the server).
 */
export const Route = createFileRoute('/blog/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    const [post] = await Promise.all([
      queryClient.ensureQueryData(blogPostQuery(params.slug)).catch((error: unknown) => {
        if (isMissing(error)) throw notFound();
        // Spec section 5: an unpublished post is refused with its own message; still a 404.
        if (error instanceof BlogPostUnavailableError) throw notFound({ data: error.message });
        throw error;
      }),
      loadSanitizer(),
    ]);
    await queryClient.prefetchQuery(commentsQuery(post.id));
    return postSummary(post);
  },
  head: ({ matches, loaderData }) => blogPostHead(matches, loaderData),
  component: BlogPostRoute,
  pendingComponent: BlogPostSkeleton,
  errorComponent: BlogPostErrorRoute,
  notFoundComponent: BlogPostNotFound,
});

function BlogPostRoute() {
  const { slug } = Route.useParams();
  return <BlogPostPage slug={slug} />;
}

function BlogPostErrorRoute({ error, reset }: ErrorComponentProps) {
  return <BlogPostError error={error} reset={reset} />;
}

function BlogPostNotFound({ data }: { data?: unknown }) {
  const error =
    typeof data === 'string'
      ? new BlogPostUnavailableError(data)
      : new ApiError(404, { detail: 'Not found.' });
  return <BlogPostError error={error} />;
}
