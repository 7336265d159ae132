import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useIsLoggedIn } from '../../api/use-session';
import { LoginLink } from '../auth/login-link';
import { useTransientMessage } from '../../components/use-transient-message';
import { reviewEligibilityQuery, reviewErrorMessage, useCreateReview } from './api';
import { DEFAULT_RATING, REVIEW_MAX_LENGTH, REVIEW_MESSAGES } from './messages';
import { reviewSchema, type ReviewValues } from './schemas';
import { StarRatingInput } from './star-rating-input';
import './reviews.css';
import { PostForm } from '../../components/post-form';

const EMPTY: ReviewValues = { rating: DEFAULT_RATING, comment: '', incentivised: false };

interface ReviewFormProps {
  /** The product's id; a missing id is refused with 'Product ID is required to submit a review.' */
  productId: number | null | undefined;
  /** The product's slug: the login link comes back to /products/{slug}#reviews. */
  slug: string;
}

function ReviewFormFields({ productId, slug }: ReviewFormProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const commentId = `${id}-comment`;
  const errorId = `${id}-comment-error`;
  const incentivisedId = `${id}-incentivised`;
  const createReview = useCreateReview(slug);
  const [message, setMessage] = useTransientMessage();
  const form = useForm<ReviewValues>({ resolver: zodResolver(reviewSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const commentError = errors.comment?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const review = await createReview.mutateAsync({ product: productId, ...values });
      form.reset(EMPTY);
      setMessage({
        kind: 'success',
        text:
          review?.is_approved === false
            ? REVIEW_MESSAGES.awaitsApproval
            : REVIEW_MESSAGES.submitted,
      });
    } catch (error) {
      setMessage({ kind: 'error', text: reviewErrorMessage(error) });
    }
  });

  return (
    <PostForm className="review-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className="review-form__title">
        Write a review
      </h3>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            legend="Your rating"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      {errors.rating?.message ? (
        <p className="review-form__error">{errors.rating.message}</p>
      ) : null}
      <label htmlFor={commentId} className="review-form__label">
        Your review
      </label>
      <textarea
        id={commentId}
        className="review-form__input"
        rows={4}
        maxLength={REVIEW_MAX_LENGTH}
        placeholder="How does it look, feel and work?"
        aria-invalid={commentError ? true : undefined}
        aria-describedby={commentError ? errorId : undefined}
        {...form.register('comment')}
      />
      {commentError ? (
        <p id={errorId} className="review-form__error">
          {commentError}
        </p>
      ) : null}
      <div className="review-form__check">
        <input
          id={incentivisedId}
          type="checkbox"
          className="review-form__checkbox"
          {...form.register('incentivised')}
        />
        <label htmlFor={incentivisedId} className="review-form__check-label">
          {REVIEW_MESSAGES.incentivisedLabel}
        </label>
      </div>
      <button type="submit" className="button-primary review-form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting…' : 'Submit Review'}
      </button>
      <div className="review-form__message" aria-live="polite">
        {message ? (
          <p
            className={`review-message review-message--${message.kind}`}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        ) : null}
      </div>
    </PostForm>
  );
}

/**
 * The form for a signed-in customer: shown only to one who bought the piece and has not
 * reviewed it yet (decision 085, `GET /products/reviews/eligibility/`); anyone else reads why
 * in its place (the server's words: "Only customers who bought this piece can review it.",
 * "You have already reviewed this product."). While the answer is on its way, an empty line.
 */
function CustomerReview({ productId, slug }: ReviewFormProps) {
  const eligibility = useQuery({
    ...reviewEligibilityQuery(productId ?? 0),
    enabled: Boolean(productId),
  });
  // A failed check shows the form: the server refuses a non-buyer's review with the same words.
  if (eligibility.isPending && productId) {
    return (
      <p className="review-prompt" aria-hidden="true">
        {'\u00a0'}
      </p>
    );
  }
  if (eligibility.data && !eligibility.data.can_review) {
    return (
      <p className="review-prompt" data-testid="review-refusal">
        {eligibility.data.detail ?? REVIEW_MESSAGES.notABuyer}
      </p>
    );
  }
  return <ReviewFormFields productId={productId} slug={slug} />;
}

/**
 * The product page's review form (spec sections 2, 4, 5, 8 and 9): 1-5 stars (5 by default,
 * keyboard operable), a comment and the optional tick "I received something in return for this
 * review" (decision 085). Only a customer who bought the piece gets the form (see
 * CustomerReview); a visitor reads "Only customers who bought this piece can review it." and
 * is asked to log in. 'Please enter your review comment.' for a blank one;
 * success shows 'Review submitted successfully!' for 3 s, clears the form and puts the review
 * at the top of the list with the count and average recomputed; a failure shows the server's
 * detail (a second review answers 409), else its field errors, else 'Failed to submit review.
 * Please try again.' for 5 s. A logged-out shopper sees 'You must be logged in to write a
 * review.' with a login link that comes back to the reviews; the form follows the login state
 * as it changes, read on the client only (architecture convention 13).
 */
export function ReviewForm({ productId, slug }: ReviewFormProps) {
  const loggedIn = useIsLoggedIn();
  // Not known in a server render: an empty line where the prompt or the form will be.
  if (loggedIn === undefined)
    return (
      <p className="review-prompt" aria-hidden="true">
        {'\u00a0'}
      </p>
    );
  if (!loggedIn) {
    return (
      <p className="review-prompt">
        {REVIEW_MESSAGES.buyersOnly} {REVIEW_MESSAGES.loginToReview}{' '}
        <LoginLink redirect={`/products/${slug}#reviews`} className="review-link">
          Log in
        </LoginLink>
      </p>
    );
  }
  return <CustomerReview productId={productId} slug={slug} />;
}
