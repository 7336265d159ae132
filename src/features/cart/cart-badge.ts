/** Spec section 9: the badge shows at most this number, then '99+'. */
export const CART_BADGE_CAP = 99;

/**
 * The text of the cart icon's item-count badge (spec sections 2 and 9): '' for 0 (or a
 * negative / non-finite count, so no badge is drawn), the count itself up to 99, and '99+'
 * above 99. Fractions are floored: a count of items is whole.
 */
export function cartBadgeLabel(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  const whole = Math.floor(count);
  if (whole === 0) return '';
  return whole > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(whole);
}

/**
 * The accessible name of the cart link, which is an icon: 'Cart' alone when empty, else with
 * the badge's text ('Cart, 1 item', 'Cart, 3 items', 'Cart, 99+ items'), so what is seen
 * ('CART 3') is also what is named (WCAG 2.5.3 Label in Name).
 */
export function cartLinkLabel(count: number): string {
  const badge = cartBadgeLabel(count);
  if (!badge) return 'Cart';
  return `Cart, ${badge} ${badge === '1' ? 'item' : 'items'}`;
}
