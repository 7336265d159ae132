import { screen, waitFor, within } from '@testing-library/react';
import type { Cart } from '../cart/api';
import { CART } from '../../test/checkout-fixtures';
import {
  fillAddress,
  placeOrder,
  renderCheckout,
  setUpCheckoutServer,
} from '../../test/render-checkout';

/*
 * The checkout before the order button (issue 29; Consumer Contracts Regulations 2013 Sch. 2
 * and reg 14(3)): which pieces of this order can be cancelled within 14 days and why the others
 * cannot, and a button that says the order is a commitment to pay.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCheckoutServer();

const line = CART.items[0]!;

/** A cart of the Gyuto (cancellable), a made-to-order board and an engraved knife. */
const MIXED: Cart = {
  ...CART,
  items: [
    { ...line, cancellation_exempt: false },
    {
      ...line,
      id: 4,
      cancellation_exempt: true,
      product: { ...line.product, id: 8, name: 'Oak Board', made_to_order: true },
      dispatch: { made_to_order: true, earliest: '2026-12-10', latest: '2026-12-17' },
    },
    {
      ...line,
      id: 5,
      cancellation_exempt: true,
      customization: { engraving_text: 'A.L.' },
      product: { ...line.product, id: 9, name: 'Engraved Petty' },
    },
  ],
};

const rights = () => screen.getByRole('region', { name: 'Your right to cancel' });

describe('checkout: the right to cancel, before the order button', () => {
  it('a cart the right covers: cancel within 14 days, a link to /cancellation, then "Place order and pay"', async () => {
    await renderCheckout(undefined, {
      ...CART,
      items: [{ ...line, cancellation_exempt: false }],
    });
    expect(rights()).toHaveTextContent(
      'You may cancel this order within 14 days of delivery, without giving a reason.',
    );
    expect(within(rights()).getByRole('link', { name: 'Cancellation rights' })).toHaveAttribute(
      'href',
      '/cancellation',
    );
    expect(within(rights()).queryByRole('list')).toBeNull();
    expect(placeOrder()).toHaveTextContent(/^Place order and pay$/);
    // The summary stands before the button it explains.
    expect(
      rights().compareDocumentPosition(placeOrder()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await fillAddress();
    await waitFor(() => expect(placeOrder()).toHaveTextContent('Place order and pay · $496.50'));
  });

  it('lists each exempt line and why, and says the others may be cancelled', async () => {
    await renderCheckout(undefined, MIXED);
    expect(rights()).toHaveTextContent(
      'You may cancel the other pieces within 14 days of delivery, but not these:',
    );
    const items = within(rights())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Oak Board: Made to your order, so it cannot be cancelled once ordered (it is made to your specification).',
      'Engraved Petty: Made to your specification or personalised, so it cannot be cancelled once ordered.',
    ]);
    expect(rights()).toHaveTextContent(
      'This does not affect your rights if a piece is faulty or not as described.',
    );
  });

  it('an order of exempt pieces only says none of it can be cancelled', async () => {
    await renderCheckout(undefined, { ...MIXED, items: MIXED.items.slice(1) });
    expect(rights()).toHaveTextContent(
      'No piece of this order can be cancelled once it is placed:',
    );
    expect(within(rights()).getAllByRole('listitem')).toHaveLength(2);
  });
});
