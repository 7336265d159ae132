/**
 * Writing a product review (spec sections 3, 4, 5, 7 and 8): `POST /products/reviews/`
 * with `{product, rating, comment}`. The stored review goes to the top of the product's
 * reviews in the product query, with the review count and the average recomputed (spec
 * section 4), so the page follows without fetching the product again.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError, fieldErrorsMessage } from '../../api/errors';
import { productQuery, type Product, type Review } from '../catalog/api';
import type { components } from '../../../common/storefront-api';
import { MAX_RATING, MIN_RATING, REVIEW_MESSAGES } from './messages';

export type { Review };
export type ReviewEligibility = components['schemas']['ReviewEligibility'];

/**
 * Whether the signed-in customer may review product `productId` now (decision 085: only buyers
 * review): `GET /products/reviews/eligibility/?product=`. Keyed under `['account', ...]` so that
 * signing in or out, which drops the account's queries, drops it too.
 */
export const reviewEligibilityQuery = (productId: number) =>
  queryOptions({
    queryKey: ['account', 'review-eligibility', productId] as const,
    queryFn: async ({ signal }): Promise<ReviewEligibility> => {
      const { data } = await api.GET('/products/reviews/eligibility/', {
        params: { query: { product: productId } },
        signal,
      });
      return data as ReviewEligibility;
    },
    staleTime: 30_000,
  });

/** A review refused before any call (spec section 5). */
export class ReviewRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReviewRuleError';
  }
}

/** What the review form sends; `comment` is trimmed again here. */
export interface NewReview {
  product: number | null | undefined;
  rating: number;
  comment: string;
  /** The reviewer received something in return (decision 085); sent only when true. */
  incentivised?: boolean;
}

/**
 * The product with `review` added (spec section 4): first in `reviews`, `review_count` one
 * more, `average_rating` the mean over the old reviews and the new one. Pure.
 */
export function withNewReview(product: Product, review: Review): Product {
  const previousCount = product.average_rating == null ? 0 : (product.review_count ?? 0);
  const count = previousCount + 1;
  const total = (product.average_rating ?? 0) * previousCount + review.rating;
  return {
    ...product,
    reviews: [review, ...(product.reviews ?? []).filter((r) => r.id !== review.id)],
    review_count: count,
    average_rating: total / count,
  };
}

/**
 * The message for a review that was not accepted (spec section 8): the server's detail (a
 * second review of the same product answers 409 with one), else its field errors as
 * 'field: message; …' (as login shows them), else 'Failed to submit review. Please try again.'.
 * A rule broken before the call shows its own message.
 */
export function reviewErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { detail?: unknown } | null;
    if (typeof body?.detail === 'string' && body.detail.trim()) return body.detail;
    return fieldErrorsMessage(error.body) ?? REVIEW_MESSAGES.failed;
  }
  if (error instanceof ReviewRuleError) return error.message;
  return REVIEW_MESSAGES.failed;
}

/**
 * Posts a review of the product shown at /products/{slug}. Refuses without a call: no product
 * id ('Product ID is required to submit a review.'), a blank comment ('Please enter your review
 * comment.'), a rating that is not a whole number from 1 to 5. On success the product query of
 * `slug` gets the review (see {@link withNewReview}) and product lists are marked stale (their
 * averages changed).
 */
export function useCreateReview(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ product, rating, comment, incentivised }: NewReview): Promise<Review> => {
      if (!product) throw new ReviewRuleError(REVIEW_MESSAGES.productIdRequired);
      if (!Number.isInteger(rating) || rating < MIN_RATING || rating > MAX_RATING) {
        throw new ReviewRuleError(REVIEW_MESSAGES.ratingRange);
      }
      const text = comment.trim();
      if (!text) throw new ReviewRuleError(REVIEW_MESSAGES.commentRequired);
      const { data } = await api.POST('/products/reviews/', {
        body: { product, rating, comment: text, ...(incentivised ? { incentivised: true } : {}) },
      });
      return data as Review;
    },
    // The eligibility query is left as it is: the form stays with its confirmation (a second
    // review answers 409 with its words); the next visit asks again and says it was reviewed.
    onSuccess: (review) => {
      // A review waiting for the shop's approval is not shown (nor counted) until approved.
      if (!review || review.is_approved === false) return;
      queryClient.setQueryData(productQuery(slug).queryKey, (product) =>
        product ? withNewReview(product, review) : product,
      );
      void queryClient.invalidateQueries({ queryKey: ['products', 'list'] });
    },
  });
}
