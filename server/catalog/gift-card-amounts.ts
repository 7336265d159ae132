/**
 * A gift card product's fixed amounts (decision 090), as the `products.gift_card_amounts` column
 * keeps them: JSON, an array of cents (migration 2026-039). Read by the catalogue, which shows
 * them, and by the cart (server/cart/gift-card-choice.ts), which checks a buyer's amount against
 * them; in the catalogue's domain, the lower of the two.
 */

/**
 * The amounts a gift card product offers, in cents, in the column's order: only its positive
 * safe integers; a malformed column, or one that is no array, reads as none.
 */
export function offeredAmounts(offer: { gift_card_amounts: string }): number[] {
  try {
    const parsed: unknown = JSON.parse(offer.gift_card_amounts);
    return Array.isArray(parsed)
      ? parsed.filter((n): n is number => Number.isSafeInteger(n) && n > 0)
      : [];
  } catch {
    return [];
  }
}
