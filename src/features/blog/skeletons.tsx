/*
 * Pending states of the blog routes, shaped like the pages so nothing jumps (architecture
 * convention 6). Router pending components are not code-split, so they live here, away from
 * the pages (and from DOMPurify), to keep the entry bundle small.
 */
import { BlogListHeader } from './blog-list-header';
import { BusyRegion } from '../../components/busy-region';
import './blog.css';

function Bar({ className = '' }: { className?: string }) {
  return <span className={`blog-skeleton ${className}`} />;
}

/** Pending state of /blog: the heading and a grid of card-shaped placeholders. */
export function BlogListSkeleton() {
  return (
    <section className="page-container blog-list" aria-busy="true">
      <BlogListHeader />
      <p role="status" className="visually-hidden">
        Loading blog posts…
      </p>
      <ul className="blog-grid" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="blog-grid__item">
            <div className="blog-card blog-card--skeleton">
              <div className="blog-card__media blog-skeleton" />
              <div className="blog-card__body">
                <Bar className="blog-skeleton--heading" />
                <Bar className="blog-skeleton--line" />
                <Bar className="blog-skeleton--line blog-skeleton--short" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Placeholder comments while the thread loads (inside the comments section). */
export function CommentsSkeleton() {
  return (
    <BusyRegion className="blog-comments__skeleton" status="Loading comments…">
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="blog-comment__body" aria-hidden="true">
          <Bar className="blog-skeleton--line blog-skeleton--short" />
          <Bar className="blog-skeleton--line" />
          <Bar className="blog-skeleton--line blog-skeleton--medium" />
        </div>
      ))}
    </BusyRegion>
  );
}

/** Pending state of /blog/{slug}: title, byline, image and paragraphs of the post's shape. */
export function BlogPostSkeleton() {
  return (
    <BusyRegion className="page-container blog-post-page" status="Loading post…">
      <div className="blog-post" aria-hidden="true">
        <div className="blog-post__header">
          <Bar className="blog-skeleton--line blog-skeleton--tiny" />
          <Bar className="blog-skeleton--title" />
          <Bar className="blog-skeleton--line blog-skeleton--short" />
        </div>
        <div className="blog-post__image blog-skeleton blog-skeleton--image" />
        <div className="blog-prose">
          <Bar className="blog-skeleton--line" />
          <Bar className="blog-skeleton--line" />
          <Bar className="blog-skeleton--line blog-skeleton--medium" />
          <Bar className="blog-skeleton--line" />
          <Bar className="blog-skeleton--line blog-skeleton--short" />
        </div>
      </div>
    </BusyRegion>
  );
}
