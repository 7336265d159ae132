import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminQueryClient } from './query-client';
import { createAdminRouter } from './router';
import { clearTokens } from '../api/tokens';
import { fakeApi, signIn } from '../test/render';

const OWNER = {
  id: 1,
  email: 'maya@emberandoak.example',
  name: 'Maya Hart',
  role: 'owner',
  totp_enabled: true,
  totp_required: false,
};
const NO_ORDERS = {
  count: 0,
  next: null,
  previous: null,
  results: [],
  status_counts: {
    awaiting_payment: 0,
    to_ship: 0,
    shipped: 0,
    ready_to_collect: 0,
    completed: 0,
    canceled: 0,
    expired: 0,
    refunded: 0,
  },
};

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

/** The `search` of every orders list the page asked the API for, in order. */
function searchedFor(fetchMock: unknown): (string | null)[] {
  return (fetchMock as { mock: { calls: [Request | string][] } }).mock.calls
    .map(([input]) => new URL(typeof input === 'string' ? input : input.url))
    .filter((url) => url.pathname === '/api/admin/orders/')
    .map((url) => url.searchParams.get('search'));
}

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('a list’s search', () => {
  it('runs as the member types, once typing pauses, and keeps the address in step', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: OWNER },
      'GET /orders/': { status: 200, body: NO_ORDERS },
    });
    const router = renderAt('/orders?status=to_ship&payment_method=bank_transfer');
    const filters = await screen.findByRole('search', { name: 'Filter orders' });
    const field = within(filters).getByRole('searchbox', { name: 'Search' });

    await userEvent.type(field, 'ada e');
    // No Enter: the pause after the last key runs the search.
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        status: 'to_ship',
        payment_method: 'bank_transfer',
        search: 'ada e',
      }),
    );
    await waitFor(() => expect(searchedFor(fetch).at(-1)).toBe('ada e'));
    // One search for the words typed, not one a key.
    expect(searchedFor(fetch)).toEqual([null, 'ada e']);
    expect(field).toHaveFocus();

    // Emptying the field shows every order again.
    await userEvent.clear(field);
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('search'));
    expect(field).toHaveValue('');
  });

  it('searches the customers as the member types, with no fold around a lone search', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: OWNER },
      'GET /customers/': {
        status: 200,
        body: { count: 0, next: null, previous: null, results: [] },
      },
    });
    const router = renderAt('/customers');
    const filters = await screen.findByRole('search', { name: 'Search customers' });
    const field = within(filters).getByRole('searchbox', { name: 'Name or e-mail' });
    expect(within(filters).queryByRole('button', { name: /Filters/ })).toBeNull();
    await userEvent.type(field, 'ada@');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'ada@' }));
    const asked = () =>
      vi
        .mocked(fetch)
        .mock.calls.map(
          ([input]) => new URL(typeof input === 'string' ? input : (input as Request).url),
        )
        .filter((url) => url.pathname === '/api/admin/customers/')
        .map((url) => url.searchParams.get('search'));
    await waitFor(() => expect(asked().at(-1)).toBe('ada@'));
    expect(field).toHaveFocus();
    await userEvent.click(within(filters).getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(field).toHaveValue('');
  });

  it('follows the address when it changes from elsewhere, and says how many filters are on', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: OWNER },
      'GET /orders/': { status: 200, body: NO_ORDERS },
    });
    const router = renderAt('/orders?search=ORD-7&payment_method=custom&placed_from=2026-11-01');
    const filters = await screen.findByRole('search', { name: 'Filter orders' });
    const field = within(filters).getByRole('searchbox', { name: 'Search' });
    expect(field).toHaveValue('ORD-7');
    const toggle = within(filters).getByRole('button', { name: /Filters/ });
    expect(toggle).toHaveTextContent('Filters2 on');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(within(filters).getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(field).toHaveValue('');
  });
});
