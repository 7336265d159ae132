import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import { CheckoutView } from './checkout-view';
import { CART, options } from '../../test/checkout-fixtures';
import {
  fillAddress,
  orderBodies,
  placeOrder,
  renderCheckout,
  server,
  setUpCheckoutServer,
} from '../../test/render-checkout';

/*
 * Which payment methods the checkout offers, which it chooses first, and what it says when the
 * shop's options do not load or no longer allow the chosen one (spec sections 4 and 9).
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCheckoutServer();

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
    server.shop = '<html>' as never;
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
    expect(orderBodies()).toHaveLength(0);
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
    expect(orderBodies()).toHaveLength(0);
  });
});
