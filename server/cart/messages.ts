/**
 * What the cart answers when a quantity cannot be had (spec section 5, stock) or a cart is full
 * (decision 048); the contract's examples quote them.
 */

/** Spec section 5: a quantity the stock cannot cover. */
export const STOCK_MESSAGES = {
  outOfStock: 'Item is out of stock.',
  onlyAvailable: (stock: number) => `Only ${stock} items available.`,
} as const;

/** What one cart may hold (decision 048): common/cart-limits.ts's MAX_LINE_QUANTITY and MAX_CART_LINES. */
export const CART_MESSAGES = {
  /** Keyed `quantity`: adding would take a line past its cap. */
  lineFull: (max: number, inCart: number) =>
    `You can have at most ${max} of one item in your cart; it already holds ${inCart}.`,
  /** Keyed `quantity`: a line's quantity set above its cap (a client that skipped the contract). */
  tooMany: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  /** `detail`: a new line when the cart holds as many as it may. */
  cartFull: (max: number) => `Your cart is full: it can hold at most ${max} different items.`,
} as const;
