/*
 * Pure rules of the product page (spec sections 4, 5 and 9), kept apart from React so each
 * one is tested on its own.
 */
import { MAX_LINE_QUANTITY } from '../../../common/cart-limits';

/** Rounds an average rating to the nearest half star (spec section 9): 3.74 -> 3.5, 3.75 -> 4. Clamped to 0..5. */
export function roundToHalf(rating: number): number {
  const rounded = Math.round(rating * 2) / 2;
  return Math.min(5, Math.max(0, rounded));
}

/** The average shown to one decimal, e.g. 4 -> "4.0" (spec section 9). */
export function formatAverage(rating: number): string {
  return rating.toFixed(1);
}

/** '1 review' / '{n} reviews' for the review count link. */
export function reviewCountLabel(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

/** Result of clamping a quantity: the value to keep and, when it was capped by stock, the spec's message. */
export interface QuantityResult {
  quantity: number;
  message: string | null;
}

/** The most of a made-to-order piece one Add to Cart asks for: it is made for the order, not taken from stock. */
export const MADE_TO_ORDER_MAX_QUANTITY = 10;

/** Said when a made-to-order quantity is capped at {@link MADE_TO_ORDER_MAX_QUANTITY}. */
export const MADE_TO_ORDER_LIMIT_MESSAGE = `You can order up to ${MADE_TO_ORDER_MAX_QUANTITY} at a time.`;

/** Said when a quantity in stock is capped at a cart line's most (100: decision 048). */
export const LINE_LIMIT_MESSAGE = `You can order up to ${MAX_LINE_QUANTITY} at a time.`;

/** The most one Add to Cart may ask for: the stock (at most a cart line's cap), or 10 made to order. */
export function maxAddQuantity(stock: number, madeToOrder = false): number {
  return madeToOrder ? MADE_TO_ORDER_MAX_QUANTITY : Math.min(stock, MAX_LINE_QUANTITY);
}

/**
 * Bounds a quantity typed by the shopper (spec section 5): a value below 1 (or not a number)
 * becomes 1; above stock it becomes stock with 'Only {n} items available.', and above a cart
 * line's cap (100, when the stock is larger) 100 with 'You can order up to 100 at a time.'. A
 * made-to-order piece is bounded by {@link MADE_TO_ORDER_MAX_QUANTITY} instead of its stock.
 */
export function clampQuantity(
  raw: string | number,
  stock: number,
  madeToOrder = false,
): QuantityResult {
  const parsed = typeof raw === 'number' ? Math.trunc(raw) : Number.parseInt(raw, 10);
  if (!Number.isFinite(parsed) || parsed < 1) return { quantity: 1, message: null };
  if (madeToOrder) {
    return parsed > MADE_TO_ORDER_MAX_QUANTITY
      ? { quantity: MADE_TO_ORDER_MAX_QUANTITY, message: MADE_TO_ORDER_LIMIT_MESSAGE }
      : { quantity: parsed, message: null };
  }
  if (stock > 0 && parsed > stock && stock <= MAX_LINE_QUANTITY)
    return { quantity: stock, message: `Only ${stock} items available.` };
  if (parsed > MAX_LINE_QUANTITY)
    return { quantity: MAX_LINE_QUANTITY, message: LINE_LIMIT_MESSAGE };
  return { quantity: parsed, message: null };
}

/**
 * Checks an add-to-cart attempt against stock (spec section 5). Returns the message to show,
 * or null when the attempt may go to the server. A made-to-order piece is made for the order,
 * so its stock does not limit it (only {@link MADE_TO_ORDER_MAX_QUANTITY} does).
 */
export function addToCartProblem(
  stock: number,
  quantity: number,
  madeToOrder = false,
): string | null {
  if (madeToOrder) {
    return quantity > MADE_TO_ORDER_MAX_QUANTITY ? MADE_TO_ORDER_LIMIT_MESSAGE : null;
  }
  if (stock <= 0) return 'Item is out of stock.';
  if (quantity > stock) return `Only ${stock} items available.`;
  if (quantity > MAX_LINE_QUANTITY) return LINE_LIMIT_MESSAGE;
  return null;
}

/** A copy of the attributes sorted by their `order` field, ties kept in server order (spec section 2). */
export function sortByOrder<T extends { order: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.order - b.order);
}

/** The short description or the spec's fallback 'No description available.'. */
export function descriptionOrFallback(description: string | null | undefined): string {
  const text = description?.trim();
  return text ? text : 'No description available.';
}
