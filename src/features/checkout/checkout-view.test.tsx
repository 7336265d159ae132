import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { components } from '../../api/schema';
import {
  createTestQueryClient,
  renderWithRouter,
} from '../../components/testing/render-with-router';
import type { Cart } from '../cart/api';
import { browser } from '../payments/api';
import { CheckoutView } from './checkout-view';
import type { PaymentOptions } from './payment-methods';

vi.mock('../../api/client', () => ({
  api: { GET: vi.fn(), POST: vi.fn(), PATCH: vi.fn(), DELETE: vi.fn() },
}));
type Call = ReturnType<typeof vi.fn>;
const get = api.GET as unknown as Call;
const post = api.POST as unknown as Call;
type Order = components['schemas']['Order'];

const CART: Cart = {
  id: 1,
  items: [
    {
      id: 3,
      quantity: 2,
      customization: {},
      product: { id: 7, name: 'Gyuto', slug: 'gyuto', price: '245.00', stock: 4, main_image: null },
      line_total: '490.00',
    },
  ],
  total_items: 2,
  total_price: '490.00',
};

const ADDRESS = {
  fullname: 'Ada Lovelace',
  contact_number: '+44 114 496 0000',
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'United Kingdom',
};

function options(overrides: Partial<PaymentOptions> = {}): PaymentOptions {
  return {
    enable_card_payment: true,
    enable_bank_transfer: true,
    enable_custom_payment: true,
    bank_account_details: 'IBAN GB33 BUKB 2020 1555 5555 55',
    custom_payment_label: 'Pay at the workshop',
    custom_payment_instructions: 'Bring your order number.',
    custom_payment_redirect_url: null,
    ...overrides,
  };
}

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    order_number: 'ORD-7K3F-9QXD',
    status: 'awaiting_payment',
    payment_method: 'bank_transfer',
    total_price: '490.00',
    total_items: 2,
    delivery_address: ADDRESS,
    items: [],
    created_at: '2026-11-22T10:00:00Z',
    paid_at: null,
    payment_instructions: 'IBAN GB33 BUKB 2020 1555 5555 55',
    payment_redirect_url: null,
    latest_payment: null,
    ...overrides,
  };
}

const LABELS: Record<keyof typeof ADDRESS, string> = {
  fullname: 'Full name',
  contact_number: 'Contact number',
  street: 'Street address',
  city: 'City',
  postalCode: 'Postal code',
  country: 'Country',
};

async function fillAddress(values: Partial<typeof ADDRESS> = ADDRESS) {
  const user = userEvent.setup();
  for (const [field, value] of Object.entries(values)) {
    const input = screen.getByLabelText(LABELS[field as keyof typeof ADDRESS]);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

async function renderCheckout(shop: PaymentOptions | Error = options(), cart: Cart = CART) {
  localStorage.setItem('authToken', 'token');
  if (shop instanceof Error) get.mockRejectedValue(shop);
  else get.mockResolvedValue({ data: shop });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['cart'], cart);
  const onBack = vi.fn();
  const view = await renderWithRouter(<CheckoutView cart={cart} onBack={onBack} />, {
    path: '/cart?step=checkout',
    queryClient,
  });
  return { ...view, onBack };
}

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  get.mockReset();
  post.mockReset();
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

const placeOrder = () => screen.getByRole('button', { name: /Place Order/ });

describe('payment methods (spec sections 4 and 9)', () => {
  it('offers the enabled methods and chooses the first of card, bank transfer, custom', async () => {
    await renderCheckout();
    const group = screen.getByRole('group', { name: 'Payment method' });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: /Credit or debit card/ })).toBeChecked(),
    );
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(within(group).getByRole('radio', { name: /Pay at the workshop/ })).not.toBeChecked();
  });

  it("defaults to bank transfer without cards, and calls an unnamed custom method 'Other Payment Method'", async () => {
    await renderCheckout(options({ enable_card_payment: false, custom_payment_label: null }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Bank transfer/ })).toBeChecked());
    expect(screen.getByRole('radio', { name: /Other Payment Method/ })).toBeInTheDocument();
  });

  it("says 'Failed to load payment options. Please refresh the page.' when they do not load", async () => {
    await renderCheckout(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load payment options. Please refresh the page.',
    );
  });

  it("says 'Could not load payment options. Please try refreshing.' when they are unusable", async () => {
    get.mockResolvedValue({ data: '<html>' });
    localStorage.setItem('authToken', 'token');
    await renderWithRouter(<CheckoutView cart={CART} onBack={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load payment options. Please try refreshing.',
    );
  });

  it("asks 'Please select a payment method.' when the shop enables none", async () => {
    await renderCheckout(
      options({
        enable_card_payment: false,
        enable_bank_transfer: false,
        enable_custom_payment: false,
      }),
    );
    await screen.findByText('This shop is not taking payments online at the moment.');
    const user = await fillAddress();
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a payment method.');
    expect(post).not.toHaveBeenCalled();
  });

  it("refuses a method the shop no longer offers with 'Invalid payment method selected.'", async () => {
    const { queryClient } = await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    act(() =>
      queryClient.setQueryData(['payments', 'options'], options({ enable_bank_transfer: false })),
    );
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid payment method selected.');
    expect(post).not.toHaveBeenCalled();
  });
});

describe('the delivery address (spec section 5)', () => {
  it('names every missing or blank field in one message and sends nothing', async () => {
    await renderCheckout();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    const user = await fillAddress({ ...ADDRESS, fullname: '', city: '   ' });
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill in all required delivery address fields: Full name, City.',
    );
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Street address')).not.toHaveAttribute('aria-invalid');
    expect(post).not.toHaveBeenCalled();
  });

  it('goes back to the cart with Back to Cart', async () => {
    const { onBack } = await renderCheckout();
    await userEvent.click(screen.getByRole('button', { name: '← Back to Cart' }));
    expect(onBack).toHaveBeenCalled();
  });
});

describe('placing the order (spec section 4)', () => {
  it('sends the trimmed address with an Idempotency-Key, then shows the bank details on /order-confirmation', async () => {
    const placed = order();
    post.mockResolvedValue({ data: placed });
    const { router, queryClient } = await renderCheckout();
    const user = await fillAddress({ ...ADDRESS, city: '  Sheffield  ' });
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await user.click(placeOrder());

    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'));
    expect(post).toHaveBeenCalledTimes(1);
    const [path, init] = post.mock.calls[0]!;
    expect(path).toBe('/orders/orders/');
    expect(init.body).toEqual({ payment_method: 'bank_transfer', delivery_address: ADDRESS });
    expect(init.params.header['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(router.state.location.state.orderConfirmation).toEqual({
      order: placed,
      bankDetails: 'IBAN GB33 BUKB 2020 1555 5555 55',
      customInstructions: null,
    });
    // Spec section 4: the local cart is cleared once the order exists.
    expect(queryClient.getQueryData<Cart>(['cart'])?.items).toEqual([]);
  });

  it('makes one order on a double click, and keeps the key for a retry', async () => {
    let answer!: (value: unknown) => void;
    post.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    const button = placeOrder();
    await user.dblClick(button);
    expect(post).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Placing order…');
    await act(async () => answer(Promise.reject(new TypeError('Failed to fetch'))));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred. Please try again.',
    );

    post.mockResolvedValue({ data: order() });
    await user.click(placeOrder());
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    const key = (n: number) => post.mock.calls[n]![1].params.header['Idempotency-Key'];
    expect(key(1)).toBe(key(0));
  });

  it.each([
    [
      new ApiError(409, { detail: 'Gyuto: Only 1 items available.' }),
      'Gyuto: Only 1 items available.',
    ],
    [
      new ApiError(400, { 'delivery_address.city': ['This field may not be blank.'] }),
      'delivery_address.city: This field may not be blank.',
    ],
    [new ApiError(500, null), 'Failed to create order. Please check your details and try again.'],
  ])('shows the order failure %#', async (error, message) => {
    post.mockRejectedValue(error);
    await renderCheckout();
    const user = await fillAddress();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('starts the card payment, keeps the payment in the session and goes to the gateway', async () => {
    const placed = order({ payment_method: 'card_2c2p', payment_instructions: null });
    post.mockImplementation(async (path: string) =>
      path === '/orders/orders/'
        ? { data: placed }
        : {
            data: {
              redirectUrl: 'http://127.0.0.1:8080/api/payments/sandbox/checkout/9b2f/',
              payment_uuid: '9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
              status: 'initiated',
              amount: '490.00',
              currency: 'USD',
            },
          },
    );
    await renderCheckout();
    const user = await fillAddress();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    await user.click(placeOrder());
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://127.0.0.1:8080/api/payments/sandbox/checkout/9b2f/',
      ),
    );
    expect(post).toHaveBeenCalledWith('/payments/card/initiate/', {
      body: { order_id: 42, currency: 'USD' },
    });
    expect(sessionStorage.getItem('pendingPaymentId')).toBe('9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b');
    expect(JSON.parse(sessionStorage.getItem('pendingPaymentOrder')!)).toEqual({
      id: 42,
      order_number: 'ORD-7K3F-9QXD',
      total_price: '490.00',
    });
  });

  it('keeps the order and says so when no gateway address comes back', async () => {
    const placed = order({ payment_method: 'card_2c2p' });
    post.mockImplementation(async (path: string) =>
      path === '/orders/orders/' ? { data: placed } : { data: { payment_uuid: 'x' } },
    );
    await renderCheckout();
    const user = await fillAddress();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your order was created, but we couldn't initiate the card payment. Please contact support or try paying from your order history.",
    );
    expect(screen.getByRole('link', { name: 'Go to your order' })).toHaveAttribute(
      'href',
      '/account/orders/42',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it("sends a custom-method order to the shop's page when it has one", async () => {
    post.mockResolvedValue({
      data: order({
        payment_method: 'custom',
        payment_redirect_url: 'https://www.paypal.com/paypalme/riversidepottery',
      }),
    });
    await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Pay at the workshop/ }));
    await user.click(placeOrder());
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.paypal.com/paypalme/riversidepottery'),
    );
  });

  it('shows the instructions on /order-confirmation without a page, and never follows a javascript: one', async () => {
    post.mockResolvedValue({
      data: order({
        payment_method: 'custom',
        payment_instructions: 'Bring your order number.',
        payment_redirect_url: 'javascript:alert(1)',
      }),
    });
    const { router } = await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Pay at the workshop/ }));
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'));
    expect(router.state.location.state.orderConfirmation?.customInstructions).toBe(
      'Bring your order number.',
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
