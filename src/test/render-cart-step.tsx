import { beforeEach, vi } from 'vitest';
import { api } from '../api/client';
import { renderWithRouter } from './render-with-router';
import type { Cart } from '../features/cart/cart-logic';
import { CartStep } from '../features/cart/cart-view';

/*
 * Test helper for the cart's component tests (spec sections 2, 4, 5 and 8): the cart step
 * rendered at /cart for a logged-in shopper, and the mocked API calls it makes. Each test file
 * swaps in ./mock-api-client.ts for src/api/client.ts itself (vi.mock is hoisted within its own
 * file only) and calls `setUpCartCalls()`; the carts come from ./cart-fixtures.ts.
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

/** Renders /cart for a logged-in shopper whose cart loads as `cart`, or fails with it. */
export async function renderCart(cart: Cart | Error) {
  localStorage.setItem('authToken', 'token');
  if (cart instanceof Error) get.mockRejectedValue(cart);
  else get.mockResolvedValue({ data: cart });
  const view = await renderWithRouter(<CartStep onCheckout={onCheckout} />, { path: '/cart' });
  return view;
}
