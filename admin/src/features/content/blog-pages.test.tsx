import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { createAdminQueryClient } from '../../app/query-client';
import { createAdminRouter } from '../../app/router';
import { fakeApi, signIn } from '../../test/render';
import type { AdminBlogPost } from './api';

const STAFF = {
  id: 2,
  email: 'tom@emberandoak.example',
  name: 'Tom Reed',
  role: 'staff',
  totp_enabled: true,
  totp_required: false,
};

const DRAFT: AdminBlogPost = {
  id: 9,
  slug: 'oiling-a-board-in-winter',
  title: 'Oiling a board in winter',
  excerpt: '',
  content: '<p>Once a month.</p>',
  status: 'draft',
  published_at: null,
  featured_image: null,
  author: null,
  is_visible: false,
  created_at: '2026-11-26T10:00:00Z',
  updated_at: '2026-11-26T10:00:00Z',
};

/** A screen is a lazy chunk: its first render may take a while on a busy machine. */
const LAZY = { timeout: 10_000 };

function renderAt(path: string) {
  const queryClient = createAdminQueryClient();
  const router = createAdminRouter(
    queryClient,
    createMemoryHistory({ initialEntries: [`/admin${path}`] }),
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('the blog screens', { timeout: 30_000 }, () => {
  it('lists the posts from the Content item, writes a new one and opens it', async () => {
    const sent = fakeApi({
      'GET /me/': { status: 200, body: STAFF },
      'GET /blog-posts/': {
        status: 200,
        body: { count: 0, next: null, previous: null, results: [] },
      },
      'POST /blog-posts/': { status: 201, body: DRAFT },
      'GET /blog-posts/9/': { status: 200, body: DRAFT },
    });
    const router = renderAt('/content');
    expect(await screen.findByRole('heading', { name: 'Content' }, LAZY)).toBeInTheDocument();
    expect(await screen.findByText('No posts here yet.', {}, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/content/blog');
    const sections = screen.getByRole('navigation', { name: 'Content' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Blog', 'FAQ', 'Policies', 'Company', 'Contact']);

    await userEvent.click(screen.getByRole('link', { name: 'New post' }));
    await userEvent.type(
      await screen.findByLabelText('Title', {}, LAZY),
      'Oiling a board in winter',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/blog/9'), LAZY);
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
      title: 'Oiling a board in winter',
      slug: null,
      status: 'draft',
      published_at: null,
    });
    expect(
      await screen.findByRole('heading', { name: 'Edit "Oiling a board in winter"' }, LAZY),
    ).toBeInTheDocument();
    expect(screen.getByText('Not shown (draft)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete draft' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a slug beside the slug", async () => {
    fakeApi({
      'GET /me/': { status: 200, body: STAFF },
      'GET /blog-posts/9/': { status: 200, body: DRAFT },
      'PATCH /blog-posts/9/': {
        status: 400,
        body: { slug: ['Another post already has this slug.'] },
      },
    });
    renderAt('/content/blog/9');
    const slug = await screen.findByLabelText('Slug', {}, LAZY);
    await userEvent.clear(slug);
    await userEvent.type(slug, 'sharpening');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another post already has this slug.')).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
  });
});
