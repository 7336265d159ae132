/**
 * The cart's error codes (architecture guide, convention 17): each names the rule that refused
 * the change; server/http/domain-errors.ts gives each its HTTP status.
 *
 * - `product_not_found`: the product is not an active product of this shop.
 * - `line_not_found`: the line is not in the customer's cart (or its product is no longer sold).
 * - `insufficient_stock`: the quantity is more than the product's stock (spec section 5).
 * - `too_many_units`: a line would hold more than MAX_LINE_QUANTITY (field `quantity`).
 * - `cart_full`: a new line in a cart that holds MAX_CART_LINES lines.
 * - `invalid_variant`: the line's variant is missing, not the piece's, or named for a piece
 *   without variants (field `variant_id`; ../catalog/variants.ts).
 * - `invalid_gift_card`: a gift card's choice is missing or refused, or one was sent for a
 *   product that is no gift card (./gift-card-choice.ts; decision 090).
 */
export type CartErrorCode =
  | 'product_not_found'
  | 'line_not_found'
  | 'insufficient_stock'
  | 'too_many_units'
  | 'cart_full'
  | 'invalid_variant'
  | 'invalid_gift_card';
