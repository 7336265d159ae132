/*
 * Pure rules of the cart (spec sections 3, 4, 5, 8 and 9), kept apart from React so each one
 * is tested on its own. Money is added up in integer cents (common/money.ts), never in
 * floating point.
 */
import { toDecimal, toMinorUnits } from '../../../common/money';
import type { Cart, CartItem } from './cart-messages';
import { type OptionLine, optionLines } from '../../components/line-options';
import { MAX_LINE_QUANTITY } from '../../../common/cart-limits';

export { MAX_LINE_QUANTITY };

export type { Cart, CartItem } from './cart-messages';
export { CART_MESSAGES, CartRuleError, EMPTY_CART, cartErrorMessage } from './cart-messages';

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
