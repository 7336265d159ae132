import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import {
  createTestQueryClient,
  renderWithRouter,
} from '../../components/testing/render-with-router';
import { dispatchRange } from '../../components/dispatch';
import { useAddToCart, useSetCartQuantity } from './api';
import { CartGate } from './cart-gate';
import type { Cart, CartItem } from './cart-logic';
import { CartStep } from './cart-view';

vi.mock('../../api/client', () => ({
  api: { GET: vi.fn(), POST: vi.fn(), PATCH: vi.fn(), DELETE: vi.fn() },
}));
type Call = ReturnType<typeof vi.fn>;
const get = api.GET as unknown as Call;
const post = api.POST as unknown as Call;
const patch = api.PATCH as unknown as Call;
const del = api.DELETE as unknown as Call;

function line(overrides: Partial<CartItem> & { price?: string; stock?: number } = {}): CartItem {
  const { price = '45.00', stock = 10, ...rest } = overrides;
  const id = rest.id ?? 1;
  const quantity = rest.quantity ?? 1;
  const cents = Math.round(Number(price) * 100) * quantity;
  return {
    id,
    quantity,
    customization: {},
    options: [],
    product: {
      id: 100 + id,
      name: `Knife ${id}`,
      slug: `knife-${id}`,
      price,
      stock,
      made_to_order: false,
      age_restricted: false,
      main_image: { image: '/i.webp', thumb_image: '/t.webp', alt_text: '' },
    },
    unit_price: price,
    line_total: `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    dispatch: { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' },
    ...rest,
  };
}

function cartOf(...items: CartItem[]): Cart {
  const cents = items.reduce((sum, i) => sum + Math.round(Number(i.line_total) * 100), 0);
  return {
    id: 1,
    items,
    total_items: items.reduce((sum, i) => sum + i.quantity, 0),
    total_price: `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
  };
}

const onCheckout = vi.fn();

async function renderCart(cart: Cart | Error) {
  localStorage.setItem('authToken', 'token');
  if (cart instanceof Error) get.mockRejectedValue(cart);
  else get.mockResolvedValue({ data: cart });
  const view = await renderWithRouter(<CartStep onCheckout={onCheckout} />, { path: '/cart' });
  return view;
}

/** A promise the test settles by hand, to hold a server answer back. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  for (const mock of [get, post, patch, del, onCheckout]) mock.mockReset();
});

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

const SHOP = {
  countries: [{ code: 'GB', name: 'United Kingdom' }],
  minimum_age: 18,
  age_attestation_text: 'I am 18 or over, and the parcel will be handed only to an adult.',
};

/** The cart and the shop's shipping options, each answered on its own path. */
async function renderCartWithShop(cart: Cart, shop: typeof SHOP | Error = SHOP) {
  localStorage.setItem('authToken', 'token');
  get.mockImplementation(async (path: string) => {
    if (path === '/shipping/options/') {
      if (shop instanceof Error) throw shop;
      return { data: shop };
    }
    return { data: cart };
  });
  return renderWithRouter(<CartStep onCheckout={onCheckout} />, { path: '/cart' });
}

const MADE = { made_to_order: true, earliest: '2026-12-14', latest: '2026-12-21' };
const READY = { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' };

describe('options, dispatch and age restriction on the cart', () => {
  it("shows each chosen option by label on its own line, and the Price with the options' surcharges", async () => {
    const knife = line({ id: 1, price: '245.00' });
    await renderCart(
      cartOf({
        ...knife,
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
        unit_price: '280.00',
        line_total: '280.00',
      }),
    );
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    const options = within(row)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(options).toEqual(['Handle wood: Ebony', 'Engraving: A.L.']);
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('$280.00');
    expect(row).not.toHaveTextContent('$245.00');
    expect(row).not.toHaveTextContent('engraving text');
  });

  it('says when each line ships once the cart holds a made-to-order piece', async () => {
    await renderCart(
      cartOf(
        line({
          id: 1,
          dispatch: MADE,
          product: { ...line({ id: 1 }).product, made_to_order: true },
        }),
        line({ id: 2, dispatch: READY }),
      ),
    );
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    // textContent as is: the date range holds thin spaces, which toHaveTextContent collapses.
    expect(rows[1]!.textContent).toContain(
      `Made to order: estimated dispatch ${dispatchRange(MADE)}`,
    );
    expect(rows[2]!.textContent).toContain(
      `Ready: dispatched by ${dispatchRange({ earliest: READY.latest, latest: READY.latest })}`,
    );
  });

  it('says nothing of dispatch when every piece is ready', async () => {
    await renderCart(cartOf(line({ id: 1 }), line({ id: 2 })));
    await screen.findByRole('table');
    expect(screen.queryByText(/Ready: dispatched by/)).toBeNull();
    expect(screen.queryByText(/Made to order/)).toBeNull();
  });

  it("warns above the summary that an age-restricted piece needs an adult, with the shop's minimum age", async () => {
    const blade = line({ id: 1 });
    await renderCartWithShop(
      cartOf({ ...blade, product: { ...blade.product, age_restricted: true } }, line({ id: 2 })),
    );
    expect(
      await screen.findByText(
        'Some pieces in your cart are age-restricted: you must be 18 or over to buy them, and an adult must sign for the parcel.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Calculated at checkout')).toBeInTheDocument();
  });

  it("keeps the notice without the age when the shop's options do not load", async () => {
    const blade = line({ id: 1 });
    await renderCartWithShop(
      cartOf({ ...blade, product: { ...blade.product, age_restricted: true } }),
      new TypeError('Failed to fetch'),
    );
    await waitFor(() => expect(get).toHaveBeenCalledWith('/shipping/options/', expect.anything()));
    expect(
      await screen.findByText(
        'Some pieces in your cart are age-restricted: an adult must sign for the parcel.',
      ),
    ).toBeInTheDocument();
  });

  it('shows no age notice, and asks nothing, without an age-restricted piece', async () => {
    await renderCartWithShop(cartOf(line({ id: 1 })));
    await screen.findByRole('table');
    expect(screen.queryByText(/age-restricted/)).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/shipping/options/', expect.anything());
  });
});

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

describe('cart mutations without a screen', () => {
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
  }

  it("refuses a quantity below 1 with 'Quantity must be at least 1. Use remove to delete.'", async () => {
    const onError = vi.fn();
    const { result } = renderHook(() => useSetCartQuantity({ onError }), { wrapper });
    act(() => result.current.mutate({ itemId: 1, quantity: 0 }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(
        'Quantity must be at least 1. Use remove to delete.',
        expect.any(Error),
      ),
    );
    expect(patch).not.toHaveBeenCalled();
  });

  it("refuses to add while logged out with 'Please log in to add items to your cart.'", async () => {
    const onError = vi.fn();
    const { result } = renderHook(() => useAddToCart({ onError }), { wrapper });
    act(() => result.current.mutate({ productId: 7, quantity: 1 }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(
        'Please log in to add items to your cart.',
        expect.any(Error),
      ),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to add item.'", async () => {
    localStorage.setItem('authToken', 'token');
    post.mockRejectedValue(new ApiError(500, null));
    const onError = vi.fn();
    const { result } = renderHook(() => useAddToCart({ onError }), { wrapper });
    act(() => result.current.mutate({ productId: 7, quantity: 1 }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith('Failed to add item.', expect.anything()),
    );
    fireEvent.blur(document.body);
  });
});
