/**
 * The review form (spec sections 3, 5 and 9): a whole rating from 1 to 5 and a comment
 * that is not blank after trimming. zod/mini, like every schema of the SPA.
 */
import * as z from 'zod/mini';
import { requiredText } from '../../components/form-text';
import { MAX_RATING, MIN_RATING, REVIEW_MAX_LENGTH, REVIEW_MESSAGES } from './messages';

export const reviewSchema = z.object({
  rating: z
    .number()
    .check(
      z.int(REVIEW_MESSAGES.ratingRange),
      z.gte(MIN_RATING, REVIEW_MESSAGES.ratingRange),
      z.lte(MAX_RATING, REVIEW_MESSAGES.ratingRange),
    ),
  comment: requiredText(REVIEW_MESSAGES.commentRequired, REVIEW_MAX_LENGTH, 'review'),
  /** Decision 085: the reviewer received something in return (optional tick). */
  incentivised: z.optional(z.boolean()),
});
export type ReviewValues = z.infer<typeof reviewSchema>;
