/*
 * The cart's part every page runs (the header's count reads the cart): its types, the empty
 * cart, the spec's messages and how a failed call is worded. The rest of the cart's rules stay
 * in ./cart-logic.ts, which only the cart's own pages load.
 */
import { ApiError } from '../../api/errors';
import type { components } from '../../../common/storefront-api';
import { MAX_LINE_QUANTITY } from '../../../common/cart-limits';

export type Cart = components['schemas']['Cart'];
export type CartItem = components['schemas']['CartItem'];

/** Spec section 3: the default cart ('0.00' total). `id` 0 marks a cart the server never sent. */
export const EMPTY_CART: Cart = { id: 0, items: [], total_items: 0, total_price: '0.00' };

/** Spec section 8: every cart message, fallbacks included. */
export const CART_MESSAGES = {
  addFailed: 'Failed to add item.',
  updateFailed: 'Failed to update quantity.',
  removeFailed: 'Failed to remove item.',
  clearFailed: 'Failed to clear cart.',
  loginToAdd: 'Please log in to add items to your cart.',
  loadFailed: 'Could not load cart.',
  authRequired: 'Authentication required to view cart.',
  quantityAtLeastOne: 'Quantity must be at least 1. Use remove to delete.',
  confirmClear: 'Are you sure you want to remove all items from your cart?',
  empty: 'Your cart is empty.',
  /** The server's cap on a line (decision 048), said before any call. */
  lineLimit: `You can have at most ${MAX_LINE_QUANTITY} of one item in your cart.`,
} as const;

/**
 * A cart rule broken before any call was made (spec section 5); its message is shown as is.
 */
export class CartRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CartRuleError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The message of a failed cart call (spec section 8): the server's `detail`, else its
 * `error`, else its `message`, else its first `quantity` field error (a line past its cap: 'You
 * can have at most 100 of one item in your cart; it already holds 95.'), else `fallback`. A
 * {@link CartRuleError} keeps its own message; a network failure gets the fallback (a
 * browser's "Failed to fetch" tells a shopper nothing).
 */
export function cartErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof CartRuleError) return error.message;
  if (error instanceof ApiError && isRecord(error.body)) {
    for (const key of ['detail', 'error', 'message']) {
      const value = error.body[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
    const quantity = error.body.quantity;
    if (Array.isArray(quantity) && typeof quantity[0] === 'string' && quantity[0].trim()) {
      return quantity[0];
    }
  }
  return fallback;
}
