import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import { cartOf, line } from '../../test/cart-fixtures';
import { deferred } from '../../test/deferred';
import { del, get, patch, renderCart, setUpCartCalls } from '../../test/render-cart-step';

/*
 * Changing a line's quantity (spec sections 4, 5 and 8): what is sent and when, removal at 0, the
 * stock limit, rapid clicks answered in order, and the messages when a change fails.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCartCalls();

describe('quantity rules (spec sections 4 and 5)', () => {
  it('sends the typed quantity when the field is left, and nothing when it did not change', async () => {
    const user = userEvent.setup();
    await renderCart(cartOf(line({ id: 1, quantity: 2 })));
    const input = await screen.findByLabelText('Quantity of Knife 1');

    await user.clear(input);
    await user.type(input, '2');
    await user.tab();
    expect(patch).not.toHaveBeenCalled();

    patch.mockResolvedValue({ data: cartOf(line({ id: 1, quantity: 3 })) });
    await user.clear(input);
    await user.type(input, '3{Enter}');
    expect(patch).toHaveBeenCalledWith('/orders/cart/items/{id}/', {
      params: { path: { id: 1 } },
      body: { quantity: 3 },
    });
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$135.00'));
  });

  it.each(['-2', 'abc', '0'])('removes the line for a typed %j (it becomes 0)', async (typed) => {
    const user = userEvent.setup();
    await renderCart(cartOf(line({ id: 1 }), line({ id: 2 })));
    del.mockResolvedValue({ data: cartOf(line({ id: 2 })) });
    const input = await screen.findByLabelText('Quantity of Knife 1');
    await user.clear(input);
    await user.type(input, typed);
    await user.tab();
    expect(del).toHaveBeenCalledWith('/orders/cart/items/{id}/', { params: { path: { id: 1 } } });
    expect(patch).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('Knife 1')).toBeNull());
  });

  it("stops at the stock with 'Only {n} items available.' and no call", async () => {
    const user = userEvent.setup();
    await renderCart(cartOf(line({ id: 1, quantity: 3, stock: 3 })));
    expect(
      await screen.findByRole('button', { name: 'Increase quantity of Knife 1' }),
    ).toBeDisabled();
    const input = screen.getByLabelText('Quantity of Knife 1');
    await user.clear(input);
    await user.type(input, '7');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 3 items available.');
    expect(patch).not.toHaveBeenCalled();
    expect(input).toHaveValue('3');
  });

  it("stops at 100 of one item, the server's cap, with a message and no call, whatever the stock", async () => {
    const user = userEvent.setup();
    await renderCart(cartOf(line({ id: 1, quantity: 100, stock: 500 })));
    expect(
      await screen.findByRole('button', { name: 'Increase quantity of Knife 1' }),
    ).toBeDisabled();
    const input = screen.getByLabelText('Quantity of Knife 1');
    await user.clear(input);
    await user.type(input, '150');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can have at most 100 of one item in your cart.',
    );
    expect(patch).not.toHaveBeenCalled();
    expect(input).toHaveValue('100');
    // Going down is always allowed.
    patch.mockResolvedValue({ data: cartOf(line({ id: 1, quantity: 99, stock: 500 })) });
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Knife 1' }));
    expect(patch).toHaveBeenCalledWith('/orders/cart/items/{id}/', {
      params: { path: { id: 1 } },
      body: { quantity: 99 },
    });
  });

  it('raises a made-to-order line at stock 0: its stock does not bound it, the cap does', async () => {
    const user = userEvent.setup();
    const made = (quantity: number) =>
      line({
        id: 1,
        quantity,
        stock: 0,
        dispatch: { made_to_order: true, earliest: '2026-12-14', latest: '2026-12-21' },
      });
    await renderCart(cartOf(made(2)));
    patch.mockResolvedValue({ data: cartOf(made(3)) });
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Knife 1' });
    expect(plus).toBeEnabled();
    await user.click(plus);
    expect(patch).toHaveBeenCalledWith('/orders/cart/items/{id}/', {
      params: { path: { id: 1 } },
      body: { quantity: 3 },
    });
    expect(screen.queryByText('Item is out of stock.')).toBeNull();
  });

  it('never loses a rapid click nor shows a stale total: calls run in order, the last answer wins', async () => {
    const user = userEvent.setup();
    await renderCart(cartOf(line({ id: 1, quantity: 1, price: '10.00' })));
    const answers = [deferred<unknown>(), deferred<unknown>(), deferred<unknown>()];
    let calls = 0;
    patch.mockImplementation(() => answers[calls++]!.promise);
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Knife 1' });

    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    // Every click shows at once: 4 items, $40.00, though no answer has come back yet.
    expect(screen.getByLabelText('Quantity of Knife 1')).toHaveValue('4');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$40.00');
    // One call at a time, in order.
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch.mock.calls[0]![1]).toMatchObject({ body: { quantity: 2 } });

    await act(async () =>
      answers[0]!.resolve({ data: cartOf(line({ id: 1, quantity: 2, price: '10.00' })) }),
    );
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(2));
    expect(patch.mock.calls[1]![1]).toMatchObject({ body: { quantity: 3 } });
    // The first answer is already out of date: the total does not go back to $20.00.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$40.00');

    await act(async () =>
      answers[1]!.resolve({ data: cartOf(line({ id: 1, quantity: 3, price: '10.00' })) }),
    );
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(3));
    expect(patch.mock.calls[2]![1]).toMatchObject({ body: { quantity: 4 } });
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$40.00');

    // The last answer wins, whatever the server made of it.
    await act(async () =>
      answers[2]!.resolve({ data: cartOf(line({ id: 1, quantity: 4, price: '9.50' })) }),
    );
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$38.00'));
  });

  it('fetches the cart again when the last change fails, and says why', async () => {
    const user = userEvent.setup();
    await renderCart(cartOf(line({ id: 1, quantity: 1 })));
    patch.mockRejectedValue(new ApiError(409, { detail: 'Only 1 items available.' }));
    get.mockResolvedValue({ data: cartOf(line({ id: 1, quantity: 1 })) });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Knife 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 items available.');
    await waitFor(() => expect(screen.getByLabelText('Quantity of Knife 1')).toHaveValue('1'));
    expect(get).toHaveBeenCalledTimes(2);
  });
});

describe('cart failures (spec section 8)', () => {
  it.each([
    ['update', 'Increase quantity of Knife 1', 'Failed to update quantity.'],
    ['remove', 'Remove Knife 1 from cart', 'Failed to remove item.'],
  ])(
    'falls back to the spec message when %s fails without a detail',
    async (_kind, button, message) => {
      const user = userEvent.setup();
      await renderCart(cartOf(line({ id: 1 })));
      patch.mockRejectedValue(new ApiError(500, null));
      del.mockRejectedValue(new TypeError('Failed to fetch'));
      await user.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    },
  );
});
