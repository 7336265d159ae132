/** The review form's words (spec sections 5, 8 and 9), worded exactly as the spec has them. */
export const REVIEW_MESSAGES = {
  commentRequired: 'Please enter your review comment.',
  productIdRequired: 'Product ID is required to submit a review.',
  submitted: 'Review submitted successfully!',
  failed: 'Failed to submit review. Please try again.',
  loginToReview: 'You must be logged in to write a review.',
  /** Not worded by the spec ("rating is 1-5 stars"); the star radios never let it happen. */
  ratingRange: 'Please choose a rating from 1 to 5 stars.',
  /**
   * Not in the spec: the shop moderates reviews, or the review is full of links
   * (docs/spec-deviations.md); the same words as a comment waiting for approval.
   */
  awaitsApproval: 'Thank you! Your review will appear once it has been approved.',
  /**
   * Not in the spec (decision 085, only buyers review): what a signed-in customer who did not
   * buy the piece reads in place of the form, the server's own words for its 403.
   */
  notABuyer: 'Only customers who bought this piece can review it.',
  /** Decision 085: a visitor is told who may review before being asked to sign in. */
  buyersOnly: 'Only customers who bought this piece can review it.',
  /** The optional tick of the form (decision 085, incentivised reviews). */
  incentivisedLabel: 'I received something in return for this review (a free piece, a discount)',
} as const;

/** Spec section 9: a review's rating is a whole number of stars from 1 to 5, 5 by default. */
export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const DEFAULT_RATING = 5;

/** The contract's limit on a review (ReviewCreate.comment maxLength). */
export const REVIEW_MAX_LENGTH = 4000;
