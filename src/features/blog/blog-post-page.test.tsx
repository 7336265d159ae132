import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { setTokens } from '../../api/token-storage';
import { createTestQueryClient, renderWithRouter } from '../../test/render-with-router';
import {
  BlogPostUnavailableError,
  blogPostQuery,
  commentsQuery,
  type BlogPost,
  type Comment,
} from './api';
import { BlogPostError, BlogPostView } from './blog-post-page';
import { makeComment, makePost } from '../../test/blog-fixtures';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ReturnType<typeof vi.fn>;
const post = api.POST as unknown as ReturnType<typeof vi.fn>;

let thread: Comment[] | Error;

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  thread = [];
  get.mockImplementation(async (path: string) => {
    if (path === '/blog/comments/') {
      if (thread instanceof Error) throw thread;
      return { data: thread };
    }
    return { data: { site_title: 'Ember & Oak Workshop' } };
  });
});

const POST = makePost({
  id: 3,
  slug: 'caring-for-carbon-steel',
  title: 'Caring for carbon steel',
  comment_count: 3,
});

async function renderPost(overrides: Partial<BlogPost> = {}, comments: Comment[] | Error = []) {
  thread = comments;
  const value = { ...POST, ...overrides };
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(blogPostQuery(value.slug).queryKey, value);
  const result = await renderWithRouter(<BlogPostView post={value} />, {
    path: `/blog/${value.slug}`,
    queryClient,
  });
  return { ...result, post: value };
}

const logIn = () => act(() => setTokens('access', 'refresh'));

function nestedThread(): Comment[] {
  return [
    makeComment({
      id: 11,
      post: 3,
      user: { username: 'ada' },
      content: 'Does this apply to Damascus?',
      replies: [
        makeComment({
          id: 12,
          post: 3,
          parent: 11,
          user: { username: 'maker' },
          content: 'Yes, the same care.',
        }),
      ],
    }),
    makeComment({ id: 13, post: 3, user: null, content: 'Beautiful.' }),
  ];
}

describe('BlogPostView: the post (spec section 2)', () => {
  it('shows the title as the h1, the author and the date', async () => {
    await renderPost();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Caring for carbon steel' }),
    ).toBeInTheDocument();
    expect(screen.getByText('maker')).toBeInTheDocument();
    expect(document.querySelector('time')).toHaveAttribute('dateTime', POST.published_at);
  });

  it("falls back to 'Admin' as the author", async () => {
    await renderPost({ author: null });
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });

  it('hides the featured image when it fails to load', async () => {
    await renderPost();
    const image = document.querySelector('.blog-post__image')!;
    expect(image).toHaveAttribute('src', POST.featured_image);
    fireEvent.error(image);
    expect(document.querySelector('.blog-post__image')).toBeNull();
    expect(screen.queryByText('No image')).toBeNull();
  });

  it('renders the HTML content sanitized: no handlers, no javascript: links, no scripts', async () => {
    await renderPost({
      content:
        '<h2>Oiling</h2><ul><li>wipe</li></ul><img src="x" onerror="window.__xss=1"><svg onload="window.__xss=1"></svg><a href="javascript:alert(1)">tap</a><iframe srcdoc="<script>parent.__xss=1</script>"></iframe><script>window.__xss=1</script>',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Oiling' })).toBeInTheDocument();
    const prose = document.querySelector('.blog-prose')!;
    expect(prose.querySelector('[onerror], [onload], iframe, script')).toBeNull();
    expect(prose.querySelector('a[href^="javascript:"]')).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it("says 'No content available.' when the content is empty", async () => {
    await renderPost({ content: '  ' });
    expect(screen.getByText('No content available.')).toBeInTheDocument();
  });
});

describe('BlogPostView: comments (spec sections 2, 4 and 8)', () => {
  it("shows 'Comments (n)' counting replies, nested replies and the 'Anonymous' fallback", async () => {
    await renderPost({}, nestedThread());
    const section = await screen.findByRole('region', { name: 'Comments (3)' });
    expect(section).toHaveAttribute('id', 'comments');
    const top = within(section).getByRole('list', { name: 'Comments' });
    const items = within(top).getAllByTestId('comment');
    expect(items.map((item) => item.dataset.depth)).toEqual(['0', '1', '0']);
    expect(items[1]).toHaveTextContent('Yes, the same care.');
    expect(within(items[0]!).getByRole('list', { name: 'Replies to ada' })).toContainElement(
      items[1]!,
    );
    expect(items[2]).toHaveTextContent('Anonymous');
  });

  it("marks the shop's reply in the thread with the shop's name", async () => {
    await renderPost({}, [
      makeComment({
        id: 31,
        post: 3,
        content: 'Is it carbon steel?',
        replies: [
          makeComment({
            id: 32,
            post: 3,
            parent: 31,
            user: { username: 'Ember & Oak Workshop' },
            content: 'Yes, 1095.',
            is_shop_reply: true,
          }),
        ],
      }),
    ]);
    const items = await screen.findAllByTestId('comment');
    expect(items[1]).toHaveTextContent('Ember & Oak Workshop (the shop)');
    expect(items[1]).toHaveClass('blog-comment--shop');
    expect(
      within(items[0]!).getByRole('article', { name: 'Comment by ada' }),
    ).not.toHaveTextContent('(the shop)');
  });

  it('renders comment text as text, never as HTML', async () => {
    await renderPost({}, [
      makeComment({ content: '<img src=x onerror="window.__xss=1"><b>bold</b>' }),
    ]);
    const item = await screen.findByTestId('comment');
    expect(item).toHaveTextContent('<img src=x onerror="window.__xss=1"><b>bold</b>');
    expect(item.querySelector('img, b')).toBeNull();
  });

  it("says 'No approved comments yet. Be the first!' when there are none", async () => {
    await renderPost({ comment_count: 0 }, []);
    expect(await screen.findByText('No approved comments yet. Be the first!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeInTheDocument();
  });

  it("shows the server's detail, else 'Failed to load blog post or comments.', when the comments fail", async () => {
    const { unmount } = await renderPost(
      {},
      new ApiError(503, { detail: 'Comments are resting.' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Comments are resting.');
    unmount();
    await renderPost({}, new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load blog post or comments.',
    );
    thread = nestedThread();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Comments (3)' })).toBeInTheDocument();
  });

  it('asks a visitor to log in, linking to /login?redirect=/blog/{slug}#comments, and follows the login', async () => {
    await renderPost({}, nestedThread());
    expect(
      await screen.findByText(/You must be logged in to leave a comment\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=/blog/caring-for-carbon-steel%23comments',
    );
    expect(screen.queryByRole('button', { name: /Reply/ })).toBeNull();
    logIn();
    expect(await screen.findByLabelText('Leave a comment')).toBeInTheDocument();
    expect(screen.queryByText(/You must be logged in/)).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Reply to / })).toHaveLength(3);
  });

  it("refuses a blank comment with 'Please enter your comment.' without a call", async () => {
    const user = userEvent.setup();
    await renderPost({}, []);
    logIn();
    await user.type(await screen.findByLabelText('Leave a comment'), '   ');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Please enter your comment.')).toBeInTheDocument();
    expect(screen.getByLabelText('Leave a comment')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it("posts the trimmed text, puts the comment at the top and says 'Comment submitted successfully!'", async () => {
    const user = userEvent.setup();
    const { queryClient } = await renderPost({}, nestedThread());
    logIn();
    post.mockResolvedValue({
      data: makeComment({ id: 20, post: 3, user: { username: 'me' }, content: 'Great guide.' }),
    });
    await user.type(await screen.findByLabelText('Leave a comment'), '  Great guide.  ');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Comment submitted successfully!')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/blog/comments/', {
      body: { post: 3, content: 'Great guide.', parent: null },
    });
    const top = screen.getByRole('list', { name: 'Comments' });
    expect(within(top).getAllByTestId('comment')[0]).toHaveTextContent('Great guide.');
    expect(screen.getByRole('heading', { name: 'Comments (4)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Leave a comment')).toHaveValue('');
    expect(queryClient.getQueryData(blogPostQuery(POST.slug).queryKey)).toMatchObject({
      comment_count: 4,
    });
  });

  it('answers a reply at depth 2 and puts it first among its parent replies', async () => {
    const user = userEvent.setup();
    const { queryClient } = await renderPost({}, nestedThread());
    logIn();
    post.mockResolvedValue({
      data: makeComment({ id: 21, post: 3, parent: 12, content: 'Thanks, maker!' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reply to maker' }));
    const field = screen.getByLabelText('Your reply to maker');
    expect(field).toHaveFocus();
    await user.type(field, 'Thanks, maker!');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(await screen.findByText('Comment submitted successfully!')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/blog/comments/', {
      body: { post: 3, content: 'Thanks, maker!', parent: 12 },
    });
    const replies = screen.getByRole('list', { name: 'Replies to maker' });
    const reply = within(replies).getAllByTestId('comment')[0]!;
    expect(reply).toHaveTextContent('Thanks, maker!');
    expect(reply.dataset.depth).toBe('2');
    expect(screen.queryByLabelText('Your reply to maker')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reply to maker' })).toBeInTheDocument();
    const cached = queryClient.getQueryData<Comment[]>(commentsQuery(3).queryKey)!;
    expect(cached[0]!.replies[0]!.replies[0]!.id).toBe(21);
  });

  it('closes a reply form with Cancel without a call', async () => {
    const user = userEvent.setup();
    await renderPost({}, nestedThread());
    logIn();
    await user.click(await screen.findByRole('button', { name: 'Reply to ada' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Your reply to ada')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('tells the shopper a comment awaits moderation instead of showing it', async () => {
    const user = userEvent.setup();
    await renderPost({}, nestedThread());
    logIn();
    post.mockResolvedValue({ data: makeComment({ id: 22, post: 3, is_approved: false }) });
    await user.type(await screen.findByLabelText('Leave a comment'), 'Held back');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(
      await screen.findByText('Thank you! Your comment will appear once it has been approved.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (3)' })).toBeInTheDocument();
    expect(screen.queryByText('Held back')).toBeNull();
  });

  it("explains a refused comment for 5 s: detail, else 'field: messages', else the fallback; the text stays", async () => {
    await renderPost({}, []);
    logIn();
    const field = await screen.findByLabelText('Leave a comment');
    fireEvent.change(field, { target: { value: 'Hello' } });
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Post Comment' }));

    post.mockRejectedValueOnce(
      new ApiError(401, { detail: 'Authentication credentials were not provided.' }),
    );
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authentication credentials were not provided.',
    );
    expect(field).toHaveValue('Hello');

    post.mockRejectedValueOnce(
      new ApiError(400, { content: ['Ensure this field has no more than 4000 characters.'] }),
    );
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'content: Ensure this field has no more than 4000 characters.',
      ),
    );

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      post.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      submit();
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          'Failed to submit comment. Please try again.',
        ),
      );
      await act(() => vi.advanceTimersByTimeAsync(5100));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('posts the comment form natively, so a submit before the scripts run never puts it in the URL', async () => {
    await renderPost({}, []);
    logIn();
    const field = await screen.findByLabelText('Leave a comment');
    expect(field.closest('form')).toHaveAttribute('method', 'post');
  });
});

describe('BlogPostError (spec sections 5 and 8)', () => {
  it.each([
    [new ApiError(404, { detail: 'Not found.' }), 'Blog post not found or not published.', false],
    [new BlogPostUnavailableError('Blog post not found.'), 'Blog post not found.', false],
    [
      new BlogPostUnavailableError('Post not found or not published.'),
      'Post not found or not published.',
      false,
    ],
    [new ApiError(500, { detail: 'Database is down.' }), 'Database is down.', true],
    [new TypeError('Failed to fetch'), 'Failed to load blog post or comments.', true],
  ])('shows %s as %s', async (error, message, retry) => {
    await renderWithRouter(<BlogPostError error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to the blog' })).toHaveAttribute('href', '/blog');
    expect(Boolean(screen.queryByRole('button', { name: 'Try again' }))).toBe(retry);
  });
});

describe('CommentForm without a post id', () => {
  it("refuses with 'Post ID is required to submit a comment.' without a call", async () => {
    const user = userEvent.setup();
    const { CommentForm } = await import('./comment-form');
    await renderWithRouter(
      <CommentForm
        postId={undefined}
        label="Leave a comment"
        submitLabel="Post Comment"
        onPosted={vi.fn()}
      />,
    );
    await user.type(screen.getByLabelText('Leave a comment'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Post ID is required to submit a comment.',
    );
    expect(post).not.toHaveBeenCalled();
  });
});
