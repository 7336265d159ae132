/**
 * Amounts as the shopper reads them, in the shop's currency (SiteSettings `currency`, read by
 * ./api.ts `useCurrency`): a hook for the pages that write many amounts (cart, checkout, orders,
 * invoice). Its own module, apart from ./api.ts, so the home page's scripts do not carry it.
 */
import { formatPrice } from '../../../common/money';
import { useCurrency } from './api';

/**
 * `formatPrice` in the shop's currency: "45" -> "£45.00" for a shop in pounds; the amount
 * without a symbol ("45.00") while the currency is unknown.
 */
export function useFormatPrice(): (amount: string | number | null | undefined) => string {
  const currency = useCurrency();
  return (amount) => formatPrice(amount, currency);
}
