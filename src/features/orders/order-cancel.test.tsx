import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import { renderWithRouter } from '../../test/render-with-router';
import { OrderDetailPage } from './order-pages';
import { get, post, setUpOrderCalls } from '../../test/mock-order-calls';
import { gyutoOrder } from '../../test/order-fixtures';

/*
 * Canceling an unpaid order from its page (spec section 4): asked first, the items back on sale,
 * the server's reason when it refuses, and Cancel only where the server offers it (not while a
 * card payment is processing, nor once paid).
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpOrderCalls();

describe('/account/orders/{id}', () => {
  it('cancels an unpaid order after asking, and then says its items are back on sale', async () => {
    localStorage.setItem('authToken', 'token');
    const unpaid = gyutoOrder({
      payment_method: 'bank_transfer',
      expires_at: '2026-11-29T10:00:00Z',
      actions: ['cancel'],
    });
    get.mockResolvedValue({ data: unpaid });
    post.mockResolvedValue({
      data: {
        ...unpaid,
        status: 'canceled',
        expires_at: null,
        closed_at: '2026-11-23T10:00:00Z',
        actions: [],
      },
    });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(await screen.findByText(/Please pay by/)).toHaveTextContent(
      /after that the order is canceled and its items go back on sale/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel order ORD-7K3F-9QXD?' });
    // Keeping it changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(post).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }),
    );
    expect(post).toHaveBeenCalledWith('/orders/orders/{id}/cancel/', {
      params: { path: { id: 42 } },
    });
    expect(
      await screen.findByText('This order was canceled and its items went back on sale.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Canceled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it("shows the server's reason when an order cannot be canceled", async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: gyutoOrder({ payment_method: 'bank_transfer', actions: ['cancel'] }),
    });
    post.mockRejectedValue(new ApiError(409, { detail: 'This order can no longer be canceled.' }));
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order can no longer be canceled.',
    );
  });

  it('offers neither Cancel nor Pay now while a card payment is processing, nor on a paid order', async () => {
    localStorage.setItem('authToken', 'token');
    const processing = {
      payment_uuid: '9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
      status: 'pending' as const,
      order_id: 42,
      order_identifier: 'ORD-7K3F-9QXD',
      gateway_transaction_ref: null,
      currency: 'USD',
      amount: '490.00',
      error_message: null,
      created_at: '2026-11-22T10:01:00Z',
      refund_status: null,
    };
    // The server offers nothing then: it refuses both a new payment and a cancel.
    get.mockResolvedValue({ data: gyutoOrder({ latest_payment: processing, actions: [] }) });
    const first = await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(await screen.findByText('A card payment is in progress.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    first.unmount();
    get.mockResolvedValue({
      data: gyutoOrder({ status: 'paid', paid_at: '2026-11-22T10:02:00Z', actions: [] }),
    });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(await screen.findByText(/Paid on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });
});
