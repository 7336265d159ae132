import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { blogPostQuery, commentsQuery } from '../features/blog/api';
import { BlogPostError, BlogPostPage } from '../features/blog/blog-post-page';
import { BlogPostSkeleton } from '../features/blog/skeletons';

/**
 * `/blog/{slug}`: a post with its comments (spec section 2). The post must load; the comments
 * are fetched in the same loader, but a failure there is shown inside the comments section
 * (with a retry) instead of hiding the post.
 */
export const Route = createFileRoute('/blog/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    const post = await queryClient.ensureQueryData(blogPostQuery(params.slug));
    await queryClient.prefetchQuery(commentsQuery(post.id));
  },
  component: BlogPostRoute,
  pendingComponent: BlogPostSkeleton,
  errorComponent: BlogPostErrorRoute,
});

function BlogPostRoute() {
  const { slug } = Route.useParams();
  return <BlogPostPage slug={slug} />;
}

function BlogPostErrorRoute({ error, reset }: ErrorComponentProps) {
  return <BlogPostError error={error} reset={reset} />;
}
