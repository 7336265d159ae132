import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import { renderWithRouter } from '../../test/render-with-router';
import { OrderDetailPage } from './order-pages';
import { get, post, setUpOrderCalls } from '../../test/mock-order-calls';
import { makeOrder } from '../../test/order-fixtures';
import type { Order } from './api';

/*
 * The 14-day right on the order page (issue 29; Consumer Contracts Regulations 2013 regs
 * 29-32): the deadline, why an exempt order has none, and the request form's messages.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpOrderCalls();

type Item = Order['items'][number];
const line = (overrides: Partial<Item>): Item => ({
  id: 1,
  product_id: 29,
  product_name: 'Tenmoku Tea Mug',
  product_slug: 'tenmoku-tea-mug',
  thumb_image: null,
  customization: {},
  options: [],
  quantity: 1,
  unit_price: '45.00',
  line_total: '45.00',
  made_to_order: false,
  age_restricted: false,
  dispatch: null,
  vat_amount: null,
  cancellation_exempt: false,
  ...overrides,
});

const OPEN = {
  exempt: false,
  deadline: '2026-12-15T23:59:59Z',
  can_request: true,
  requested_at: null,
};

function paidOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    status: 'shipped',
    payment_method: 'bank_transfer',
    paid_at: '2026-11-22T11:00:00Z',
    items: [line({})],
    cancellation: OPEN,
    actions: [],
    ...overrides,
  });
}

async function renderOrder(order: Order) {
  localStorage.setItem('authToken', 'token');
  get.mockResolvedValue({ data: order });
  await renderWithRouter(<OrderDetailPage orderId={42} />);
  return screen.findByRole('region', { name: 'Cancellation' });
}

describe('order page: the 14-day right to cancel', () => {
  it('shows the deadline and sends the request with the reason, then says it was requested', async () => {
    const panel = await renderOrder(paidOrder());
    expect(panel).toHaveTextContent(/You can cancel until (December 15, 2026|15 December 2026)\./);
    expect(screen.getByRole('link', { name: 'Your cancellation rights' })).toHaveAttribute(
      'href',
      '/cancellation',
    );
    post.mockResolvedValue({
      data: paidOrder({
        cancellation: { ...OPEN, can_request: false, requested_at: '2026-12-02T09:00:00Z' },
      }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel this order' }));
    const reason = screen.getByLabelText('Reason (optional)');
    expect(reason).toHaveFocus();
    await user.type(reason, '  Too small for my hands.  ');
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));

    expect(post).toHaveBeenCalledWith('/orders/orders/{id}/cancellation-request/', {
      params: { path: { id: 42 } },
      body: { reason: 'Too small for my hands.' },
    });
    const status = screen.getByTestId('order-cancellation-status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        /^Cancellation requested on (December 2, 2026|2 December 2026)\. The shop will confirm and refund within 14 days\.$/,
      ),
    );
    expect(status).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cancel this order' })).toBeNull();
    expect(screen.queryByLabelText('Reason (optional)')).toBeNull();
  });

  it('sends no reason when none is given, and "Keep my order" closes the form unsent', async () => {
    await renderOrder(paidOrder());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel this order' }));
    await user.click(screen.getByRole('button', { name: 'Keep my order' }));
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel this order' })).toHaveFocus();

    post.mockResolvedValue({ data: paidOrder() });
    await user.click(screen.getByRole('button', { name: 'Cancel this order' }));
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(post).toHaveBeenCalledWith('/orders/orders/{id}/cancellation-request/', {
      params: { path: { id: 42 } },
      body: {},
    });
  });

  it("shows the server's reason when the request is refused, in the form", async () => {
    await renderOrder(paidOrder());
    post.mockRejectedValue(
      new ApiError(409, {
        detail: 'The 14-day cancellation period of this order ended on 15 December 2026.',
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel this order' }));
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The 14-day cancellation period of this order ended on 15 December 2026.',
    );
  });

  it('falls back to a plain message when the request fails without a reason', async () => {
    await renderOrder(paidOrder());
    post.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel this order' }));
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your cancellation could not be sent. Please try again, or e-mail the shop.',
    );
  });

  it('an exempt order says why it cannot be cancelled, with no button', async () => {
    const panel = await renderOrder(
      paidOrder({
        items: [
          line({ product_name: 'Oak Board', made_to_order: true, cancellation_exempt: true }),
        ],
        cancellation: { exempt: true, deadline: null, can_request: false, requested_at: null },
      }),
    );
    expect(panel).toHaveTextContent(
      'The pieces of this order were made to order or personalised for you, so the 14-day right to cancel does not apply to it.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel this order' })).toBeNull();
  });

  it('names the exempt pieces of an order the right covers in part', async () => {
    const panel = await renderOrder(
      paidOrder({
        items: [
          line({}),
          line({ id: 2, product_name: 'Engraved Petty', cancellation_exempt: true }),
        ],
      }),
    );
    expect(panel).toHaveTextContent(
      'This piece cannot be cancelled, as made to order or personalised for you: Engraved Petty.',
    );
  });

  it('an unpaid order shows no cancellation panel (it is canceled from its payment instead)', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: makeOrder({
        items: [line({})],
        cancellation: { exempt: false, deadline: null, can_request: false, requested_at: null },
      }),
    });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    await screen.findByRole('heading', { name: 'Order ORD-7K3F-9QXD' });
    expect(screen.queryByRole('region', { name: 'Cancellation' })).toBeNull();
  });
});
