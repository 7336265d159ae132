import { formatPrice, toMinorUnits } from '../../../common/money';

/**
 * A shipping amount as the shopper reads it: 'Free' for "0.00" (collection, or over a
 * method's free-shipping threshold), else '$6.50' (API decimal string, never summed here).
 */
export function shippingPriceLabel(amount: string): string {
  return toMinorUnits(amount) === 0 ? 'Free' : formatPrice(amount);
}

/**
 * {@link shippingPriceLabel} as text in a page (an order's shipping and shipments). Its own
 * module, apart from ./api.ts: the order pages show amounts and need none of the shipping calls.
 */
export function ShippingPrice({ amount }: { amount: string }) {
  return shippingPriceLabel(amount);
}
