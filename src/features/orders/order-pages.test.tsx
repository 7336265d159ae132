import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { dispatchRange } from '../../components/dispatch';
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
    subtotal: '490.00',
    shipping_price: '0.00',
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
        options: [],
        quantity: 2,
        unit_price: '245.00',
        line_total: '490.00',
        made_to_order: false,
        age_restricted: true,
        dispatch: { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' },
      },
    ],
    shipments: [],
    needs_adult_signature: false,
    age_attestation: null,
    created_at: '2026-11-22T10:00:00Z',
    paid_at: null,
    expires_at: null,
    closed_at: null,
    refund_status: null,
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

describe('/account/orders', () => {
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

/** A knife with its handle chosen, sent age-verified, and a made-to-order ewer collected. */
function shippedOrder(overrides: Partial<Order> = {}): Order {
  const base = order();
  return order({
    subtotal: '925.00',
    shipping_price: '9.50',
    total_price: '934.50',
    total_items: 2,
    delivery_address: { ...base.delivery_address, country: 'GB' },
    items: [
      {
        ...base.items[0]!,
        id: 1,
        quantity: 1,
        customization: { handle: 'ebony', engraving_text: 'A.L.' },
        options: [
          {
            key: 'handle',
            label: 'Handle wood',
            value: 'ebony',
            display_value: 'Ebony',
            price_delta: '20.00',
          },
          {
            key: 'engraving_text',
            label: 'Engraving',
            value: 'A.L.',
            display_value: 'A.L.',
            price_delta: '15.00',
          },
        ],
        unit_price: '440.00',
        line_total: '440.00',
      },
      {
        id: 2,
        product_id: 31,
        product_name: 'Copper Red Ewer',
        product_slug: 'copper-red-ewer',
        thumb_image: null,
        customization: {},
        options: [],
        quantity: 1,
        unit_price: '485.00',
        line_total: '485.00',
        made_to_order: true,
        age_restricted: false,
        dispatch: { made_to_order: true, earliest: '2026-12-21', latest: '2027-01-04' },
      },
    ],
    shipments: [
      {
        method: 'uk-age-verified',
        name: 'Age-verified delivery (DPD)',
        kind: 'delivery',
        age_verified: true,
        price: '9.50',
        item_ids: [1],
      },
      {
        method: 'collection',
        name: 'Collect from the workshop',
        kind: 'collection',
        age_verified: false,
        price: '0.00',
        item_ids: [2],
      },
    ],
    needs_adult_signature: true,
    ...overrides,
  });
}

describe('options, shipping and delivery in the history', () => {
  it('lists each line with its options by label', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: { count: 1, next: null, previous: null, results: [shippedOrder()] },
    });
    await renderWithRouter(<OrderListPage />);
    const card = (await screen.findByRole('heading', { name: 'Order ORD-7K3F-9QXD' })).closest(
      'li',
    )!;
    expect(card).toHaveTextContent('Handle wood: Ebony · Engraving: A.L.');
    expect(card).toHaveTextContent('$934.50');
  });

  it("shows the options, the made-to-order dispatch, the shipments, the totals, the adult's signature and the country by name", async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({ data: shippedOrder() });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    await screen.findByRole('heading', { level: 1, name: 'Order ORD-7K3F-9QXD' });
    expect(screen.getByText('Handle wood: Ebony')).toBeInTheDocument();
    expect(screen.getByText('Engraving: A.L.')).toBeInTheDocument();
    expect(screen.queryByText(/engraving text/)).toBeNull();
    const ewer = screen.getByRole('link', { name: 'Copper Red Ewer' }).closest('li')!;
    expect(ewer.textContent).toContain(
      `Made to order: estimated dispatch ${dispatchRange({ earliest: '2026-12-21', latest: '2027-01-04' })}`,
    );
    // A ready piece says nothing of its dispatch.
    const knife = screen.getByRole('link', { name: 'Damascus Gyuto 210mm' }).closest('li')!;
    expect(knife).not.toHaveTextContent('Made to order');

    const totals = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(totals('Subtotal')).toHaveTextContent('$925.00');
    expect(totals('Shipping')).toHaveTextContent('$9.50');
    expect(totals('Age-verified delivery (DPD)')).toHaveTextContent('$9.50');
    expect(totals('Collect from the workshop')).toHaveTextContent('Free');
    expect(totals('Total')).toHaveTextContent('$934.50');

    expect(
      screen.getByText("This parcel needs an adult's signature on delivery."),
    ).toBeInTheDocument();
    const address = screen.getByText('Ada Lovelace').closest('address')!;
    expect(address).toHaveTextContent('United Kingdom');
    expect(address).toHaveTextContent('12 Forge Lane');
    expect(address).not.toHaveTextContent('GB');
  });

  it("says 'Collect from the workshop' in place of the street of a collected order, and no signature note without a blade", async () => {
    localStorage.setItem('authToken', 'token');
    const base = shippedOrder();
    get.mockResolvedValue({
      data: shippedOrder({
        delivery_address: { ...base.delivery_address, street: '', city: '', postalCode: '' },
        shipments: [{ ...base.shipments[1]!, item_ids: [1, 2] }],
        shipping_price: '0.00',
        total_price: '925.00',
        needs_adult_signature: false,
      }),
    });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    const address = (await screen.findByText('Ada Lovelace')).closest('address')!;
    expect(within(address).getByText('Collect from the workshop')).toBeInTheDocument();
    expect(address).toHaveTextContent(
      'Ada LovelaceCollect from the workshopUnited Kingdom+44 114 496 0000',
    );
    expect(screen.getByText('Shipping', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Free',
    );
    expect(screen.queryByText("This parcel needs an adult's signature on delivery.")).toBeNull();
  });
});

describe('/account/orders/{id}', () => {
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
      data: order({ payment_method: 'bank_transfer', payment_instructions: 'IBAN GB33 BUKB' }),
    });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(await screen.findByText('IBAN GB33 BUKB')).toBeInTheDocument();
    expect(screen.getByText(/as the payment reference/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('cancels an unpaid order after asking, and then says its items are back on sale', async () => {
    localStorage.setItem('authToken', 'token');
    const unpaid = order({
      payment_method: 'bank_transfer',
      expires_at: '2026-11-29T10:00:00Z',
    });
    get.mockResolvedValue({ data: unpaid });
    post.mockResolvedValue({
      data: { ...unpaid, status: 'canceled', expires_at: null, closed_at: '2026-11-23T10:00:00Z' },
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
    get.mockResolvedValue({ data: order({ payment_method: 'bank_transfer' }) });
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

  it('offers no Cancel while a card payment is processing, nor on a paid order', async () => {
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
    get.mockResolvedValue({ data: order({ latest_payment: processing }) });
    const first = await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(await screen.findByText('A card payment is in progress.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    first.unmount();
    get.mockResolvedValue({ data: order({ status: 'paid', paid_at: '2026-11-22T10:02:00Z' }) });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(await screen.findByText(/Paid on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

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
    get.mockResolvedValue({ data: order({ status, refund_status: refund }) });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText(status === 'expired' ? 'Expired' : 'Canceled')).toBeInTheDocument();
  });

  it("says 'Order not found.' for another shopper's order (404)", async () => {
    localStorage.setItem('authToken', 'token');
    get.mockRejectedValue(new ApiError(404, { detail: 'Not found.' }));
    await renderWithRouter(<OrderDetailPage orderId={999} />);
    expect(await screen.findByRole('heading', { name: 'Order not found.' })).toBeInTheDocument();
  });
});
