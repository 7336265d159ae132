import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SanitizedHtml } from '../../components/sanitized-html';
import { isNotFound } from '../../api/errors';
import {
  BlogPostUnavailableError,
  blogLoadErrorMessage,
  blogPostQuery,
  type BlogPost,
} from './api';
import { formatBlogDate, postAuthor } from './blog-text';
import { CommentsSection } from './comments-section';
import { FeaturedImage } from './featured-image';
import { BLOG_MESSAGES } from './messages';
import { useLocalDates } from '../../components/local-dates';
import { useRouteRetry } from './use-route-retry';
import './blog.css';

function BackToBlog() {
  return (
    <Link to="/blog" className="blog-back">
      ← All posts
    </Link>
  );
}

/**
 * A loaded post (spec section 2, /blog/{slug}): title, author ('Admin' when none) and publish
 * date, the featured image (hidden if it fails to load), the HTML content through the one
 * sanitizing component ('No content available.' when empty), then the comments.
 */
export function BlogPostView({ post }: { post: BlogPost }) {
  const date = formatBlogDate(post.published_at, useLocalDates());
  return (
    <div className="page-container blog-post-page">
      <article className="blog-post">
        <header className="blog-post__header">
          <BackToBlog />
          <h1 className="blog-post__title">{post.title}</h1>
          <p className="blog-post__meta">
            By <span className="blog-post__author">{postAuthor(post)}</span>
            {date ? (
              <>
                {' '}
                on <time dateTime={post.published_at ?? undefined}>{date}</time>
              </>
            ) : null}
          </p>
        </header>
        <FeaturedImage
          src={post.featured_image}
          className="blog-post__image"
          width={1200}
          height={750}
          eager
        />
        {post.content?.trim() ? (
          <SanitizedHtml className="blog-prose" html={post.content} />
        ) : (
          <p className="blog-empty blog-empty--inline">{BLOG_MESSAGES.noContent}</p>
        )}
      </article>
      <CommentsSection post={post} />
    </div>
  );
}

/** /blog/{slug}: reads the post query the route's loader filled. */
export function BlogPostPage({ slug }: { slug: string }) {
  const { data: post } = useSuspenseQuery(blogPostQuery(slug));
  return <BlogPostView post={post} />;
}

/**
 * Error state of /blog/{slug} (spec sections 5 and 8): 404 'Blog post not found or not
 * published.', 'Blog post not found.' for an empty answer, 'Post not found or not published.'
 * for a post that is not published, else the server's detail or 'Failed to load blog post or
 * comments.' with 'Try again'. A way back to the blog is always offered.
 */
export function BlogPostError({ error, reset }: { error: unknown; reset?: () => void }) {
  const retry = useRouteRetry(reset);
  const message = blogLoadErrorMessage(error, BLOG_MESSAGES.postFailed, {
    notFound: BLOG_MESSAGES.postNotFound,
  });
  // Asking again will not make a missing or unpublished post appear.
  const canRetry = !isNotFound(error) && !(error instanceof BlogPostUnavailableError);
  return (
    <div className="page-container blog-notice" role="alert">
      <h1 className="blog-notice__text">{message}</h1>
      <div className="blog-notice__actions">
        {canRetry ? (
          <button type="button" className="button-secondary" onClick={retry}>
            Try again
          </button>
        ) : null}
        <Link to="/blog" className="button-primary">
          Back to the blog
        </Link>
      </div>
    </div>
  );
}
