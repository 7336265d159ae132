import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { renderWithRouter } from '../../components/testing/render-with-router';
import { browser } from '../payments/api';
import type { Order } from './api';
import { OrderDetailPage, OrderListPage } from './order-pages';

vi.mock('../../api/client', () => ({ api: { GET: vi.fn(), POST: vi.fn() } }));
type Call = ReturnType<typeof vi.fn>;
const get = api.GET as unknown as Call;
const post = api.POST as unknown as Call;

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    order_number: 'ORD-7K3F-9QXD',
    status: 'awaiting_payment',
    payment_method: 'card_2c2p',
    total_price: '490.00',
    total_items: 2,
    delivery_address: {
      fullname: 'Ada Lovelace',
      contact_number: '+44 114 496 0000',
      street: '12 Forge Lane',
      city: 'Sheffield',
      postalCode: 'S1 2AB',
      country: 'United Kingdom',
    },
    items: [
      {
        id: 1,
        product_id: 7,
        product_name: 'Damascus Gyuto 210mm',
        product_slug: 'damascus-gyuto-210',
        thumb_image: null,
        customization: { engraving_text: 'A.L.' },
        quantity: 2,
        unit_price: '245.00',
        line_total: '490.00',
      },
    ],
    created_at: '2026-11-22T10:00:00Z',
    paid_at: null,
    payment_instructions: null,
    payment_redirect_url: null,
    latest_payment: null,
    ...overrides,
  };
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('/account/orders (issue 6)', () => {
  it('asks a logged-out shopper to log in, coming back to the history', async () => {
    await renderWithRouter(<OrderListPage />);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=/account/orders',
    );
    expect(get).not.toHaveBeenCalled();
  });

  it('lists the orders with status, lines and total, and Pay now only on an unpaid card order', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: {
        count: 2,
        next: null,
        previous: null,
        results: [
          order(),
          order({
            id: 41,
            order_number: 'ORD-M4TD-82HQ',
            status: 'paid',
            paid_at: '2026-11-21T10:00:00Z',
          }),
        ],
      },
    });
    await renderWithRouter(<OrderListPage />);
    await screen.findByRole('heading', { name: 'Order ORD-7K3F-9QXD' });
    expect(get).toHaveBeenCalledWith('/orders/orders/', {
      params: { query: { page: 1, page_size: 10 } },
      signal: expect.anything(),
    });
    const unpaid = screen.getByRole('heading', { name: 'Order ORD-7K3F-9QXD' }).closest('li')!;
    expect(unpaid).toHaveTextContent('Awaiting payment');
    expect(unpaid).toHaveTextContent('Damascus Gyuto 210mm × 2');
    expect(unpaid).toHaveTextContent('$490.00');
    expect(within(unpaid).getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    const paid = screen.getByRole('heading', { name: 'Order ORD-M4TD-82HQ' }).closest('li')!;
    expect(paid).toHaveTextContent('Paid');
    expect(within(paid).queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('says when there are no orders yet', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({ data: { count: 0, next: null, previous: null, results: [] } });
    await renderWithRouter(<OrderListPage />);
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
  });
});

describe('/account/orders/{id} (issue 6)', () => {
  it('shows lines, address and payment, and Pay now starts a new card payment', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: order({
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
      data: order({ payment_method: 'bank_transfer', payment_instructions: 'IBAN GB33 BUKB' }),
    });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(await screen.findByText('IBAN GB33 BUKB')).toBeInTheDocument();
    expect(screen.getByText(/as the payment reference/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it("says 'Order not found.' for another shopper's order (404)", async () => {
    localStorage.setItem('authToken', 'token');
    get.mockRejectedValue(new ApiError(404, { detail: 'Not found.' }));
    await renderWithRouter(<OrderDetailPage orderId={999} />);
    expect(await screen.findByRole('heading', { name: 'Order not found.' })).toBeInTheDocument();
  });
});
