import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDate, useLocalDates } from '../../components/local-dates';
import type { Review } from './api';
import { formatAverage, reviewCountLabel } from './product-logic';
import { StarRating } from './star-rating';

/**
 * Decision 085 (DMCC Act 2024 Sch. 20 paras 13-14; Directive 2005/29/EC art. 7(6), Annex I
 * points 23b-23c): the label every review shown carries, whether it is a verified purchase or
 * not, the label of an incentivised one, and the link to the shop's review policy.
 */
export const REVIEW_LABELS = {
  verified: 'Verified purchase',
  notVerified: 'Not a verified purchase',
  incentivised:
    'Incentivised review: the reviewer received something in return (a free piece, a discount or a payment).',
  policyLink: 'How we check reviews',
} as const;

interface ReviewsListProps {
  reviews: Review[];
  averageRating: number | null | undefined;
  reviewCount: number;
  /** The review form, or the login prompt in its place (from the reviews feature). */
  form?: ReactNode;
}

/**
 * The reviews section of the product page (spec sections 2, 3 and 5), with `id="reviews"` for
 * the rating link: the average and the count, the review form beside the list, then each
 * review with its stars, author ('Anonymous User' when missing), 'Verified purchase' or 'Not a
 * verified purchase', the date, the label of an incentivised review, the comment as text, and
 * the shop's reply under it (the shop's name, 'Shop reply', the text); 'No reviews yet' when
 * empty. 'How we check reviews' links to /review-policy under the form (decision 085).
 */
export function ReviewsList({ reviews, averageRating, reviewCount, form }: ReviewsListProps) {
  const rated = reviewCount > 0 && averageRating != null;
  const local = useLocalDates();
  return (
    <section id="reviews" className="catalog-reviews" aria-labelledby="catalog-reviews-title">
      <h2 id="catalog-reviews-title" className="catalog-section-title">
        Customer Reviews
      </h2>
      <div className="catalog-reviews__layout">
        <div className="catalog-reviews__aside">
          {rated ? (
            <div className="catalog-reviews__summary" data-testid="reviews-summary">
              <span className="catalog-reviews__average">{formatAverage(averageRating)}</span>
              <span className="catalog-reviews__summary-text">
                <StarRating rating={averageRating} />
                <span className="catalog-reviews__count">
                  Based on {reviewCountLabel(reviewCount)}
                </span>
              </span>
            </div>
          ) : null}
          {form}
          <p className="catalog-reviews__policy">
            <Link to="/review-policy" className="catalog-reviews__policy-link">
              {REVIEW_LABELS.policyLink}
            </Link>
          </p>
        </div>
        <div className="catalog-reviews__main">
          {reviews.length === 0 ? (
            <p className="catalog-empty catalog-empty--inline">No reviews yet</p>
          ) : (
            <ul className="catalog-reviews__list" aria-label="Reviews">
              {reviews.map((review) => (
                <li key={review.id} className="catalog-review" data-testid="review">
                  <div className="catalog-review__head">
                    <StarRating rating={review.rating} size={16} />
                    <span className="catalog-review__author">
                      {review.user?.username || 'Anonymous User'}
                    </span>
                    {review.is_verified_purchase ? (
                      <span className="catalog-review__verified">{REVIEW_LABELS.verified}</span>
                    ) : (
                      <span className="catalog-review__unverified">
                        {REVIEW_LABELS.notVerified}
                      </span>
                    )}
                    <time className="catalog-review__date" dateTime={review.created_at}>
                      {formatDate(review.created_at, 'medium', local)}
                    </time>
                  </div>
                  {review.incentivised ? (
                    <p className="catalog-review__incentivised" data-testid="review-incentivised">
                      {REVIEW_LABELS.incentivised}
                    </p>
                  ) : null}
                  <p className="catalog-review__comment">{review.comment}</p>
                  {review.shop_reply ? (
                    <div className="catalog-review__reply" data-testid="shop-reply">
                      <p className="catalog-review__reply-head">
                        <span className="catalog-review__reply-author">
                          {review.shop_reply.shop_name}
                        </span>{' '}
                        <span className="catalog-review__reply-badge">Shop reply</span>
                      </p>
                      <p className="catalog-review__reply-text">{review.shop_reply.content}</p>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
