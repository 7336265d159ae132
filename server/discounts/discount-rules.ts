/**
 * What a discount code takes off a cart (issue 42, decision 088), pure and in integer cents:
 * - which lines it may reduce: `discountableLine` (every "may this line be discounted?" goes
 *   through it; gift card lines will never be) and, for a code not combinable with a sale,
 *   `lineOnSale`; then the code's scope (the order, chosen categories, chosen products);
 * - whether it applies now (`refusalOf`: deactivated, not started, expired, used up, used by
 *   this customer, below its minimum, nothing in the cart it reduces), each with its words
 *   (./messages.ts);
 * - how much (`discountOf`): a percentage of the eligible lines (rounded half up to the cent),
 *   or a fixed amount (at most the eligible lines' total), or nothing off the goods but the
 *   delivery (`free_delivery`);
 * - how that amount falls on the eligible lines (`allocate`): in proportion to their totals,
 *   floored to the cent, the remainder on the last eligible line, so each line's VAT is
 *   computed on its discounted amount (common/vat.ts; HMRC VAT Notice 700/7 §3.7: the VAT is
 *   due on the amount actually paid).
 * The minimum spend is compared with the goods' total before the code, of the lines
 * `discountableLine` admits (a gift card bought does not count towards it).
 */
import { DISCOUNT_MESSAGES } from './messages.ts';
import { discountableLine } from '../catalog/sales.ts';
import type { DiscountKind, DiscountScope } from './tables.ts';

/** A cart or order line as the rules read it (cents per unit, after any sale). */
export interface DiscountLine {
  product_id: number;
  category_id: number;
  unit_cents: number;
  quantity: number;
  /** The sale reducing the line's price (the sales part, issue 42); absent or null: none. */
  saleId?: number | null;
  /** A gift card line (the gift cards part, issue 42): never discounted. */
  giftCard?: boolean;
}

/** A code's terms as the rules read them. */
export interface CodeTerms {
  id: number;
  code: string;
  kind: DiscountKind;
  /** Basis points (`percent`), cents (`amount`), 0 (`free_delivery`). */
  value: number;
  scope: DiscountScope;
  targetIds: readonly number[];
  minimumCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  uses: number;
  oncePerCustomer: boolean;
  combinableWithSale: boolean;
  /** A percent or amount code that also waives the delivery (WooCommerce's "free shipping"). */
  freeDelivery?: boolean;
  active: boolean;
}

/** Why a code does not apply. */
export type Refusal =
  | 'inactive'
  | 'not_started'
  | 'expired'
  | 'used_up'
  | 'already_used'
  | 'below_minimum'
  | 'nothing_eligible';

/** True when a sale reduces the line's price: `line.saleId != null` (undefined: not on sale). */
export function lineOnSale(line: { saleId?: number | null }): boolean {
  return line.saleId != null;
}

/**
 * True when a code may reduce the line at all, whatever the code: the same one place sales ask
 * (../catalog/sales.ts): a gift card line never (decision 090).
 */
export { discountableLine };

/** True when `code` reduces `line`: discountable, sale rule, then the code's scope. */
export function eligibleLine(code: CodeTerms, line: DiscountLine): boolean {
  if (!discountableLine(line)) return false;
  if (!code.combinableWithSale && lineOnSale(line)) return false;
  if (code.scope === 'categories') return code.targetIds.includes(line.category_id);
  if (code.scope === 'products') return code.targetIds.includes(line.product_id);
  return true;
}

/** The goods' total of `lines` in cents. */
export function goodsCents(lines: readonly DiscountLine[]): number {
  return lines.reduce((sum, line) => sum + line.unit_cents * line.quantity, 0);
}

/**
 * Why `code` does not apply to `lines` for this customer at `now`, or null when it does. The
 * order of the checks is the order of the messages a shopper may see: the code's own state
 * first, then the customer, then the cart.
 */
export function refusalOf(
  code: CodeTerms,
  lines: readonly DiscountLine[],
  now: Date,
  usedByCustomer: boolean,
): Refusal | null {
  if (!code.active) return 'inactive';
  if (code.startsAt && now < code.startsAt) return 'not_started';
  if (code.endsAt && now >= code.endsAt) return 'expired';
  if (code.usageLimit !== null && code.uses >= code.usageLimit) return 'used_up';
  if (code.oncePerCustomer && usedByCustomer) return 'already_used';
  // The minimum counts what a code may reduce at all (a gift card bought does not count).
  if (goodsCents(lines.filter(discountableLine)) < code.minimumCents) return 'below_minimum';
  if (code.kind !== 'free_delivery' && !lines.some((line) => eligibleLine(code, line))) {
    return 'nothing_eligible';
  }
  return null;
}

/**
 * A refusal in the shop's words; `formatAmount` formats cents in the shop's currency (for the
 * minimum).
 */
export function refusalMessage(
  refusal: Refusal,
  code: CodeTerms,
  formatAmount: (cents: number) => string,
): string {
  switch (refusal) {
    case 'inactive':
      return DISCOUNT_MESSAGES.inactive;
    case 'not_started':
      return DISCOUNT_MESSAGES.notStarted;
    case 'expired':
      return DISCOUNT_MESSAGES.expired;
    case 'used_up':
      return DISCOUNT_MESSAGES.usedUp;
    case 'already_used':
      return DISCOUNT_MESSAGES.alreadyUsed;
    case 'below_minimum':
      return DISCOUNT_MESSAGES.belowMinimum(formatAmount(code.minimumCents));
    case 'nothing_eligible':
      return DISCOUNT_MESSAGES.nothingEligible;
  }
}

/**
 * Splits `totalCents` over lines weighing `weights` (cents, 0 or more): each share is
 * `total × weight / Σweights` floored, the remainder on the last line with a weight above 0.
 * The shares sum to `totalCents` (0 when every weight is 0).
 */
export function allocate(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || totalCents <= 0) return weights.map(() => 0);
  // BigInt: cents × cents may pass 2^53 on a very large order.
  const shares = weights.map((w) => Number((BigInt(totalCents) * BigInt(w)) / BigInt(sum)));
  const rest = totalCents - shares.reduce((a, b) => a + b, 0);
  let last = -1;
  for (let i = 0; i < weights.length; i++) if (weights[i]! > 0) last = i;
  shares[last] = shares[last]! + rest;
  return shares;
}

/** What a code takes off: the total, each line's share (in `lines` order), and the delivery. */
export interface Discount {
  code: CodeTerms;
  cents: number;
  shares: number[];
  freeDelivery: boolean;
}

/**
 * What `code` (already found to apply) takes off `lines`: see the module comment. A percent is
 * `eligible × bp / 10000` rounded half up; an amount is at most the eligible total.
 */
export function discountOf(code: CodeTerms, lines: readonly DiscountLine[]): Discount {
  const weights = lines.map((line) =>
    eligibleLine(code, line) ? line.unit_cents * line.quantity : 0,
  );
  const eligible = weights.reduce((a, b) => a + b, 0);
  let cents = 0;
  if (code.kind === 'percent') cents = Math.floor((eligible * code.value + 5000) / 10000);
  else if (code.kind === 'amount') cents = Math.min(code.value, eligible);
  cents = Math.min(cents, eligible);
  return {
    code,
    cents,
    shares: allocate(cents, weights),
    freeDelivery: code.kind === 'free_delivery' || code.freeDelivery === true,
  };
}
