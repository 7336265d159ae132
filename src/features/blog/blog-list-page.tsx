import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import {
  BLOG_PAGE_SIZE,
  blogLoadErrorMessage,
  blogPostsQuery,
  type BlogPost,
  type BlogPostPage,
} from './api';
import { BlogListHeader } from './blog-list-header';
import { postByline } from './blog-text';
import { useLocalDates } from '../../components/local-dates';
import { FeaturedImage } from './featured-image';
import { BLOG_MESSAGES } from './messages';
import type { BlogListSearch } from './schemas';
import { useRouteRetry } from './use-route-retry';
import './blog.css';

/**
 * The byline, 'By {author} on {date} | {n} Comment(s)' word for word, laid out as two lines:
 * who and when, then the comment count with a speech-bubble mark. The '|' only separates the
 * two when read aloud or copied, so it is hidden from sight.
 */
function BylineText({ text }: { text: string }) {
  const split = text.lastIndexOf(' | ');
  if (split === -1) return <>{text}</>;
  return (
    <>
      <span className="blog-card__by">{text.slice(0, split)}</span>
      <span className="visually-hidden"> | </span>
      <span className="blog-card__count">
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <path
            d="M4 5h16v11H9l-5 4V5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {text.slice(split + 3)}
      </span>
    </>
  );
}

/**
 * One post in the grid (spec section 2, /blog): the featured image or 'No image', the title,
 * 'By {author or Admin} on {date} | {n} Comment(s)', the excerpt (plain text) when there is one,
 * and 'Read More →'. The title is the card's
 * one link, stretched over the whole card, so a pointer can click anywhere and a keyboard or
 * screen-reader user meets one link per post.
 */
export function BlogPostCard({ post, eager = false }: { post: BlogPost; eager?: boolean }) {
  const local = useLocalDates();
  const bylineId = useId();
  return (
    <article className="blog-card" data-testid="blog-card">
      <div className="blog-card__media">
        <FeaturedImage
          src={post.featured_image}
          className="blog-card__image"
          placeholderClassName="blog-card__placeholder"
          width={640}
          height={400}
          eager={eager}
        />
      </div>
      <div className="blog-card__body">
        <h2 className="blog-card__title">
          <Link
            to="/blog/$slug"
            params={{ slug: post.slug }}
            className="blog-card__link"
            aria-describedby={bylineId}
          >
            {post.title}
          </Link>
        </h2>
        <p id={bylineId} className="blog-card__byline">
          <BylineText text={postByline(post, local)} />
        </p>
        {post.excerpt?.trim() ? <p className="blog-card__excerpt">{post.excerpt}</p> : null}
        <p className="blog-card__more" aria-hidden="true">
          Read More →
        </p>
      </div>
    </article>
  );
}

function Pagination({ current, page }: { current: number; page: BlogPostPage }) {
  if (!page.next && !page.previous) return null;
  const pages = Math.max(1, Math.ceil(page.count / BLOG_PAGE_SIZE), current);
  return (
    <nav className="blog-pagination" aria-label="Pagination">
      {page.previous ? (
        <Link
          to="/blog"
          search={{ page: current - 1 > 1 ? current - 1 : undefined }}
          className="button-secondary"
          rel="prev"
        >
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="blog-pagination__status">
        Page {current} of {pages}
      </span>
      {page.next ? (
        <Link to="/blog" search={{ page: current + 1 }} className="button-secondary" rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * /blog (spec section 2): a grid of post cards, or 'No blog posts have been published yet.',
 * with Previous/Next when the API pages. Suspends on the list query the route's loader filled.
 */
export function BlogListPage({ search }: { search: BlogListSearch }) {
  const { data: page } = useSuspenseQuery(blogPostsQuery({ page: search.page }));
  return (
    <section className="page-container blog-list">
      <BlogListHeader />
      {page.results.length === 0 ? (
        <p className="blog-empty">{BLOG_MESSAGES.noPosts}</p>
      ) : (
        <>
          <ul className="blog-grid" aria-label="Blog posts">
            {page.results.map((post, index) => (
              <li key={post.id} className="blog-grid__item">
                <BlogPostCard post={post} eager={index < 3} />
              </li>
            ))}
          </ul>
          <Pagination current={search.page ?? 1} page={page} />
        </>
      )}
    </section>
  );
}

/**
 * Error state of /blog (spec section 8): the server's detail, else 'Failed to load blog posts.',
 * with 'Try again', which runs the route's loader again.
 */
export function BlogListError({ error, reset }: { error: unknown; reset?: () => void }) {
  const retry = useRouteRetry(reset);
  return (
    <section className="page-container blog-list">
      <BlogListHeader />
      <div className="blog-error" role="alert">
        <p className="blog-error__text">{blogLoadErrorMessage(error, BLOG_MESSAGES.listFailed)}</p>
        <button type="button" className="button-secondary" onClick={retry}>
          Try again
        </button>
      </div>
    </section>
  );
}
