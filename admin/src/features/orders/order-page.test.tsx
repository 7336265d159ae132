/**
 * An order's page says what a move did where the maker is looking: a status message in place of
 * the form just used (read out, focused), the form closed, and no form full of money waiting
 * after it (the refund opens only when asked, with no amount until pieces are picked or one is
 * typed). A refund of picked pieces, put back in stock; a corrected tracking number.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOP_CURRENCY_QUERY_KEY } from '../../api/shop-currency';
import { clearTokens } from '../../api/tokens';
import { anOrder } from '../../test/orders';
import { fakeApi, signIn } from '../../test/render';
import { ME_QUERY_KEY } from '../auth/api';
import type { AdminOrder } from './api';
import { OrderPage } from './order-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const OWNER = {
  id: 1,
  email: 'maya@emberandoak.example',
  name: 'Maya Hart',
  role: 'owner',
  totp_enabled: true,
  totp_required: false,
};

const MUG = {
  id: 4,
  product_name: 'Tenmoku Tea Mug',
  product_slug: 'tenmoku-tea-mug',
  quantity: 2,
  unit_price: '45.00',
  line_total: '90.00',
  options: [],
  made_to_order: false,
  dispatch_earliest: null,
  dispatch_latest: null,
  age_restricted: false,
  refunded_quantity: 0,
  restocked_quantity: 0,
};

async function renderPage() {
  const root = createRootRoute();
  const auth = createRoute({ getParentRoute: () => root, id: '_auth' });
  const shell = createRoute({ getParentRoute: () => auth, id: '_shell' });
  const page = createRoute({
    getParentRoute: () => shell,
    path: 'orders/$number',
    component: OrderPage,
  });
  const print = createRoute({ getParentRoute: () => auth, path: 'orders/$number/print' });
  const list = createRoute({ getParentRoute: () => shell, path: 'orders' });
  const router = createRouter({
    routeTree: root.addChildren([auth.addChildren([shell.addChildren([page, list]), print])]),
    history: createMemoryHistory({ initialEntries: ['/orders/ORD-7K3F-9QXD'] }),
  });
  await router.load();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(SHOP_CURRENCY_QUERY_KEY, 'USD');
  queryClient.setQueryData(ME_QUERY_KEY, OWNER);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The paid order the server answers after Mark paid: refund and cancel are offered to an owner. */
const paid = (overrides: Partial<AdminOrder> = {}) =>
  anOrder({
    status: 'paid',
    lines: [anOrder().lines[0]!, MUG],
    paid_total: '475.00',
    refundable: '475.00',
    expires_at: null,
    actions: ['ship', 'cancel', 'refund'],
    ...overrides,
  });

describe('an order page after a move', () => {
  it('shows Mark paid’s result where the form was, focused, with no refund form open', async () => {
    fakeApi({
      'GET /orders/ORD-7K3F-9QXD/': { status: 200, body: anOrder() },
      'POST /orders/ORD-7K3F-9QXD/mark-paid/': { status: 200, body: paid() },
    });
    await renderPage();
    const actions = await screen.findByRole('region', { name: 'Actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Mark paid' }));

    const status = await within(actions).findByRole('status');
    expect(status).toHaveTextContent('Marked paid: $475.00 received. The customer is e-mailed.');
    await waitFor(() => expect(document.activeElement).toContainElement(status));
    // The form just used is gone, and the refund waits closed: nothing holds money.
    expect(within(actions).queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(screen.queryByLabelText('Amount')).toBeNull();
    expect(screen.queryByLabelText('Amount received')).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Start a refund' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // The top of the page says nothing: the message is where the maker looks.
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('leaves the last order’s message and open forms behind when moving to another order', async () => {
    fakeApi({
      'GET /orders/ORD-7K3F-9QXD/': { status: 200, body: paid() },
      'GET /orders/ORD-2B2B-2C2C/': {
        status: 200,
        body: paid({ order_number: 'ORD-2B2B-2C2C' }),
      },
    });
    const router = await renderPage();
    await screen.findByRole('region', { name: 'Actions' });
    // Both orders seen once: going back to one shows it at once, from what was read.
    await router.navigate({ to: '/orders/$number', params: { number: 'ORD-2B2B-2C2C' } });
    await screen.findByRole('heading', { name: 'ORD-2B2B-2C2C', level: 1 });
    await router.navigate({ to: '/orders/$number', params: { number: 'ORD-7K3F-9QXD' } });
    await screen.findByRole('heading', { name: 'ORD-7K3F-9QXD', level: 1 });
    const actions = screen.getByRole('region', { name: 'Actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Start a refund' }));
    expect(within(actions).getByLabelText('Amount')).toBeInTheDocument();
    await router.navigate({ to: '/orders/$number', params: { number: 'ORD-2B2B-2C2C' } });
    await screen.findByRole('heading', { name: 'ORD-2B2B-2C2C', level: 1 });
    // The other order's refund waits closed: no form of the last order's money is left open.
    expect(screen.queryByLabelText('Amount')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Actions' })).getByRole('button', {
        name: 'Start a refund',
      }),
    ).toHaveAttribute('aria-expanded', 'false');
  });

  it('refunds a picked mug back into stock, the amount following the pick, then closes', async () => {
    const after = paid({
      refunded_total: '45.00',
      refundable: '430.00',
      lines: [anOrder().lines[0]!, { ...MUG, refunded_quantity: 1, restocked_quantity: 1 }],
    });
    const sent = fakeApi({
      'GET /orders/ORD-7K3F-9QXD/': { status: 200, body: paid() },
      'POST /orders/ORD-7K3F-9QXD/refunds/': { status: 200, body: after },
    });
    await renderPage();
    const actions = await screen.findByRole('region', { name: 'Actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Start a refund' }));
    const refund = within(actions).getByRole('form', { name: 'Refund' });
    const amount = within(refund).getByLabelText('Amount');
    expect(amount).toHaveValue('');

    await userEvent.click(within(actions).getByRole('checkbox', { name: /Tenmoku Tea Mug/ }));
    // Both mugs are picked at first: the amount follows, and one is chosen instead.
    await waitFor(() => expect(amount).toHaveValue('90.00'));
    await userEvent.selectOptions(within(actions).getByLabelText('How many'), '1');
    await waitFor(() => expect(amount).toHaveValue('45.00'));
    await userEvent.click(within(actions).getByRole('checkbox', { name: 'Put back in stock' }));
    await userEvent.type(within(refund).getByLabelText('Reason'), 'Came back unused');
    await userEvent.click(within(refund).getByRole('button', { name: 'Refund…' }));
    expect(await screen.findByText('1 × Tenmoku Tea Mug (back in stock)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));

    const status = await within(actions).findByRole('status');
    expect(status).toHaveTextContent(
      'Refund of $45.00 recorded for 1 piece, back in stock. The customer is e-mailed.',
    );
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      amount: '45.00',
      reason: 'Came back unused',
      lines: [{ item_id: 4, quantity: 1, restock: true }],
    });
    // Closed again: the next refund is opened on purpose, with nothing filled in.
    expect(within(actions).queryByLabelText('Amount')).toBeNull();
    await userEvent.click(within(actions).getByRole('button', { name: 'Start a refund' }));
    expect(within(actions).getByLabelText('Amount')).toHaveValue('');
  });

  it('corrects a tracking number, saying so in the shipment', async () => {
    const shipped = paid({
      status: 'shipped',
      actions: ['refund', 'correct_tracking'],
      shipments: [
        {
          ...anOrder().shipments[0]!,
          fulfilment: {
            status: 'shipped',
            carrier: 'royal_mail',
            tracking_number: 'AB123456789GB',
            tracking_url: null,
            shipped_at: '2026-11-24T10:00:00Z',
            ready_at: null,
            collected_at: null,
          },
        },
      ],
    });
    const corrected = {
      ...shipped,
      shipments: [
        {
          ...shipped.shipments[0]!,
          fulfilment: {
            ...shipped.shipments[0]!.fulfilment!,
            carrier: 'dpd' as const,
            tracking_number: '15501234567890',
          },
        },
      ],
    };
    const sent = fakeApi({
      'GET /orders/ORD-7K3F-9QXD/': { status: 200, body: shipped },
      'POST /orders/ORD-7K3F-9QXD/shipments/0/tracking/': { status: 200, body: corrected },
    });
    await renderPage();
    const shipments = await screen.findByRole('region', { name: 'Shipments' });
    await userEvent.click(within(shipments).getByRole('button', { name: /Correct tracking/ }));
    expect(within(shipments).getByLabelText('Tracking number')).toHaveValue('AB123456789GB');
    // Close gives the focus back to the button that opened the form; it opens again.
    await userEvent.click(within(shipments).getByRole('button', { name: 'Close' }));
    expect(within(shipments).getByRole('button', { name: /Correct tracking/ })).toHaveFocus();
    await userEvent.click(within(shipments).getByRole('button', { name: /Correct tracking/ }));
    await userEvent.selectOptions(within(shipments).getByLabelText('Carrier'), 'dpd');
    await userEvent.clear(within(shipments).getByLabelText('Tracking number'));
    await userEvent.type(within(shipments).getByLabelText('Tracking number'), '15501234567890');
    await userEvent.click(within(shipments).getByRole('button', { name: 'Save tracking' }));

    expect(await within(shipments).findByRole('status')).toHaveTextContent(
      'Royal Mail Special Delivery: tracking corrected to DPD 15501234567890.',
    );
    expect(within(shipments).queryByLabelText('Tracking number')).toBeNull();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      carrier: 'dpd',
      tracking_number: '15501234567890',
    });
  });
});
