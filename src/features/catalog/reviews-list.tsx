import { isLoggedIn } from '../../auth/token-storage';
import type { Review } from './api';
import { LoginLink } from '../../components/login-link';
import { StarRating } from './star-rating';

/** A review's date in the shopper's locale (architecture: time in ISO UTC, shown locally). */
function reviewDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/**
 * The reviews section of the product page (spec sections 2, 3 and 5), with `id="reviews"` for
 * the rating link: stars, author ('Anonymous User' when missing), '(Verified Purchase)', the
 * date and the comment; 'No reviews yet' when empty; a login prompt for visitors.
 */
export function ReviewsList({ reviews, slug }: { reviews: Review[]; slug: string }) {
  return (
    <section id="reviews" className="catalog-reviews" aria-labelledby="catalog-reviews-title">
      <h2 id="catalog-reviews-title" className="catalog-section-title">
        Customer Reviews
      </h2>
      {reviews.length === 0 ? (
        <p className="catalog-empty catalog-empty--inline">No reviews yet</p>
      ) : (
        <ul className="catalog-reviews__list">
          {reviews.map((review) => (
            <li key={review.id} className="catalog-review">
              <div className="catalog-review__head">
                <StarRating rating={review.rating} size={16} />
                <span className="catalog-review__author">
                  {review.user?.username || 'Anonymous User'}
                </span>
                {review.is_verified_purchase ? (
                  <span className="catalog-review__verified">(Verified Purchase)</span>
                ) : null}
                <time className="catalog-review__date" dateTime={review.created_at}>
                  {reviewDate(review.created_at)}
                </time>
              </div>
              <p className="catalog-review__comment">{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
      {isLoggedIn() ? null : (
        <p className="catalog-reviews__prompt">
          You must be logged in to write a review.{' '}
          <LoginLink redirect={`/products/${slug}`} className="catalog-link">
            Log in
          </LoginLink>
        </p>
      )}
    </section>
  );
}
