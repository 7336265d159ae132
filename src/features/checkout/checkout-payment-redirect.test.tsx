import { screen, waitFor } from '@testing-library/react';
import { order } from '../../test/checkout-fixtures';
import {
  assign,
  fillAddress,
  placeOrder,
  post,
  renderCheckout,
  server,
  setUpCheckoutServer,
} from '../../test/render-checkout';

/*
 * Placing the order (spec sections 4 and 9): where the browser goes next, the card gateway, the
 * shop's own page for a custom method, or the confirmation page, and what it never follows.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCheckoutServer();

describe('placing the order (spec section 4)', () => {
  it('starts the card payment, keeps the payment in the session and goes to the gateway', async () => {
    const placed = order({ payment_method: 'card_2c2p', payment_instructions: null });
    server.order.mockImplementation(async (path: string) =>
      path === '/orders/orders/'
        ? { data: placed }
        : {
            data: {
              redirectUrl: 'http://127.0.0.1:8080/api/payments/sandbox/checkout/9b2f/',
              payment_uuid: '9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
              status: 'initiated',
              amount: '496.50',
              currency: 'USD',
            },
          },
    );
    await renderCheckout();
    const user = await fillAddress();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    await waitFor(() => expect(placeOrder()).toBeEnabled());
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
      total_price: '496.50',
    });
  });

  it('keeps the order and says so when no gateway address comes back', async () => {
    const placed = order({ payment_method: 'card_2c2p' });
    server.order.mockImplementation(async (path: string) =>
      path === '/orders/orders/' ? { data: placed } : { data: { payment_uuid: 'x' } },
    );
    await renderCheckout();
    const user = await fillAddress();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    await waitFor(() => expect(placeOrder()).toBeEnabled());
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
    server.order.mockResolvedValue({
      data: order({
        payment_method: 'custom',
        payment_redirect_url: 'https://www.paypal.com/paypalme/riversidepottery',
      }),
    });
    await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Pay at the workshop/ }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.paypal.com/paypalme/riversidepottery'),
    );
  });

  it('shows the instructions on /order-confirmation without a page, and never follows a javascript: one', async () => {
    server.order.mockResolvedValue({
      data: order({
        payment_method: 'custom',
        payment_instructions: 'Bring your order number.',
        payment_redirect_url: 'javascript:alert(1)',
      }),
    });
    const { router } = await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Pay at the workshop/ }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'));
    expect(router.state.location.state.orderConfirmation?.customInstructions).toBe(
      'Bring your order number.',
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
