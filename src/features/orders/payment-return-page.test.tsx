import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { renderWithRouter } from '../../test/render-with-router';
import { browser, type PaymentStatus } from '../payments/api';
import { PaymentReturnPage } from './payment-return-page';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
type Call = ReturnType<typeof vi.fn>;
const get = api.GET as unknown as Call;
const post = api.POST as unknown as Call;

const UUID = '9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b';

function payment(overrides: Partial<PaymentStatus> = {}): PaymentStatus {
  return {
    payment_uuid: UUID,
    status: 'succeeded',
    order_id: 42,
    order_identifier: 'ORD-7K3F-9QXD',
    gateway_transaction_ref: 'SBX-20261122-4F7K9Q',
    currency: 'USD',
    amount: '245.00',
    error_message: null,
    created_at: '2026-11-22T10:00:00Z',
    refund_status: null,
    ...overrides,
  };
}

async function arrive(paymentId: string | undefined) {
  localStorage.setItem('authToken', 'token');
  const view = await renderWithRouter(<PaymentReturnPage paymentId={paymentId} />, {
    path: '/payment/return',
  });
  return view;
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

describe('/payment/return (spec sections 4, 5 and 8)', () => {
  it('waits 1.5 s before asking for the status, then shows the success screen', async () => {
    get.mockResolvedValue({ data: payment() });
    await arrive(UUID);
    expect(screen.getByRole('heading', { name: 'Checking your payment' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(get).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(get).toHaveBeenCalledWith('/payments/history/{uuid}/', {
      params: { path: { uuid: UUID } },
      signal: expect.anything(),
    });
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.getByText(/We received \$245\.00 for order/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order ORD-7K3F-9QXD' })).toHaveAttribute(
      'href',
      '/account/orders/42',
    );
  });

  it.each([
    [
      'pending',
      'Your payment arrived after the order was closed, so it will be refunded to you. You do not need to do anything.',
    ],
    [
      'refunded',
      'Your payment arrived after the order was closed, and it has been refunded to you.',
    ],
  ] as const)(
    'says a payment that arrived after closing is refunded (%s)',
    async (refund, text) => {
      get.mockResolvedValue({ data: payment({ refund_status: refund }) });
      await arrive(UUID);
      await act(() => vi.advanceTimersByTimeAsync(1600));
      expect(
        await screen.findByRole('heading', { name: 'Payment Received After Closing' }),
      ).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Payment Successful' })).toBeNull();
    },
  );

  it('falls back to the payment kept in the session when the URL has none', async () => {
    sessionStorage.setItem('pendingPaymentId', UUID);
    get.mockResolvedValue({ data: payment() });
    await arrive(undefined);
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(get.mock.calls[0]![1]).toMatchObject({ params: { path: { uuid: UUID } } });
  });

  it("says 'Could not identify the payment transaction.' with no id at all, without a call", async () => {
    await arrive(undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not identify the payment transaction.',
    );
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(get).not.toHaveBeenCalled();
  });

  it.each([
    ['failed', 'The card was declined.', 'Payment Failed', 'The card was declined.'],
    ['canceled', null, 'Payment Canceled', 'Please check the details and try again.'],
  ] as const)(
    'shows %s with its reason and offers to pay again',
    async (status, reason, title, shown) => {
      get.mockResolvedValue({ data: payment({ status, error_message: reason }) });
      const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
      post.mockResolvedValue({
        data: {
          redirectUrl: 'http://127.0.0.1:8080/api/payments/sandbox/checkout/new/',
          payment_uuid: 'aaaaaaaa-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
          status: 'initiated',
          amount: '245.00',
          currency: 'USD',
        },
      });
      await arrive(UUID);
      await act(() => vi.advanceTimersByTimeAsync(1600));
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText(shown)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Pay again' }));
      expect(post).toHaveBeenCalledWith('/payments/card/initiate/', {
        body: { order_id: 42, currency: 'USD' },
      });
      await vi.waitFor(() =>
        expect(assign).toHaveBeenCalledWith(
          'http://127.0.0.1:8080/api/payments/sandbox/checkout/new/',
        ),
      );
      assign.mockRestore();
    },
  );

  it("shows 'Payment Processing' for a payment under way and asks again until it is final", async () => {
    get
      .mockResolvedValueOnce({ data: payment({ status: 'pending' }) })
      .mockResolvedValue({ data: payment() });
    await arrive(UUID);
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it.each([
    [new ApiError(404, { detail: 'Not found.' }), 'Payment transaction not found.'],
    [new ApiError(500, null), 'Failed to retrieve payment status. Please contact support.'],
    [new TypeError('Failed to fetch'), 'An error occurred while checking payment status.'],
  ])('names a failed lookup: %s', async (error, message) => {
    get.mockRejectedValue(error);
    await arrive(UUID);
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('treats the error status as a lookup failure and anything unknown as such', async () => {
    get.mockResolvedValue({ data: payment({ status: 'error' }) });
    const { unmount } = await arrive(UUID);
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to retrieve payment status. Please contact support.',
    );
    unmount();
    get.mockResolvedValue({ data: payment({ status: 'refunded' as PaymentStatus['status'] }) });
    await arrive(UUID);
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown payment status.');
  });
});
