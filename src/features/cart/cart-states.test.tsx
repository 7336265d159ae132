import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import { renderWithRouter } from '../../test/render-with-router';
import { CartGate } from './cart-gate';
import { cartOf, line } from '../../test/cart-fixtures';
import { get, onCheckout, renderCart, setUpCartCalls } from '../../test/render-cart-step';

/*
 * What /cart shows (spec sections 2 and 4): the log-in prompt, the empty cart, the load failures,
 * then the table of lines and the summary that leads to checkout.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCartCalls();

describe('/cart states (spec sections 2 and 4)', () => {
  it('asks a logged-out shopper to log in, coming back to /cart, without calling the API', async () => {
    await renderWithRouter(<CartGate>{() => <p>cart</p>}</CartGate>);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=/cart',
    );
    expect(get).not.toHaveBeenCalled();
  });

  it("shows 'Your Cart is Empty' with a link to /products", async () => {
    await renderCart(cartOf());
    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('treats a 404 on load as an empty cart', async () => {
    await renderCart(new ApiError(404, { detail: 'Not found.' }));
    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Authentication required to view cart.' on a 401", async () => {
    await renderCart(new ApiError(401, { detail: 'Given token not valid for any token type' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authentication required to view cart.',
    );
  });

  it("shows the server's detail, else 'Could not load cart.'", async () => {
    const { unmount } = await renderCart(new ApiError(503, { detail: 'Back in a minute.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Back in a minute.');
    unmount();
    await renderCart(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load cart.');
  });
});

describe('the cart table and summary (spec section 2)', () => {
  it('lists Product, Price, Quantity and Total with customizations shown with spaces', async () => {
    await renderCart(
      cartOf(
        line({ id: 1, quantity: 2, price: '45.50', customization: { engraving_text: 'A.L.' } }),
        line({ id: 2, price: '120.00' }),
      ),
    );
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Price', 'Quantity', 'Total', 'Remove']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'Knife 1' })).toHaveAttribute(
      'href',
      '/products/knife-1',
    );
    expect(first).toHaveTextContent('engraving text: A.L.');
    expect(first).toHaveTextContent('$45.50');
    expect(first).toHaveTextContent('$91.00');
    expect(within(first).getByLabelText('Quantity of Knife 1')).toHaveValue('2');

    expect(screen.getByText('Subtotal (3 items)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$211.00');
    expect(screen.getByText('Calculated at checkout')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$211.00');
    expect(screen.getByText('Shipping is not included in the total.')).toBeInTheDocument();
  });

  it('goes on to checkout with Proceed to Checkout', async () => {
    await renderCart(cartOf(line()));
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    expect(onCheckout).toHaveBeenCalledTimes(1);
  });
});
