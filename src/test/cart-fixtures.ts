import type { Cart, CartItem } from '../features/cart/cart-logic';

/*
 * Carts for the storefront's tests: lines and carts whose totals add up. Money is in decimal
 * strings, as the contract carries it.
 */

/** `cents` (integer minor units) as the contract's decimal string: 9100 -> '91.00'. */
const decimal = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * A cart line for "Knife {id}" (product id 100 + id), one at $45.00 with 10 in stock unless
 * `price` (a decimal string), `stock` or the line's fields say otherwise; the line total follows.
 */
export function line(
  overrides: Partial<CartItem> & { price?: string; stock?: number } = {},
): CartItem {
  const { price = '45.00', stock = 10, ...rest } = overrides;
  const id = rest.id ?? 1;
  const quantity = rest.quantity ?? 1;
  const cents = Math.round(Number(price) * 100) * quantity;
  return {
    id,
    quantity,
    customization: {},
    options: [],
    product: {
      id: 100 + id,
      name: `Knife ${id}`,
      slug: `knife-${id}`,
      price,
      stock,
      made_to_order: false,
      age_restricted: false,
      main_image: { image: '/i.webp', thumb_image: '/t.webp', alt_text: '' },
    },
    unit_price: price,
    line_total: decimal(cents),
    dispatch: { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' },
    cancellation_exempt: false,
    ...rest,
  };
}

/** A cart of `items`, its item count and total price added up from the lines. */
export function cartOf(...items: CartItem[]): Cart {
  const cents = items.reduce((sum, i) => sum + Math.round(Number(i.line_total) * 100), 0);
  return {
    id: 1,
    items,
    total_items: items.reduce((sum, i) => sum + i.quantity, 0),
    total_price: decimal(cents),
  };
}
