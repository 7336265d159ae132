/**
 * The blog's search params and the comment form (spec sections 2 and 5), with the
 * spec's messages. zod/mini, like every schema of the SPA.
 */
import * as z from 'zod/mini';
import { BLOG_MESSAGES } from './messages';

/** The contract's limit on a comment (CommentCreate.content maxLength). */
export const COMMENT_MAX_LENGTH = 4000;

export type { BlogListSearch } from '../../../common/blog-list-search';

/** The comment and reply form: the text is trimmed and must not be blank ('Please enter your comment.'). */
export const commentSchema = z.object({
  content: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, BLOG_MESSAGES.commentRequired),
      z.maxLength(
        COMMENT_MAX_LENGTH,
        `Please keep your comment to ${COMMENT_MAX_LENGTH} characters or fewer.`,
      ),
    ),
});
export type CommentValues = z.infer<typeof commentSchema>;
