/**
 * The cart as every page's header needs it (spec sections 2 and 4): the cart query, the
 * shopper's cart and the badge's count. The mutations live in ./api.ts, which only the pages
 * that change the cart load; this module is part of every page's first-load JavaScript.
 *
 * The cart loads only while logged in and only in the browser (architecture convention 13:
 * user-specific data loads on the client).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { hasStatus, isNotFound } from '../../api/errors';
import { useIsLoggedIn } from '../../api/use-session';
import { CART_MESSAGES, type Cart, EMPTY_CART, cartErrorMessage } from './cart-messages';

/** The cart's query key; checkout writes the emptied cart here after an order. */
export const CART_QUERY_KEY = ['cart'] as const;

/**
 * `GET /orders/cart/`. A 404 (no cart yet) is an empty cart (spec section 4); any other failure
 * throws the `ApiError` (a 401 is shown as 'Authentication required to view cart.').
 */
export const cartQuery = () =>
  queryOptions({
    queryKey: CART_QUERY_KEY,
    queryFn: async ({ signal }): Promise<Cart> => {
      try {
        const { data } = await api.GET('/orders/cart/', { signal });
        return data ?? EMPTY_CART;
      } catch (error) {
        if (isNotFound(error)) return EMPTY_CART;
        throw error;
      }
    },
    staleTime: 30_000,
  });

/** What a cart screen needs: the cart (empty when logged out or not loaded) and its load error. */
export interface CartView {
  cart: Cart;
  /** undefined while the session is not known yet (server render, hydration). */
  loggedIn: boolean | undefined;
  /** True until the first answer while logged in. */
  isLoading: boolean;
  /** Spec sections 4 and 8: 'Authentication required to view cart.' or the load message. */
  loadError: string | null;
  retry: () => void;
}

/** The shopper's cart; loads when logged in and re-evaluates when the tokens change. */
export function useCart(): CartView {
  const loggedIn = useIsLoggedIn();
  const query = useQuery({ ...cartQuery(), enabled: loggedIn === true });
  let loadError: string | null = null;
  if (loggedIn && query.isError) {
    loadError = hasStatus(query.error, 401)
      ? CART_MESSAGES.authRequired
      : cartErrorMessage(query.error, CART_MESSAGES.loadFailed);
  }
  return {
    cart: loggedIn ? (query.data ?? EMPTY_CART) : EMPTY_CART,
    loggedIn,
    isLoading: loggedIn === true && query.isPending,
    loadError,
    retry: () => void query.refetch(),
  };
}

/** The header badge's count: the cart's `total_items`, 0 when logged out (spec section 2). */
export function useCartCount(): number {
  return useCart().cart.total_items;
}
