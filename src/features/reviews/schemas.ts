/**
 * The review form (spec sections 3, 5 and 9): a whole rating from 1 to 5 and a comment
 * that is not blank after trimming. zod/mini, like every schema of the SPA.
 */
import * as z from 'zod/mini';
import { MAX_RATING, MIN_RATING, REVIEW_MAX_LENGTH, REVIEW_MESSAGES } from './messages';

export const reviewSchema = z.object({
  rating: z
    .number()
    .check(
      z.int(REVIEW_MESSAGES.ratingRange),
      z.gte(MIN_RATING, REVIEW_MESSAGES.ratingRange),
      z.lte(MAX_RATING, REVIEW_MESSAGES.ratingRange),
    ),
  comment: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, REVIEW_MESSAGES.commentRequired),
      z.maxLength(
        REVIEW_MAX_LENGTH,
        `Please keep your review to ${REVIEW_MAX_LENGTH} characters or fewer.`,
      ),
    ),
});
export type ReviewValues = z.infer<typeof reviewSchema>;
