import { formatPrice, toMinorUnits } from '../../common/money';

/**
 * A shipping amount as the shopper reads it: 'Free' for "0.00" (collection, or over a
 * method's free-shipping threshold), else '$6.50' (API decimal string, never summed here).
 */
export function shippingPriceLabel(amount: string): string {
  return toMinorUnits(amount) === 0 ? 'Free' : formatPrice(amount);
}
