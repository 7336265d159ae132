/*
 * Pure rules of the cart (spec sections 3, 4, 5, 8 and 9), kept apart from React so each one
 * is tested on its own. Money is added up in integer cents (src/api/money.ts), never in
 * floating point.
 */
import { ApiError } from '../../api/errors';
import { toDecimal, toMinorUnits } from '../../../common/money';
import type { components } from '../../../common/storefront-api';
import { type OptionLine, optionLines } from '../../components/line-options';
import { MAX_LINE_QUANTITY } from '../../../common/cart-limits';

export { MAX_LINE_QUANTITY };

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
  /** The server's cap on a line (decision 016), said before any call. */
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

/**
 * The cart table's quantity input (spec section 5): parsed as an integer; a negative or
 * invalid value becomes 0, which removes the line.
 */
export function parseTableQuantity(raw: string): number {
  const parsed = Number.parseInt(raw.trim(), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
}

/** What setting a line's quantity leads to (spec section 4). */
export type QuantityChange =
  { kind: 'none' } | { kind: 'remove' } | { kind: 'update'; quantity: number };

/**
 * Spec section 4: an unchanged quantity causes no call, a quantity below 1 removes the item,
 * anything else updates it.
 */
export function quantityChange(current: number, next: number): QuantityChange {
  if (next === current) return { kind: 'none' };
  if (next < 1) return { kind: 'remove' };
  return { kind: 'update', quantity: next };
}

/**
 * A line's customization as display pairs, underscores in keys turned into spaces (spec
 * section 3: `engraving_text` -> 'engraving text'), in the server's order.
 */
export function customizationEntries(
  customization: Record<string, string> | null | undefined,
): OptionLine[] {
  return optionLines(null, customization);
}

/**
 * What a line shows under the product's name: its chosen options by label ('Handle wood:
 * Ebony'), else its customization by the spec's rule.
 */
export function lineOptions(item: Pick<CartItem, 'options' | 'customization'>): OptionLine[] {
  return optionLines(item.options, item.customization);
}

/** True when some line is made to order: then every line says when it leaves the workshop. */
export function hasMadeToOrder(cart: Cart): boolean {
  return cart.items.some((item) => item.dispatch?.made_to_order ?? item.product.made_to_order);
}

/** True when some line may be sold only to adults (a blade). */
export function hasAgeRestricted(cart: Cart): boolean {
  return cart.items.some((item) => item.product.age_restricted);
}

function recount(cart: Cart, items: CartItem[]): Cart {
  let totalCents = 0;
  let totalItems = 0;
  for (const item of items) {
    totalItems += item.quantity;
    totalCents += toMinorUnits(item.line_total) ?? 0;
  }
  return { ...cart, items, total_items: totalItems, total_price: toDecimal(totalCents) };
}

/**
 * The cart as it will be once the server has set a line's quantity: the line total and the
 * cart totals recomputed in cents; 0 or less removes the line. Shown while the call is under
 * way, then replaced by the server's answer (spec section 4: the server's answer wins).
 */
export function withQuantity(cart: Cart, itemId: number, quantity: number): Cart {
  if (quantity < 1) return withoutItem(cart, itemId);
  const items = cart.items.map((item) => {
    if (item.id !== itemId) return item;
    // The line's own unit price carries its options' surcharges; the product's is the base.
    const unit = toMinorUnits(item.unit_price) ?? toMinorUnits(item.product.price) ?? 0;
    return { ...item, quantity, line_total: toDecimal(unit * quantity) };
  });
  return recount(cart, items);
}

/** The cart without one line, totals recomputed. */
export function withoutItem(cart: Cart, itemId: number): Cart {
  return recount(
    cart,
    cart.items.filter((item) => item.id !== itemId),
  );
}

/** The same cart with no lines. */
export function emptied(cart: Cart): Cart {
  return { ...cart, items: [], total_items: 0, total_price: '0.00' };
}
