/**
 * The blog's search params and the comment form (spec sections 2 and 5), with the
 * spec's messages. zod/mini, like every schema of the SPA.
 */
import * as z from 'zod/mini';
import { requiredText } from '../../components/form-text';
import { BLOG_MESSAGES } from './messages';

/** The contract's limit on a comment (CommentCreate.content maxLength). */
export const COMMENT_MAX_LENGTH = 4000;

export type { BlogListSearch } from '../../../common/blog-list-search';

/** The comment and reply form: the text is trimmed and must not be blank ('Please enter your comment.'). */
export const commentSchema = z.object({
  content: requiredText(BLOG_MESSAGES.commentRequired, COMMENT_MAX_LENGTH, 'comment'),
});
export type CommentValues = z.infer<typeof commentSchema>;
