/**
 * The blog's calls (spec sections 2, 3, 5, 7 and 8): the published posts, one post,
 * its approved comments with their nested replies, and posting a comment or a reply.
 *
 * Keys start with the resource: `['blog-posts','list',{page}]`, `['blog-posts','detail',slug]`
 * and `['blog-comments','list',postId]`. A new comment is put into the comments query from the
 * server's answer (spec section 4: a top-level comment at the top, a reply at the top of its
 * parent's replies), so nothing is fetched again.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError, fieldErrorsMessage, isNotFound } from '../../api/errors';
import { toList } from '../../api/lists';
import type { components } from '../../../common/storefront-api';
import { BLOG_MESSAGES } from './messages';

export type BlogPost = components['schemas']['BlogPost'];
export type Comment = components['schemas']['Comment'];
export type CommentCreate = components['schemas']['CommentCreate'];

/** One page of posts as the SPA uses it, whatever shape the server answered with (spec section 7). */
export interface BlogPostPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: BlogPost[];
}

/** The contract's default page size of the post list, to show "Page 2 of 3". */
export const BLOG_PAGE_SIZE = 12;

/** A post the SPA refuses to show: missing from the answer or not published (spec sections 5, 8). */
export class BlogPostUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlogPostUnavailableError';
  }
}

function toPostPage(data: BlogPost[] | Partial<BlogPostPage> | null | undefined): BlogPostPage {
  if (Array.isArray(data)) return { count: data.length, next: null, previous: null, results: data };
  const results = toList<BlogPost>(data as { results: BlogPost[] } | null | undefined);
  return {
    count: data?.count ?? results.length,
    next: data?.next ?? null,
    previous: data?.previous ?? null,
    results,
  };
}

/**
 * A page of published posts, newest first: `GET /blog/posts/?status=published[&page]`.
 * Key `['blog-posts','list',{page}]` (page 1 as `{}`). Throws `ApiError` on non-2xx.
 */
export const blogPostsQuery = ({ page }: { page?: number } = {}) => {
  const key: { page?: number } = page && page > 1 ? { page } : {};
  return queryOptions({
    queryKey: ['blog-posts', 'list', key] as const,
    queryFn: async ({ signal }): Promise<BlogPostPage> => {
      const { data } = await api.GET('/blog/posts/', {
        params: { query: { status: 'published', ...(key.page ? { page: key.page } : {}) } },
        signal,
      });
      return toPostPage(data as BlogPost[] | BlogPostPage | undefined);
    },
    staleTime: 60_000,
  });
};

/**
 * One published post: `GET /blog/posts/{slug}/`. Key `['blog-posts','detail',slug]`.
 * Throws `ApiError` (404 for an unknown or unpublished post), or
 * {@link BlogPostUnavailableError} with 'Blog post not found.' for an empty answer and
 * 'Post not found or not published.' for a post whose status is not `published`.
 */
export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: ['blog-posts', 'detail', slug] as const,
    queryFn: async ({ signal }): Promise<BlogPost> => {
      const { data } = await api.GET('/blog/posts/{slug}/', {
        params: { path: { slug } },
        signal,
      });
      if (!data) throw new BlogPostUnavailableError(BLOG_MESSAGES.postMissing);
      if (data.status !== 'published') {
        throw new BlogPostUnavailableError(BLOG_MESSAGES.notPublished);
      }
      return data;
    },
    staleTime: 60_000,
  });

/**
 * The approved comments of a post, top level newest first, replies nested at any depth:
 * `GET /blog/comments/?post={id}&is_approved=true`. Key `['blog-comments','list',postId]`.
 * A plain array or a page are both accepted (spec section 7).
 */
export const commentsQuery = (postId: number) =>
  queryOptions({
    queryKey: ['blog-comments', 'list', postId] as const,
    queryFn: async ({ signal }): Promise<Comment[]> => {
      const { data } = await api.GET('/blog/comments/', {
        params: { query: { post: postId, is_approved: true } },
        signal,
      });
      return toList<Comment>(data as Comment[] | { results: Comment[] } | undefined);
    },
    staleTime: 30_000,
  });

/** How many comments a thread holds, replies at every depth included. */
export function countComments(comments: readonly Comment[]): number {
  return comments.reduce((sum, comment) => sum + 1 + countComments(comment.replies ?? []), 0);
}

/**
 * The thread with `comment` added (spec section 4): a top-level comment first in the list, a
 * reply first among its parent's replies, at any depth. A reply whose parent is not in the
 * thread leaves the thread as it was. Pure: the input is not changed.
 */
export function insertComment(thread: readonly Comment[], comment: Comment): Comment[] {
  const added: Comment = { ...comment, replies: comment.replies ?? [] };
  if (comment.parent == null) return [added, ...thread];
  let found = false;
  const walk = (nodes: readonly Comment[]): Comment[] =>
    nodes.map((node) => {
      if (found) return node;
      if (node.id === comment.parent) {
        found = true;
        return { ...node, replies: [added, ...(node.replies ?? [])] };
      }
      const replies = node.replies?.length ? walk(node.replies) : node.replies;
      return replies === node.replies ? node : { ...node, replies };
    });
  const next = walk(thread);
  return found ? next : [...thread];
}

/**
 * The message for a post or list that did not load (spec section 8): 404 'Blog post not found
 * or not published.' (post only), the server's detail, the SPA's own reason (missing or
 * unpublished post), else `fallback` ('Failed to load blog post or comments.' / 'Failed to
 * load blog posts.'). An `ApiError` without a detail shows the fallback, not its status line
 * (docs/spec-deviations.md).
 */
export function blogLoadErrorMessage(
  error: unknown,
  fallback: string,
  { notFound }: { notFound?: string } = {},
): string {
  if (notFound && isNotFound(error)) return notFound;
  if (error instanceof ApiError) {
    const body = error.body as { detail?: unknown } | null;
    return typeof body?.detail === 'string' && body.detail.trim() ? body.detail : fallback;
  }
  if (error instanceof BlogPostUnavailableError) return error.message;
  return fallback;
}

/**
 * The message for a comment that was not accepted (spec section 8): the server's detail, else
 * its field errors as 'field: message; …' (as login shows them), else 'Failed to submit
 * comment. Please try again.'.
 */
export function commentErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { detail?: unknown } | null;
    if (typeof body?.detail === 'string' && body.detail.trim()) return body.detail;
    return fieldErrorsMessage(error.body) ?? BLOG_MESSAGES.commentFailed;
  }
  if (error instanceof CommentRuleError) return error.message;
  return BLOG_MESSAGES.commentFailed;
}

/** A comment refused before any call (spec section 5). */
export class CommentRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommentRuleError';
  }
}

/** What the comment form sends; `content` is trimmed again here. */
export interface NewComment {
  post: number | null | undefined;
  content: string;
  parent?: number | null;
}

/**
 * `POST /blog/comments/` with `{post, content (trimmed), parent}` (spec sections 3, 5 and 7).
 * Refuses without a call: no post id ('Post ID is required to submit a comment.'), blank text
 * ('Please enter your comment.'). The stored comment goes into the post's comments query when
 * it is approved; one awaiting moderation (`is_approved: false`) is not shown, the caller tells
 * the shopper. The post's `comment_count` follows, and the post list is marked stale.
 */
export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, content, parent }: NewComment): Promise<Comment> => {
      if (!post) throw new CommentRuleError(BLOG_MESSAGES.postIdRequired);
      const text = content.trim();
      if (!text) throw new CommentRuleError(BLOG_MESSAGES.commentRequired);
      const { data } = await api.POST('/blog/comments/', {
        body: { post, content: text, parent: parent ?? null },
      });
      return data as Comment;
    },
    onSuccess: (comment, { post }) => {
      if (!comment || !post || comment.is_approved === false) return;
      queryClient.setQueryData(commentsQuery(post).queryKey, (thread) =>
        thread ? insertComment(thread, comment) : thread,
      );
      for (const [key, value] of queryClient.getQueriesData<BlogPost>({
        queryKey: ['blog-posts', 'detail'],
      })) {
        if (value?.id === post) {
          queryClient.setQueryData(key, { ...value, comment_count: value.comment_count + 1 });
        }
      }
      void queryClient.invalidateQueries({ queryKey: ['blog-posts', 'list'] });
    },
  });
}
