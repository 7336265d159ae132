/**
 * How much one cart may hold, for both the storefront and the reference server (decision 048;
 * the contract's `CartItemCreate.quantity` and `CartItemUpdate.quantity` maximum, and the
 * add-item operation's description). Pure and without imports, so the server's type check and
 * build can include it.
 */

/** The most units one cart line may hold. */
export const MAX_LINE_QUANTITY = 100;

/** The most lines one cart may hold (as many as an order's `shipping` may name). */
export const MAX_CART_LINES = 100;
