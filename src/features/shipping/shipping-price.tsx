import { formatPrice, toMinorUnits } from '../../../common/money';
import { useCurrency } from '../site/api';

/**
 * A shipping amount as the shopper reads it: 'Free' for "0.00" (collection, or over a
 * method's free-shipping threshold), else '£6.50' in the shop's `currency` (ISO 4217; null while
 * unknown: no symbol). `amount` is the API's decimal string, never summed here.
 */
export function shippingPriceLabel(amount: string, currency: string | null): string {
  return toMinorUnits(amount) === 0 ? 'Free' : formatPrice(amount, currency);
}

/**
 * {@link shippingPriceLabel} as text in a page (an order's shipping and shipments). Its own
 * module, apart from ./api.ts: the order pages show amounts and need none of the shipping calls.
 */
export function ShippingPrice({ amount }: { amount: string }) {
  return shippingPriceLabel(amount, useCurrency());
}
