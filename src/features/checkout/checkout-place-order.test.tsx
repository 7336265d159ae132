import { act, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../api/errors';
import { createTestQueryClient, renderWithRouter } from '../../test/render-with-router';
import type { Cart } from '../cart/api';
import { CartGate } from '../cart/cart-gate';
import { CheckoutView } from './checkout-view';
import { ADDRESS, CART, order } from '../../test/checkout-fixtures';
import {
  fillAddress,
  orderBodies,
  placeOrder,
  post,
  quoteBodies,
  renderCheckout,
  server,
  setUpCheckoutServer,
  summary,
} from '../../test/render-checkout';

/*
 * Placing the order (spec section 4): what is sent and where the shopper lands, a total that
 * changed meanwhile, and one order for a double click.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCheckoutServer();

describe('placing the order (spec section 4)', () => {
  it('sends the trimmed address, the shipping and the quoted total with an Idempotency-Key, then shows the bank details on /order-confirmation', async () => {
    const placed = order();
    server.order.mockResolvedValue({ data: placed });
    const { router, queryClient } = await renderCheckout();
    const user = await fillAddress({ ...ADDRESS, city: '  Sheffield  ' });
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());

    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'));
    const calls = post.mock.calls.filter(([path]) => path === '/orders/orders/');
    expect(calls).toHaveLength(1);
    const [, init] = calls[0]!;
    expect(init.body).toEqual({
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      shipping: [{ item_id: 3, method: 'uk-standard' }],
      expected_total_price: '496.50',
    });
    expect(init.params.header['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(router.state.location.state.orderConfirmation).toEqual({
      order: placed,
      bankDetails: 'IBAN GB33 BUKB 2020 1555 5555 55',
      customInstructions: null,
    });
    // Spec section 4: the local cart is cleared once the order exists.
    expect(queryClient.getQueryData<Cart>(['cart'])?.items).toEqual([]);
  });

  it('shows the new total when the prices changed since the shopper saw them, quotes again and places it again', async () => {
    const changed: Cart = {
      ...CART,
      items: [
        {
          ...CART.items[0]!,
          product: { ...CART.items[0]!.product, price: '255.00' },
          unit_price: '255.00',
          line_total: '510.00',
        },
      ],
      total_price: '510.00',
    };
    const detail =
      'The total of your order has changed to $516.50 since you saw it. Please check it and place your order again.';
    server.order.mockImplementationOnce(async () => {
      // The server's cart is the new one from now on; its quote follows.
      server.cart = changed;
      throw new ApiError(409, { detail, cart: changed });
    });
    localStorage.setItem('authToken', 'token');
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['cart'], CART);
    // As /cart?step=checkout renders it: the checkout follows the cart query.
    await renderWithRouter(
      <CartGate allowEmpty>
        {(cart) => <CheckoutView cart={cart} onBack={() => undefined} />}
      </CartGate>,
      { path: '/cart?step=checkout', queryClient },
    );
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await waitFor(() => expect(placeOrder()).toHaveTextContent('Place order and pay · $496.50'));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    await waitFor(() => expect(placeOrder()).toHaveTextContent('Place order and pay · $516.50'));
    expect(summary().getAllByText('$510.00').length).toBeGreaterThan(0);
    expect(quoteBodies()).toHaveLength(2);

    server.order.mockResolvedValue({ data: order({ total_price: '516.50' }) });
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() => expect(orderBodies()).toHaveLength(2));
    expect(orderBodies()[0].expected_total_price).toBe('496.50');
    expect(orderBodies()[1].expected_total_price).toBe('516.50');
  });

  it('makes one order on a double click, and keeps the key for a retry', async () => {
    let answer!: (value: unknown) => void;
    server.order.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    const button = placeOrder();
    await user.dblClick(button);
    expect(server.order).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Placing order…');
    await act(async () => answer(Promise.reject(new TypeError('Failed to fetch'))));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred. Please try again.',
    );

    server.order.mockResolvedValue({ data: order() });
    await user.click(placeOrder());
    await waitFor(() => expect(server.order).toHaveBeenCalledTimes(2));
    const key = (n: number) => server.order.mock.calls[n]![1].params.header['Idempotency-Key'];
    expect(key(1)).toBe(key(0));
  });
});
