import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import { renderWithRouter } from '../../test/render-with-router';
import { browser } from '../payments/api';
import { OrderDetailPage } from './order-pages';
import { get, post, setUpOrderCalls } from '../../test/mock-order-calls';
import { gyutoOrder } from '../../test/order-fixtures';

/*
 * One order at /account/orders/{id} (spec sections 2, 4 and 8): its lines, address and payment,
 * Pay now and Cancel order exactly as the server offers them (`actions`), the bank details,
 * what an expired or canceled order tells the shopper, and another shopper's order.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpOrderCalls();

describe('/account/orders/{id}', () => {
  it('shows lines, address and payment, and Pay now starts a new card payment', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: gyutoOrder({
        latest_payment: {
          payment_uuid: '9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
          status: 'failed',
          order_id: 42,
          order_identifier: 'ORD-7K3F-9QXD',
          gateway_transaction_ref: null,
          currency: 'USD',
          amount: '490.00',
          error_message: 'The card was declined.',
          created_at: '2026-11-22T10:01:00Z',
          refund_status: null,
        },
      }),
    });
    post.mockResolvedValue({
      data: {
        redirectUrl: 'http://127.0.0.1:8080/api/payments/sandbox/checkout/abc/',
        payment_uuid: 'bbbbbbbb-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
        status: 'initiated',
        amount: '490.00',
        currency: 'USD',
      },
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order ORD-7K3F-9QXD' }),
    ).toBeInTheDocument();
    expect(screen.getByText('engraving text: A.L.')).toBeInTheDocument();
    expect(screen.getByText('2 × $245.00')).toBeInTheDocument();
    expect(screen.getByText('12 Forge Lane')).toBeInTheDocument();
    expect(
      screen.getByText('The last card payment failed: The card was declined.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(post).toHaveBeenCalledWith('/payments/card/initiate/', {
      body: { order_id: 42, currency: 'USD' },
    });
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://127.0.0.1:8080/api/payments/sandbox/checkout/abc/',
      ),
    );
    assign.mockRestore();
  });

  it('shows the bank details and the reference for an unpaid bank-transfer order', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: gyutoOrder({
        payment_method: 'bank_transfer',
        payment_instructions: 'IBAN GB33 BUKB',
        actions: ['cancel'],
      }),
    });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(await screen.findByText('IBAN GB33 BUKB')).toBeInTheDocument();
    expect(screen.getByText(/as the payment reference/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
  });

  it.each([
    [['pay', 'cancel'], true, true],
    [['pay'], true, false],
    [['cancel'], false, true],
    [[], false, false],
  ] as const)(
    'shows on an unpaid card order offering %j: Pay now %s, Cancel order %s',
    async (actions, payNow, cancel) => {
      localStorage.setItem('authToken', 'token');
      get.mockResolvedValue({ data: gyutoOrder({ actions: [...actions] }) });
      await renderWithRouter(<OrderDetailPage orderId={42} />);
      await screen.findByRole('heading', { level: 1, name: 'Order ORD-7K3F-9QXD' });
      expect(screen.queryByRole('button', { name: 'Pay now' }) !== null).toBe(payNow);
      expect(screen.queryByRole('button', { name: 'Cancel order' }) !== null).toBe(cancel);
    },
  );

  it.each([
    [
      'expired',
      null,
      'This order was not paid in time, so it expired and its items went back on sale.',
    ],
    [
      'canceled',
      'pending',
      'A payment arrived after this order was closed. It will be refunded to you; you do not need to do anything.',
    ],
    [
      'expired',
      'refunded',
      'A payment arrived after this order was closed, and it has been refunded to you.',
    ],
  ] as const)('tells a shopper about an order %s with refund %s', async (status, refund, text) => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({ data: gyutoOrder({ status, refund_status: refund, actions: [] }) });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText(status === 'expired' ? 'Expired' : 'Canceled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it("says 'Order not found.' for another shopper's order (404)", async () => {
    localStorage.setItem('authToken', 'token');
    get.mockRejectedValue(new ApiError(404, { detail: 'Not found.' }));
    await renderWithRouter(<OrderDetailPage orderId={999} />);
    expect(await screen.findByRole('heading', { name: 'Order not found.' })).toBeInTheDocument();
  });
});
