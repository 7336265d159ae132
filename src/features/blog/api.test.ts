import { QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import {
  BlogPostUnavailableError,
  blogLoadErrorMessage,
  blogPostQuery,
  blogPostsQuery,
  commentErrorMessage,
  commentsQuery,
  countComments,
  insertComment,
} from './api';
import { postByline, commentAuthor, postAuthor } from './blog-text';
import { BLOG_MESSAGES } from './messages';
import { commentSchema } from './schemas';
import { makeComment, makePost } from '../../test/blog-fixtures';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ReturnType<typeof vi.fn>;

beforeEach(() => get.mockReset());

function fetchQuery<T>(options: { queryKey: readonly unknown[]; queryFn?: unknown }): Promise<T> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.fetchQuery(options as never) as Promise<T>;
}

describe('insertComment (spec section 4)', () => {
  const thread = [
    makeComment({
      id: 1,
      replies: [
        makeComment({
          id: 2,
          parent: 1,
          replies: [makeComment({ id: 3, parent: 2 })],
        }),
      ],
    }),
    makeComment({ id: 4 }),
  ];

  it('puts a new top-level comment first', () => {
    const next = insertComment(thread, makeComment({ id: 9 }));
    expect(next.map((c) => c.id)).toEqual([9, 1, 4]);
  });

  it('puts a reply first among its parent replies, at any depth', () => {
    const depth2 = insertComment(thread, makeComment({ id: 9, parent: 2 }));
    expect(depth2[0]!.replies[0]!.replies.map((c) => c.id)).toEqual([9, 3]);
    const depth3 = insertComment(thread, makeComment({ id: 10, parent: 3 }));
    expect(depth3[0]!.replies[0]!.replies[0]!.replies.map((c) => c.id)).toEqual([10]);
    // The input is not changed.
    expect(thread[0]!.replies[0]!.replies.map((c) => c.id)).toEqual([3]);
  });

  it('leaves the thread as it was when the parent is not in it', () => {
    expect(insertComment(thread, makeComment({ id: 9, parent: 77 }))).toEqual(thread);
  });

  it('counts comments and replies at every depth', () => {
    expect(countComments(thread)).toBe(4);
    expect(countComments([])).toBe(0);
  });
});

describe('blog texts (spec sections 2 and 9)', () => {
  it("writes the card's line 'By {author} on {date} | {n} Comment(s)'", () => {
    const date = new Date('2026-10-14T09:00:00Z').toLocaleDateString(undefined, {
      dateStyle: 'long',
    });
    expect(postByline(makePost({ comment_count: 3 }))).toBe(`By maker on ${date} | 3 Comment(s)`);
  });

  it("falls back to 'Admin' for a post and 'Anonymous' for a comment", () => {
    expect(postAuthor(makePost({ author: null }))).toBe('Admin');
    expect(postByline(makePost({ author: null, published_at: null, comment_count: 0 }))).toBe(
      'By Admin | 0 Comment(s)',
    );
    expect(commentAuthor(makeComment({ user: null }))).toBe('Anonymous');
    expect(commentAuthor(makeComment({ user: { username: ' ' } }))).toBe('Anonymous');
  });
});

describe('comment form schema (spec section 5)', () => {
  it("refuses blank or whitespace-only text with 'Please enter your comment.'", () => {
    for (const content of ['', '   \n\t ']) {
      const result = commentSchema.safeParse({ content });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please enter your comment.');
    }
  });

  it('trims the text', () => {
    expect(commentSchema.parse({ content: '  Lovely edge.  ' })).toEqual({
      content: 'Lovely edge.',
    });
  });

  it('refuses text over the contract limit of 4000 characters', () => {
    expect(commentSchema.safeParse({ content: 'x'.repeat(4001) }).success).toBe(false);
    expect(commentSchema.safeParse({ content: 'x'.repeat(4000) }).success).toBe(true);
  });
});

describe('blog queries (spec section 7)', () => {
  it('asks only for published posts, with the page', async () => {
    get.mockResolvedValue({
      data: { count: 1, next: null, previous: null, results: [makePost()] },
    });
    const page = await fetchQuery<{ results: unknown[] }>(blogPostsQuery({ page: 2 }));
    expect(get).toHaveBeenCalledWith('/blog/posts/', {
      params: { query: { status: 'published', page: 2 } },
      signal: expect.anything(),
    });
    expect(page.results).toHaveLength(1);
    expect(blogPostsQuery({ page: 1 }).queryKey).toEqual(['blog-posts', 'list', {}]);
  });

  it('accepts a plain array of posts', async () => {
    get.mockResolvedValue({ data: [makePost(), makePost()] });
    const page = await fetchQuery<{ count: number; next: null }>(blogPostsQuery());
    expect(page).toMatchObject({ count: 2, next: null });
  });

  it("refuses an empty answer with 'Blog post not found.' and a draft with 'Post not found or not published.'", async () => {
    get.mockResolvedValueOnce({ data: undefined });
    await expect(fetchQuery(blogPostQuery('x'))).rejects.toThrow('Blog post not found.');
    get.mockResolvedValueOnce({ data: makePost({ status: 'draft' }) });
    await expect(fetchQuery(blogPostQuery('x'))).rejects.toThrow(
      'Post not found or not published.',
    );
  });

  it('asks for the approved comments of the post', async () => {
    get.mockResolvedValue({ data: [makeComment()] });
    const comments = await fetchQuery<unknown[]>(commentsQuery(3));
    expect(get).toHaveBeenCalledWith('/blog/comments/', {
      params: { query: { post: 3, is_approved: true } },
      signal: expect.anything(),
    });
    expect(comments).toHaveLength(1);
  });
});

describe('blog messages (spec section 8)', () => {
  const post = { notFound: BLOG_MESSAGES.postNotFound };

  it("says 'Blog post not found or not published.' on 404", () => {
    expect(
      blogLoadErrorMessage(
        new ApiError(404, { detail: 'Not found.' }),
        BLOG_MESSAGES.postFailed,
        post,
      ),
    ).toBe('Blog post not found or not published.');
  });

  it("uses the server's detail, else the fallback", () => {
    expect(
      blogLoadErrorMessage(
        new ApiError(503, { detail: 'Down for upkeep.' }),
        BLOG_MESSAGES.listFailed,
      ),
    ).toBe('Down for upkeep.');
    expect(blogLoadErrorMessage(new ApiError(500, null), BLOG_MESSAGES.listFailed)).toBe(
      'Failed to load blog posts.',
    );
    expect(
      blogLoadErrorMessage(new TypeError('Failed to fetch'), BLOG_MESSAGES.postFailed, post),
    ).toBe('Failed to load blog post or comments.');
  });

  it("shows the SPA's own reason for a missing or unpublished post", () => {
    expect(
      blogLoadErrorMessage(
        new BlogPostUnavailableError('Blog post not found.'),
        BLOG_MESSAGES.postFailed,
        post,
      ),
    ).toBe('Blog post not found.');
  });

  it("explains a refused comment: detail, else 'field: messages', else the fallback", () => {
    expect(commentErrorMessage(new ApiError(429, { detail: 'Slow down.' }))).toBe('Slow down.');
    expect(
      commentErrorMessage(
        new ApiError(400, { content: ['This field may not be blank.'], parent: ['Invalid.'] }),
      ),
    ).toBe('content: This field may not be blank.; parent: Invalid.');
    expect(commentErrorMessage(new ApiError(500, null))).toBe(
      'Failed to submit comment. Please try again.',
    );
    expect(commentErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to submit comment. Please try again.',
    );
  });
});
