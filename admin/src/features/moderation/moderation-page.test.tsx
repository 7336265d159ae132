import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { createAdminQueryClient } from '../../app/query-client';
import { createAdminRouter } from '../../app/router';
import { fakeApi, signIn } from '../../test/render';

const OWNER = {
  id: 1,
  email: 'maya@emberandoak.example',
  name: 'Maya Hart',
  role: 'owner',
  totp_enabled: true,
  totp_required: false,
};
const STAFF = { ...OWNER, id: 2, name: 'Tom Reed', role: 'staff' };
const COUNTS = { pending: 1, approved: 18, hidden: 0, rejected: 2 };
const REVIEW = {
  id: 41,
  status: 'pending',
  rating: 5,
  comment: 'Arrived sharp.',
  author: 'sam.k',
  created_at: '2026-11-20T09:30:00Z',
  is_verified_purchase: false,
  incentivised: false,
  held_for_links: false,
  product: { id: 1, name: 'Damascus Gyuto 210mm', slug: 'damascus-gyuto-210mm' },
  shop_reply: null,
};
const page = (results: unknown[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  status_counts: COUNTS,
});

function renderApp(path: string) {
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

describe('the moderation screen', () => {
  it('lists the waiting reviews with the counts of each filter, and the owner sees the settings', async () => {
    fakeApi({
      'GET /me/': { status: 200, body: OWNER },
      'GET /moderation/reviews/': { status: 200, body: page([REVIEW]) },
      'GET /moderation/settings/': {
        status: 200,
        body: { comments_auto_approve: true, reviews_auto_approve: true },
      },
      'GET /moderation/counts/': {
        status: 200,
        body: { reviews: 1, comments: 2, unread_messages: 4 },
      },
    });
    renderApp('/moderation');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Moderation' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '5/5 from sam.k' })).toBeInTheDocument();
    const status = screen.getByRole('navigation', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Waiting1', 'Approved18', 'Hidden0', 'Rejected2']);
    expect(await screen.findByRole('heading', { name: 'Moderation settings' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Moderation/ })).toHaveTextContent(
      'Moderation3 waiting',
    );
    expect(within(nav).getByRole('link', { name: /Inbox/ })).toHaveTextContent('Inbox4 unread');
  });

  it('shows staff the comments tab without the settings', async () => {
    const sent = fakeApi({
      'GET /me/': { status: 200, body: STAFF },
      'GET /moderation/reviews/': { status: 200, body: page([]) },
      'GET /moderation/comments/': { status: 200, body: page([]) },
    });
    renderApp('/moderation');
    expect(await screen.findByText('No reviews are waiting.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Comments' }));
    expect(await screen.findByText('No comments are waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Moderation settings' })).toBeNull();
    expect(sent.some((r) => r.path === '/moderation/settings/')).toBe(false);
  });

  it('opens on the comments when only a comment waits, as the badge promised, with each tab saying how many wait', async () => {
    fakeApi({
      'GET /me/': { status: 200, body: STAFF },
      'GET /moderation/counts/': {
        status: 200,
        body: { reviews: 0, comments: 1, unread_messages: 0 },
      },
      'GET /moderation/reviews/': {
        status: 200,
        body: { ...page([]), status_counts: { ...COUNTS, pending: 0 } },
      },
      'GET /moderation/comments/': {
        status: 200,
        body: page([
          {
            id: 7,
            status: 'pending',
            content: 'Does the saya fit the 240?',
            author: 'ada',
            created_at: '2026-11-21T10:00:00Z',
            held_for_links: false,
            post: { id: 3, title: 'Forging a gyuto', slug: 'forging-a-gyuto' },
            parent_id: null,
          },
        ]),
      },
    });
    renderApp('/moderation');
    const kinds = await screen.findByRole('navigation', { name: 'What to moderate' });
    await vi.waitFor(() =>
      expect(within(kinds).getByRole('link', { current: 'page' })).toHaveTextContent('Comments1'),
    );
    expect(within(kinds).getByRole('link', { name: /Reviews/ })).toHaveTextContent('Reviews0');
    expect(await screen.findByText('Does the saya fit the 240?')).toBeInTheDocument();
  });
});
