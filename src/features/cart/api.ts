/**
 * The shopper's server-side cart (spec sections 4, 7 and 8): the cart query, the four
 * cart mutations and the add-to-cart intent kept across a login.
 *
 * Ordering ("rapid clicks never lose an update or show a stale total"):
 * - every cart mutation shares one TanStack Query scope, so their calls reach the server one
 *   after another, in the order the shopper made them;
 * - each mutation first shows its expected result (quantities and totals recomputed in cents,
 *   ./cart-logic.ts), so the next click builds on what the shopper sees;
 * - only the answer of the last mutation in the queue replaces the cart (spec section 4:
 *   "every mutation replaces the cart with the server's response"); earlier answers are
 *   already out of date when they arrive. When the last one fails, the cart is fetched again.
 *
 * The cart loads only while logged in and only in the browser (architecture convention 13:
 * user-specific data loads on the client).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client';
import { isLoggedIn } from '../../api/token-storage';
import {
  CART_MESSAGES,
  CartRuleError,
  type Cart,
  EMPTY_CART,
  cartErrorMessage,
  emptied,
  withQuantity,
  withoutItem,
} from './cart-logic';
import { CART_QUERY_KEY } from './cart-query';
import { savePendingCartIntent, takePendingCartIntent } from './pending-intent';

export type { Cart, CartItem } from './cart-logic';
export { EMPTY_CART, MAX_LINE_QUANTITY, cartErrorMessage } from './cart-logic';
export { CART_QUERY_KEY, cartQuery, useCart, useCartCount, type CartView } from './cart-query';

const CART_MUTATION_KEY = ['cart'] as const;
const CART_SCOPE = { id: 'cart' };

function isLastCartMutation(queryClient: QueryClient): boolean {
  // The mutation asking is still pending while its callbacks run.
  return queryClient.isMutating({ mutationKey: CART_MUTATION_KEY }) <= 1;
}

interface CartMutationOptions<V> {
  call: (variables: V) => Promise<Cart>;
  /** The cart as it will be after the call, shown while it is under way. */
  expected?: (cart: Cart, variables: V) => Cart;
  /** The spec's fallback message for this call. */
  fallback: string;
  /** Called with the spec's message for the failure (and the error, for screens with their own fallback). */
  onError?: (message: string, error: unknown) => void;
  onSuccess?: (cart: Cart, variables: V) => void;
}

function useCartMutation<V>(options: CartMutationOptions<V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MUTATION_KEY,
    scope: CART_SCOPE,
    mutationFn: options.call,
    onMutate: async (variables: V) => {
      if (!options.expected) return;
      // A load under way would overwrite the expected cart with an older one.
      await queryClient.cancelQueries({ queryKey: CART_QUERY_KEY });
      const current = queryClient.getQueryData<Cart>(CART_QUERY_KEY);
      if (current) queryClient.setQueryData(CART_QUERY_KEY, options.expected(current, variables));
    },
    onSuccess: (cart, variables) => {
      if (isLastCartMutation(queryClient)) queryClient.setQueryData(CART_QUERY_KEY, cart);
      options.onSuccess?.(cart, variables);
    },
    onError: (error) => {
      if (isLastCartMutation(queryClient)) {
        void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      }
      options.onError?.(cartErrorMessage(error, options.fallback), error);
    },
  });
}

/** A line to add: `POST /orders/cart/add-item/` with `{product_id, quantity, customization}`. */
export interface AddToCartInput {
  productId: number;
  quantity: number;
  customization?: Record<string, string>;
  /** The variant of a piece with variants (issue 42). */
  variantId?: number;
}

/**
 * Adds a line item (spec sections 5 and 7); the same product with the same customization adds
 * to its line. Logged out, it fails with 'Please log in to add items to your cart.' without a
 * call. Errors reach `onError` as the spec's message (fallback 'Failed to add item.').
 */
export function useAddToCart(
  handlers: Pick<CartMutationOptions<AddToCartInput>, 'onError' | 'onSuccess'> = {},
) {
  return useCartMutation<AddToCartInput>({
    call: async ({ productId, quantity, customization = {}, variantId }) => {
      if (!isLoggedIn()) throw new CartRuleError(CART_MESSAGES.loginToAdd);
      const { data } = await api.POST('/orders/cart/add-item/', {
        body: {
          product_id: productId,
          quantity,
          customization,
          ...(variantId ? { variant_id: variantId } : {}),
        },
      });
      return data ?? EMPTY_CART;
    },
    fallback: CART_MESSAGES.addFailed,
    ...handlers,
  });
}

/**
 * Sets a line's quantity: `PATCH /orders/cart/items/{id}/` (spec section 5: at least 1, else
 * 'Quantity must be at least 1. Use remove to delete.' without a call; callers route 0 to
 * {@link useRemoveCartItem}). Fallback message 'Failed to update quantity.'.
 */
export function useSetCartQuantity(
  handlers: Pick<CartMutationOptions<{ itemId: number; quantity: number }>, 'onError'> = {},
) {
  return useCartMutation<{ itemId: number; quantity: number }>({
    call: async ({ itemId, quantity }) => {
      if (!Number.isInteger(quantity) || quantity < 1) {
        throw new CartRuleError(CART_MESSAGES.quantityAtLeastOne);
      }
      const { data } = await api.PATCH('/orders/cart/items/{id}/', {
        params: { path: { id: itemId } },
        body: { quantity },
      });
      return data ?? EMPTY_CART;
    },
    expected: (cart, { itemId, quantity }) =>
      quantity >= 1 ? withQuantity(cart, itemId, quantity) : cart,
    fallback: CART_MESSAGES.updateFailed,
    ...handlers,
  });
}

/** Removes a line: `DELETE /orders/cart/items/{id}/`. Fallback 'Failed to remove item.'. */
export function useRemoveCartItem(handlers: Pick<CartMutationOptions<number>, 'onError'> = {}) {
  return useCartMutation<number>({
    call: async (itemId) => {
      const { data } = await api.DELETE('/orders/cart/items/{id}/', {
        params: { path: { id: itemId } },
      });
      return data ?? EMPTY_CART;
    },
    expected: withoutItem,
    fallback: CART_MESSAGES.removeFailed,
    ...handlers,
  });
}

/** Empties the cart: `DELETE /orders/cart/clear/`. Fallback 'Failed to clear cart.'. */
export function useClearCart(handlers: Pick<CartMutationOptions<void>, 'onError'> = {}) {
  return useCartMutation<void>({
    call: async () => {
      const { data } = await api.DELETE('/orders/cart/clear/');
      return data ?? EMPTY_CART;
    },
    expected: (cart) => emptied(cart),
    fallback: CART_MESSAGES.clearFailed,
    ...handlers,
  });
}

/**
 * Replaces the cart with one the server answered elsewhere (the checkout's 409 when the cart's
 * total changed carries the current cart), as every cart answer does (spec section 4).
 */
export function replaceCartLocally(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(CART_QUERY_KEY, cart);
}

/**
 * Spec section 4: "The cart is cleared locally after an order is placed" (the server emptied
 * it in the same transaction).
 */
export function clearCartLocally(queryClient: QueryClient): void {
  const current = queryClient.getQueryData<Cart>(CART_QUERY_KEY);
  queryClient.setQueryData(CART_QUERY_KEY, current ? emptied(current) : EMPTY_CART);
}

/**
 * Remembers what a logged-out shopper asked to add before being sent to log in (the
 * pending intent), for {@link useResumeAddToCart} on the product page after the login.
 */
export function rememberAddToCart(slug: string, input: AddToCartInput): void {
  savePendingCartIntent({
    slug,
    productId: input.productId,
    quantity: input.quantity,
    customization: input.customization ?? {},
    ...(input.variantId ? { variantId: input.variantId } : {}),
  });
}

/**
 * On the product page of `slug`, once logged in: adds the item a logged-out shopper chose
 * before logging in, exactly once, through `add`.
 */
export function useResumeAddToCart(
  slug: string,
  add: (input: AddToCartInput) => void,
  loggedIn: boolean,
): void {
  useEffect(() => {
    if (!loggedIn) return;
    const intent = takePendingCartIntent(slug);
    if (intent) {
      add({
        productId: intent.productId,
        quantity: intent.quantity,
        customization: intent.customization,
        ...(Number.isSafeInteger(intent.variantId) ? { variantId: intent.variantId } : {}),
      });
    }
    // `add` changes identity on every render; the intent is taken once per login and slug.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, loggedIn]);
}
