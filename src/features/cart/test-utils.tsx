import { beforeEach, vi } from 'vitest';
import { api } from '../../api/client';
import { renderWithRouter } from '../../components/testing/render-with-router';
import type { Cart, CartItem } from './cart-logic';
import { CartStep } from './cart-view';

/*
 * Test helpers for the cart's component tests (spec sections 2, 4, 5 and 8): cart lines and
 * carts whose totals add up, the cart step rendered at /cart for a logged-in shopper, and a
 * promise to hold a server answer back. Money is in decimal strings, as the contract carries
 * it. Each test file swaps in src/test/mock-api-client.ts for `../../api/client` itself
 * (vi.mock is hoisted within its own file only) and calls `setUpCartCalls()`.
 */

type Call = ReturnType<typeof vi.fn>;
/** The mocked `api.GET`: loads the cart (and the shop's shipping options). */
export const get = api.GET as unknown as Call;
/** The mocked `api.POST`: adds to the cart. */
export const post = api.POST as unknown as Call;
/** The mocked `api.PATCH`: sets a line's quantity. */
export const patch = api.PATCH as unknown as Call;
/** The mocked `api.DELETE`: removes a line or clears the cart. */
export const del = api.DELETE as unknown as Call;
/** The cart step's Proceed to Checkout callback. */
export const onCheckout = vi.fn();

/** Registers, for the calling test file, unanswered API mocks and callback before each test. */
export function setUpCartCalls(): void {
  beforeEach(() => {
    for (const mock of [get, post, patch, del, onCheckout]) mock.mockReset();
  });
}

/** `cents` (integer minor units) as the contract's decimal string: 9100 -> '91.00'. */
const decimal = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * A cart line for "Knife {id}" (product id 100 + id), one at $45.00 with 10 in stock unless
 * `price` (a decimal string), `stock` or the line's fields say otherwise; the line total follows.
 */
export function line(
  overrides: Partial<CartItem> & { price?: string; stock?: number } = {},
): CartItem {
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
    line_total: decimal(cents),
    dispatch: { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' },
    ...rest,
  };
}

/** A cart of `items`, its item count and total price added up from the lines. */
export function cartOf(...items: CartItem[]): Cart {
  const cents = items.reduce((sum, i) => sum + Math.round(Number(i.line_total) * 100), 0);
  return {
    id: 1,
    items,
    total_items: items.reduce((sum, i) => sum + i.quantity, 0),
    total_price: decimal(cents),
  };
}

/** Renders /cart for a logged-in shopper whose cart loads as `cart`, or fails with it. */
export async function renderCart(cart: Cart | Error) {
  localStorage.setItem('authToken', 'token');
  if (cart instanceof Error) get.mockRejectedValue(cart);
  else get.mockResolvedValue({ data: cart });
  const view = await renderWithRouter(<CartStep onCheckout={onCheckout} />, { path: '/cart' });
  return view;
}

/** A promise the test settles by hand, to hold a server answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
