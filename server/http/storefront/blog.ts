/**
 * Blog operations (spec sections 2, 3, 5 and 7): published posts, a post's approved comments
 * as a tree, and new comments and replies by signed-in customers. The rules are
 * server/content/blog.ts and comments.ts; a post that is not published answers 404
 * `{"detail":"Not found."}` like a slug that exists nowhere (decision 003).
 */
import { loadPublishedPost, loadPublishedPostPage } from '../../content/blog.ts';
import { loadApprovedComments, postComment } from '../../content/comments.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';
import { pageUrl } from '../pagination.ts';

/**
 * GET /blog/posts/?status=published&page&page_size -> PaginatedBlogPostList of the shop's
 * published posts, newest first (12 per page by default, at most 100). `status` may only be
 * `published` (the contract's enum); without it the answer is the same. A page past the last
 * answers 404 `{"detail":"Invalid page."}` as DRF does; page 1 is always valid.
 */
export const listBlogPosts: OperationHandler<'listBlogPosts'> = async (request) => {
  const { count, results, page, hasNext } = await loadPublishedPostPage(
    request.server.db,
    request.tenant.id,
    request.query,
  );
  return {
    count,
    next: hasNext ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, page - 1) : null,
    results,
  };
};

/** GET /blog/posts/{slug}/ -> BlogPost; 404 `{"detail":"Not found."}` unless it is published. */
export const getBlogPost: OperationHandler<'getBlogPost'> = async (request) =>
  loadPublishedPost(request.server.db, request.tenant.id, request.params.slug);

/**
 * GET /blog/comments/?post={id}&is_approved=true -> the post's approved top-level comments,
 * newest first, each with its approved replies nested (newest first); `is_approved=false`
 * answers an empty list. 404 `{"detail":"Not found."}` when the post is not a published post
 * of this shop.
 */
export const listComments: OperationHandler<'listComments'> = async (request) =>
  loadApprovedComments(
    request.server.db,
    request.tenant.id,
    request.query.post,
    request.query.is_approved,
  );

/**
 * POST /blog/comments/ `{post, content, parent?}` -> 201 Comment (`replies: []`), approved at
 * once or awaiting moderation as the shop's setting says. Errors: 400 for blank content, a NUL
 * character, a parent of another post or a reply nested too deep; 404 `{"detail":"Not found."}`
 * when the post is not a published post of this shop or the parent not an approved comment of
 * it; 401 without a valid bearer token (the contract's security).
 */
export const createComment: OperationHandler<'createComment'> = async (request, reply) => {
  const tenantId = request.tenant.id;
  const comment = await postComment(
    request.server.db,
    tenantId,
    requireUser(request),
    request.body,
  );
  // The post's server-rendered page shows its approved comments: drop the rendered pages
  // (the page cache follows the catalogue cache's invalidation; decision 008).
  if (comment.is_approved) request.server.catalogCache.invalidate(tenantId);
  reply.code(201);
  return comment;
};
