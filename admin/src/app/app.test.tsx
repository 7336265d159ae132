import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, getRefreshToken } from '../api/tokens';
import { fakeApi, signIn } from '../test/render';
import { createAdminQueryClient } from './query-client';
import { createAdminRouter } from './router';

const OWNER = {
  id: 1,
  email: 'maya@emberandoak.example',
  name: 'Maya Hart',
  role: 'owner',
  totp_enabled: true,
  totp_required: false,
};
const STAFF = {
  ...OWNER,
  id: 2,
  name: 'Tom Reed',
  role: 'staff',
  email: 'tom@emberandoak.example',
};
const EMPTY_TODAY = {
  transfers_to_confirm: [],
  to_ship: [],
  collections_waiting: [],
  manual_refunds: [],
  due_this_week: [],
};
const TOKENS = (staff: object) => ({
  access: `h.${btoa(JSON.stringify({ exp: 4102444800 }))}.s`,
  refresh: 'refresh-from-login',
  staff,
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

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('the back office', () => {
  it('sends a visitor to sign in, then back to the page they asked for', async () => {
    fakeApi({
      'POST /auth/login/': { status: 200, body: TOKENS(OWNER) },
      'GET /me/': { status: 200, body: OWNER },
      'GET /orders/': {
        status: 200,
        body: {
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
        },
      },
    });
    const router = renderApp('/orders?status=shipped');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'maya@emberandoak.example');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual(expect.objectContaining({ status: 'shipped' }));
    expect(getRefreshToken()).toBe('refresh-from-login');
  });

  it('names the shop on the sign-in screen, with the way to a forgotten password', async () => {
    fakeApi({
      'GET /api/pages/settings/public/': {
        status: 200,
        body: { site_title: 'Ember & Oak Workshop', site_description: '', logo: null },
      },
    });
    renderApp('/login');
    expect(await screen.findByText('Ember & Oak Workshop')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/admin/forgot-password',
    );
  });

  it('asks for the 6-digit code when the member uses two-step verification', async () => {
    let attempts = 0;
    const sent = fakeApi({
      'POST /auth/login/': async () =>
        ++attempts === 1
          ? new Response(
              JSON.stringify({ otp: ['Enter the 6-digit code from your authenticator app.'] }),
              { status: 400 },
            )
          : new Response(JSON.stringify(TOKENS(OWNER)), { status: 200 }),
      'GET /me/': { status: 200, body: OWNER },
      'GET /today/': { status: 200, body: EMPTY_TODAY },
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'maya@emberandoak.example');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(
      screen.getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    const code = screen.getByLabelText('Code');
    // The phone's number keyboard, the app's code offered by the keyboard, pasting allowed.
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toHaveAttribute('inputmode', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Use a code from the app' }));
    await userEvent.click(screen.getByLabelText('Code'));
    await userEvent.paste('492 817');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
    expect(sent.filter((r) => r.path === '/auth/login/').map((r) => r.body)).toEqual([
      { email: 'maya@emberandoak.example', password: 'correct-horse-42' },
      { email: 'maya@emberandoak.example', password: 'correct-horse-42', otp: '492817' },
    ]);
  });

  it("shows staff only what their role may open, and sends them away from an owner's page", async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: STAFF },
      'GET /today/': { status: 200, body: EMPTY_TODAY },
    });
    renderApp('/staff');
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Today',
      'Orders',
      'Products',
      'Categories',
      'Moderation',
      'Inbox',
      'Content',
      'Customers',
      'Account',
    ]);
  });

  it('shows an owner every screen', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: OWNER },
      'GET /today/': { status: 200, body: EMPTY_TODAY },
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Today',
      'Orders',
      'Products',
      'Categories',
      'Moderation',
      'Inbox',
      'Content',
      'Customers',
      'Sales',
      'Promotions',
      'Discounts',
      'Gift cards',
      'Settings',
      'Activity',
      'Staff',
      'Account',
    ]);
  });

  it('keeps the four daily places in a bottom bar on a phone, and the rest under More', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: OWNER },
      'GET /today/': { status: 200, body: EMPTY_TODAY },
      'GET /moderation/counts/': {
        status: 200,
        body: { reviews: 1, comments: 2, unread_messages: 4 },
      },
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(nav).toHaveTextContent('Inbox4 unread'));
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Today', 'Orders', 'Products', 'Inbox4 unread']);
    expect(within(nav).getByRole('link', { name: 'Today' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const more = within(nav).getByRole('button', { name: /More/ });
    expect(more).toHaveTextContent('More3 waiting');
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(nav)
        .getAllByRole('link')
        .slice(4)
        .map((link) => link.textContent),
    ).toEqual([
      'Categories',
      'Moderation3 waiting',
      'Content',
      'Customers',
      'Sales',
      'Promotions',
      'Discounts',
      'Gift cards',
      'Settings',
      'Activity',
      'Staff',
      'Account',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();

    // The focus leaving the bar and its sheet closes the sheet: it never covers what has focus.
    await userEvent.click(more);
    await userEvent.tab();
    expect(within(nav).getByRole('link', { name: 'Categories' })).toHaveFocus();
    act(() => screen.getByRole('main').focus());
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('goes back to sign in when the session ends and the refresh is refused', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 401, body: { detail: 'Given token not valid for any token type' } },
      'POST /auth/refresh/': { status: 401, body: { detail: 'Token is invalid or expired.' } },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(getRefreshToken()).toBeNull();
  });

  it('signs out rather than going round in circles when the session cannot be renewed', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 401, body: { detail: 'Given token not valid for any token type' } },
      'POST /auth/refresh/': { status: 503, body: { detail: 'Down for maintenance.' } },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(getRefreshToken()).toBeNull();
  });

  it('keeps a member who must set up two-step verification on their account page', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: { ...STAFF, totp_enabled: false, totp_required: true } },
    });
    renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText(/This shop requires two-step verification/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Account']);
  });
});
