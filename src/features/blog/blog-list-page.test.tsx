import { fireEvent, screen, within } from '@testing-library/react';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { createTestQueryClient, renderWithRouter } from '../../test/render-with-router';
import { blogPostsQuery, type BlogPostPage } from './api';
import { BlogListError, BlogListPage } from './blog-list-page';
import { BlogListSkeleton } from './skeletons';
import { makePost } from '../../test/blog-fixtures';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ReturnType<typeof vi.fn>;

beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue({ data: { site_title: 'Ember & Oak Workshop' } });
});

function page(results = [makePost()], extra: Partial<BlogPostPage> = {}): BlogPostPage {
  return { count: results.length, next: null, previous: null, results, ...extra };
}

async function renderList(data: BlogPostPage, pageNumber?: number) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(blogPostsQuery({ page: pageNumber }).queryKey, data);
  return renderWithRouter(<BlogListPage search={{ page: pageNumber }} />, {
    path: pageNumber ? `/blog?page=${pageNumber}` : '/blog',
    queryClient,
  });
}

describe('BlogListPage (spec section 2, /blog)', () => {
  it("shows each post as a card: image, title link, 'By … on … | n Comment(s)' and 'Read More →'", async () => {
    const post = makePost({
      slug: 'caring-for-carbon-steel',
      title: 'Caring for carbon steel',
      comment_count: 2,
    });
    await renderList(page([post]));
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    const card = screen.getByTestId('blog-card');
    const link = within(card).getByRole('link', { name: 'Caring for carbon steel' });
    expect(link).toHaveAttribute('href', '/blog/caring-for-carbon-steel');
    expect(card).toHaveTextContent(/By maker on .+ \| 2 Comment\(s\)/);
    expect(within(card).getByText('Read More →')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', post.featured_image);
  });

  it("says 'Admin' when a post has no author, and 'No image' without an image or when it fails", async () => {
    await renderList(page([makePost({ author: null, featured_image: null }), makePost()]));
    const [first, second] = screen.getAllByTestId('blog-card');
    expect(first).toHaveTextContent('By Admin on');
    expect(within(first!).getByText('No image')).toBeInTheDocument();
    fireEvent.error(second!.querySelector('img')!);
    expect(within(second!).getByText('No image')).toBeInTheDocument();
    expect(second!.querySelector('img')).toBeNull();
  });

  it('shows the excerpt as plain text', async () => {
    await renderList(page([makePost({ excerpt: 'Oil it <b>weekly</b>.' })]));
    const card = screen.getByTestId('blog-card');
    expect(within(card).getByText('Oil it <b>weekly</b>.')).toBeInTheDocument();
    expect(card.querySelector('b')).toBeNull();
  });

  it("says 'No blog posts have been published yet.' when there are none", async () => {
    await renderList(page([]));
    expect(screen.getByText('No blog posts have been published yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('blog-card')).toBeNull();
  });

  it('pages with Previous and Next, page 1 left out of the URL', async () => {
    await renderList(page([makePost()], { count: 30, next: '/x?page=3', previous: '/x' }), 2);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Previous' })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('link', { name: 'Next →' })).toHaveAttribute('href', '/blog?page=3');
  });
});

describe('BlogListError (spec section 8)', () => {
  it("shows the server's detail, else 'Failed to load blog posts.'", async () => {
    const { unmount } = await renderWithRouter(
      <BlogListError error={new ApiError(503, { detail: 'The blog is resting.' })} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The blog is resting.');
    unmount();
    await renderWithRouter(<BlogListError error={new TypeError('Failed to fetch')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load blog posts.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
  });
});

describe('BlogListSkeleton', () => {
  it('keeps the heading and announces the loading', async () => {
    await renderWithRouter(<BlogListSkeleton />);
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading blog posts…');
  });
});
