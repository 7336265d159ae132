import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, signIn } from '../../test/render';
import type { ChecklistItem, ShopLaunch } from './api';
import { LaunchCard } from './launch-card';

/*
 * Today's card of whether the shop sells (issue 38): before the launch, the set-up checklist
 * with where to do each item, Launch for an owner (which says what is left when refused), and
 * Preview shop; once open, one line with Close for a holiday; on holiday, the message and
 * Reopen.
 */

const OWNER = {
  id: 1,
  email: 'maya@tidewater.example',
  name: 'Maya Hart',
  role: 'owner',
  totp_enabled: true,
  totp_required: false,
};
const STAFF = { ...OWNER, id: 2, name: 'Tom Reed', role: 'staff' };

const item = (key: ChecklistItem['key'], label: string, where: string | null, done: boolean) => ({
  key,
  label,
  where,
  done,
});
const CHECKLIST: ChecklistItem[] = [
  item('seller', 'Say who the seller is', '/settings/site', true),
  item('payment', 'Set up a way to pay', '/settings/payments', true),
  item('shipping', 'Add a shipping zone and a way to send', '/settings/shipping', false),
  item('product', 'Add a first product with a photo', '/products', true),
  item('policies', 'Write the refund and privacy policies', '/content/policies', true),
  item('domain', 'Serve the shop at its own domain over HTTPS', null, false),
];
const CLOSED: ShopLaunch = {
  status: 'closed',
  closed_message: null,
  launched_at: null,
  preview_password_set: false,
  storefront_url: 'https://tidewater.example',
  ready: false,
  checklist: CHECKLIST,
};
const OPEN: ShopLaunch = {
  ...CLOSED,
  status: 'open',
  launched_at: '2026-12-01T09:30:00Z',
  ready: true,
  checklist: CHECKLIST.map((i) => ({ ...i, done: true })),
};
const HOLIDAY: ShopLaunch = {
  ...OPEN,
  status: 'holiday',
  closed_message: 'Away at the craft fair until 14 June.',
};

/** The card on Today (`/admin/`), its links resolved by a router with the back office's base. */
async function renderToday(answers: Parameters<typeof fakeApi>[0]) {
  signIn();
  const sent = fakeApi(answers);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const root = createRootRoute();
  const today = createRoute({ getParentRoute: () => root, path: '/', component: LaunchCard });
  const router = createRouter({
    routeTree: root.addChildren([today]),
    basepath: '/admin',
    history: createMemoryHistory({ initialEntries: ['/admin/'] }),
  });
  await router.load();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return sent;
}

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe("Today's launch card", () => {
  it('lists each item of the checklist, done or not, with a link to where to do it', async () => {
    await renderToday({
      'GET /me/': { status: 200, body: OWNER },
      'GET /shop/': { status: 200, body: CLOSED },
    });
    const card = await screen.findByRole('region', { name: 'Get ready to open' });
    expect(within(card).getByText('4 of 6 done')).toBeInTheDocument();
    // What a screen reader reads of each item (the tick is hidden from it).
    const items = within(card).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace('✓', ''))).toEqual([
      'Say who the seller is: done',
      'Set up a way to pay: done',
      'Add a shipping zone and a way to send: not done yet' +
        'Set up: Add a shipping zone and a way to send',
      'Add a first product with a photo: done',
      'Write the refund and privacy policies: done',
      'Serve the shop at its own domain over HTTPS: not done yet',
    ]);
    expect(
      within(card).getByRole('link', { name: 'Set up: Add a shipping zone and a way to send' }),
    ).toHaveAttribute('href', '/admin/settings/shipping');
    expect(within(card).getByRole('button', { name: 'Launch' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Preview shop' })).toBeInTheDocument();
  });

  it('says what is still to do when the launch is refused', async () => {
    const sent = await renderToday({
      'GET /me/': { status: 200, body: OWNER },
      'GET /shop/': { status: 200, body: CLOSED },
      'POST /shop/launch/': {
        status: 409,
        body: {
          detail: 'The shop cannot launch yet.',
          missing: CHECKLIST.filter((i) => !i.done),
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'Get ready to open' });
    fireEvent.click(within(card).getByRole('button', { name: 'Launch' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('The shop cannot launch yet. Still to do:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Add a shipping zone and a way to send',
      'Serve the shop at its own domain over HTTPS',
    ]);
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/shop/launch/']);
  });

  it('launches the shop, which then shows as open', async () => {
    await renderToday({
      'GET /me/': { status: 200, body: OWNER },
      'GET /shop/': { status: 200, body: { ...CLOSED, ready: true, checklist: OPEN.checklist } },
      'POST /shop/launch/': { status: 200, body: OPEN },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Launch' }));
    expect(await screen.findByRole('heading', { name: 'The shop is open' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get ready to open' })).toBeNull();
  });

  it('shows a member of staff the checklist without Launch', async () => {
    await renderToday({
      'GET /me/': { status: 200, body: STAFF },
      'GET /shop/': { status: 200, body: CLOSED },
    });
    const card = await screen.findByRole('region', { name: 'Get ready to open' });
    expect(within(card).queryByRole('button', { name: 'Launch' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Preview shop' })).toBeInTheDocument();
  });

  it('opens the shop in a new tab once the preview cookie is set', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    await renderToday({
      'GET /me/': { status: 200, body: STAFF },
      'GET /shop/': { status: 200, body: CLOSED },
      'POST /shop/preview-session/': {
        status: 200,
        body: { storefront_url: 'https://tidewater.example', expires_at: '2026-12-08T09:30:00Z' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Preview shop' }));
    await waitFor(() => expect(tab.location.href).toBe('https://tidewater.example'));
    expect(tab.opener).toBeNull();
  });

  it('closes the open shop for a holiday with a message, and reopens it', async () => {
    const sent = await renderToday({
      'GET /me/': { status: 200, body: OWNER },
      'GET /shop/': { status: 200, body: OPEN },
      'POST /shop/close/': { status: 200, body: HOLIDAY },
      'POST /shop/reopen/': { status: 200, body: OPEN },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Close for a holiday' }));
    await userEvent.type(
      screen.getByLabelText('Message for shoppers'),
      'Away at the craft fair until 14 June.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close the shop' }));
    expect(
      await screen.findByRole('heading', { name: 'The shop is closed for a holiday' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Away at the craft fair until 14 June.')).toBeInTheDocument();
    expect(sent.find((r) => r.path === '/shop/close/')?.body).toEqual({
      message: 'Away at the craft fair until 14 June.',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByRole('heading', { name: 'The shop is open' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a holiday message beside the field', async () => {
    await renderToday({
      'GET /me/': { status: 200, body: OWNER },
      'GET /shop/': { status: 200, body: OPEN },
      'POST /shop/close/': {
        status: 400,
        body: { message: ['Control characters are not allowed.'] },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Close for a holiday' }));
    await userEvent.type(screen.getByLabelText('Message for shoppers'), 'Back soon');
    fireEvent.click(screen.getByRole('button', { name: 'Close the shop' }));
    expect(await screen.findByText('Control characters are not allowed.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The shop is open' })).toBeInTheDocument();
  });
});
