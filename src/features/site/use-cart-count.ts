/**
 * The number of items in the shopper's cart, for the nav's cart badge.
 *
 * The server-side cart arrives with a later issue; until then the count is 0 (and a
 * logged-out shopper has no cart at all). When it lands, this hook reads `total_items` from
 * the cart query while logged in, so the badge and its callers stay as they are.
 */
export function useCartCount(): number {
  return 0;
}
