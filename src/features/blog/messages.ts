/** The blog's words, apart from the code that uses them (spec sections 5, 8 and 9). */

/** The spec's blog and comment messages (sections 5 and 8), worded exactly. */
export const BLOG_MESSAGES = {
  listFailed: 'Failed to load blog posts.',
  postFailed: 'Failed to load blog post or comments.',
  postNotFound: 'Blog post not found or not published.',
  postMissing: 'Blog post not found.',
  notPublished: 'Post not found or not published.',
  noPosts: 'No blog posts have been published yet.',
  noContent: 'No content available.',
  noImage: 'No image',
  noComments: 'No approved comments yet. Be the first!',
  loginToComment: 'You must be logged in to leave a comment.',
  commentRequired: 'Please enter your comment.',
  postIdRequired: 'Post ID is required to submit a comment.',
  commentSubmitted: 'Comment submitted successfully!',
  commentFailed: 'Failed to submit comment. Please try again.',
  /** Not in the spec: the tenant moderates comments (docs/spec-deviations.md). */
  commentAwaitsApproval: 'Thank you! Your comment will appear once it has been approved.',
} as const;

/** Spec section 9: a post without an author is by 'Admin'; a comment without a user by 'Anonymous'. */
export const POST_AUTHOR_FALLBACK = 'Admin';
export const COMMENT_AUTHOR_FALLBACK = 'Anonymous';
