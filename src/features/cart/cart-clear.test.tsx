import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import { cartOf, line } from '../../test/cart-fixtures';
import { deferred } from '../../test/deferred';
import { del, renderCart, setUpCartCalls } from '../../test/render-cart-step';

/*
 * Clear Cart (spec section 5): asked first, emptied at once, and the lines back with a message
 * when the server refuses.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCartCalls();

describe('Clear Cart (spec section 5)', () => {
  it('asks first, does nothing on Cancel, and empties the cart on confirmation', async () => {
    const user = userEvent.setup();
    await renderCart(cartOf(line({ id: 1 }), line({ id: 2 })));
    await user.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to remove all items from your cart?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(del).not.toHaveBeenCalled();

    del.mockResolvedValue({ data: cartOf() });
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear Cart' }),
    );
    expect(del).toHaveBeenCalledWith('/orders/cart/clear/');
    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeInTheDocument();
  });

  it("says 'Failed to clear cart.' and shows the lines again when it fails", async () => {
    const user = userEvent.setup();
    await renderCart(cartOf(line({ id: 1 })));
    // Held back, so the cart is first shown emptied (optimistically) and the cart view with it
    // is gone when the refusal arrives: the message must survive that.
    const answer = deferred<never>();
    del.mockReturnValue(answer.promise);
    await user.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear Cart' }),
    );
    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeInTheDocument();
    await act(async () => answer.reject(new ApiError(500, null)));
    expect(await screen.findByText('Knife 1')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to clear cart.');
  });
});
