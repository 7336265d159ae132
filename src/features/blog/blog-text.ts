/**
 * The blog's small pieces of text (spec sections 2 and 9), kept pure so they are tested alone.
 */
import { formatDate } from '../../components/local-dates';
import type { BlogPost, Comment } from './api';
import { COMMENT_AUTHOR_FALLBACK, POST_AUTHOR_FALLBACK } from './messages';

/**
 * An ISO 8601 time as a date in the shopper's locale ('October 14, 2026' in en-US), or '' when
 * it is missing or does not parse (architecture: times travel in UTC, show locally). `local`
 * false: en-US in UTC, as a server render and its hydration show it (components/local-dates).
 */
export function formatBlogDate(iso: string | null | undefined, local = true): string {
  return formatDate(iso, 'long', local);
}

/** The post's author: the username, else 'Admin' (spec section 2). */
export function postAuthor(post: Pick<BlogPost, 'author'>): string {
  return post.author?.username?.trim() || POST_AUTHOR_FALLBACK;
}

/** The comment's author: the username, else 'Anonymous' (spec section 2). */
export function commentAuthor(comment: Pick<Comment, 'user'>): string {
  return comment.user?.username?.trim() || COMMENT_AUTHOR_FALLBACK;
}

/**
 * A card's line (spec section 2): 'By {author or Admin} on {date} | {comment_count} Comment(s)';
 * without a publish date, 'By {author} | {n} Comment(s)'.
 */
export function postByline(
  post: Pick<BlogPost, 'author' | 'published_at' | 'comment_count'>,
  local = true,
): string {
  const date = formatBlogDate(post.published_at, local);
  const when = date ? ` on ${date}` : '';
  return `By ${postAuthor(post)}${when} | ${post.comment_count ?? 0} Comment(s)`;
}
