import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { renderWithQuery, signIn } from '../../test/render';
import type { Customer } from './api';
import { CustomerView } from './customer-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const customer: Customer = {
  id: 42,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  username: 'ada',
  email_verified: true,
  orders: 1,
  total_spent: '475.00',
  refunded: '0.00',
  average_order: '475.00',
  last_order_at: '2026-11-24T09:12:00Z',
  joined_at: '2026-03-02T09:00:00Z',
  orders_list: [
    {
      order_number: 'ORD-7K3F-9QXD',
      status: 'paid',
      placed_at: '2026-11-24T09:12:00Z',
      paid_at: '2026-11-24T10:02:00Z',
      total: '475.00',
      refunded: '0.00',
      counted: true,
    },
    {
      order_number: 'ORD-8K3F-9QXD',
      status: 'awaiting_payment',
      placed_at: '2026-11-25T09:12:00Z',
      paid_at: null,
      total: '95.00',
      refunded: '0.00',
      counted: false,
    },
  ],
  addresses: [
    {
      fullname: 'Ada Lovelace',
      street: '7 Wren Close',
      city: 'York',
      postal_code: 'YO1 7HH',
      country: 'GB',
      contact_number: '+44 1904 496 0123',
      source: 'saved',
      is_default: true,
    },
  ],
  messages: [
    {
      id: 3,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Engraving',
      excerpt: 'Could the gyuto carry my initials?',
      created_at: '2026-11-20T15:00:00Z',
      is_read: true,
      is_archived: false,
      reply_count: 1,
    },
  ],
  consent: { marketing: 'not_recorded', newsletter: 'not_recorded' },
};

describe('a customer', () => {
  it('shows their orders, spend, addresses, messages and consent, and offers nothing to edit', async () => {
    const root = createRootRoute();
    const page = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => <CustomerView customer={customer} />,
    });
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    await router.load();
    renderWithQuery(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ORD-7K3F-9QXD' })).toHaveAttribute(
      'href',
      '/orders/ORD-7K3F-9QXD',
    );
    expect(screen.getByText(/not in the sales/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Engraving' })).toHaveAttribute('href', '/inbox/3');
    expect(screen.getByText('Saved, default')).toBeInTheDocument();
    expect(screen.getAllByText('Not asked')).toHaveLength(2);
    expect(screen.getByText(/send them no marketing e-mails/)).toBeInTheDocument();
    // Read-only: the account is the shopper's.
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
  });
});
