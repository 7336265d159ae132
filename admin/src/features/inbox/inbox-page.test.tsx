import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { createAdminQueryClient } from '../../app/query-client';
import { createAdminRouter } from '../../app/router';
import { fakeApi, signIn } from '../../test/render';

const STAFF = {
  id: 2,
  email: 'tom@emberandoak.example',
  name: 'Tom Reed',
  role: 'staff',
  totp_enabled: true,
  totp_required: false,
};
const LIST = {
  count: 2,
  next: null,
  previous: null,
  unread_count: 1,
  results: [
    {
      id: 12,
      name: 'Sam Kerr',
      email: 'sam@example.com',
      subject: 'Engraving a gyuto',
      excerpt: 'Can you engrave initials?',
      created_at: '2026-11-22T10:15:00Z',
      is_read: false,
      is_archived: false,
      reply_count: 0,
    },
    {
      id: 11,
      name: 'Ada Byrne',
      email: 'ada@example.com',
      subject: 'Sharpening service',
      excerpt: 'Do you sharpen knives bought elsewhere?',
      created_at: '2026-11-20T16:40:00Z',
      is_read: true,
      is_archived: false,
      reply_count: 1,
    },
  ],
};
const MESSAGE = {
  id: 12,
  name: 'Sam Kerr',
  email: 'sam@example.com',
  phone_number: null,
  subject: 'Engraving a gyuto',
  message: 'Can you engrave initials?',
  created_at: '2026-11-22T10:15:00Z',
  is_read: true,
  is_archived: false,
  read_at: '2026-11-22T11:00:00Z',
  archived_at: null,
  replies: [],
};

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

describe('the inbox', () => {
  it('lists the messages with the unread one marked, and opens a message', async () => {
    fakeApi({
      'GET /me/': { status: 200, body: STAFF },
      'GET /inbox/messages/': { status: 200, body: LIST },
      'GET /inbox/messages/12/': { status: 200, body: MESSAGE },
    });
    renderApp('/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Engraving a gyuto' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Messages' });
    expect(within(tabs).getByRole('link', { name: /Unread/ })).toHaveTextContent('Unread1');
    const rows = within(screen.getByRole('region', { name: 'Messages' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Sam Kerr');
    expect(rows[0]).toHaveTextContent('Unread');
    expect(rows[1]).not.toHaveTextContent('Unread');
    expect(rows[1]).toHaveTextContent('1 reply');
    await userEvent.click(screen.getByRole('link', { name: 'Engraving a gyuto' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Engraving a gyuto' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your reply')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeInTheDocument();
  });

  it('no longer shows a message unread once it was opened, back in the inbox', async () => {
    let opened = false;
    const json = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      );
    fakeApi({
      'GET /me/': { status: 200, body: STAFF },
      // The server marks a message read when it is read.
      'GET /inbox/messages/': () =>
        json(
          opened
            ? {
                ...LIST,
                unread_count: 0,
                results: LIST.results.map((m) => ({ ...m, is_read: true })),
              }
            : LIST,
        ),
      'GET /inbox/messages/12/': () => {
        opened = true;
        return json(MESSAGE);
      },
    });
    renderApp('/inbox');
    const tabs = await screen.findByRole('navigation', { name: 'Messages' });
    await vi.waitFor(() =>
      expect(within(tabs).getByRole('link', { name: /Unread/ })).toHaveTextContent('Unread1'),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Engraving a gyuto' }));
    await screen.findByRole('heading', { level: 1, name: 'Engraving a gyuto' });
    await userEvent.click(screen.getByRole('link', { name: '← Back to the inbox' }));
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Messages' })).getByRole('link', {
          name: /Unread/,
        }),
      ).toHaveTextContent('Unread0'),
    );
    const rows = within(screen.getByRole('region', { name: 'Messages' })).getAllByRole('listitem');
    expect(rows[0]).not.toHaveTextContent('Unread');
  });

  it('says a message that does not exist is not found', async () => {
    fakeApi({ 'GET /me/': { status: 200, body: STAFF } });
    renderApp('/inbox/999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
  });
});
