import { formatPrice } from '../../../common/money';

/**
 * Delivery next to the headline price (UK DMCC Act 2024, drip pricing): "+ delivery from £6.50"
 * with the cheapest delivery of the piece to the shop's default country (the API's
 * `delivery_from`), "Free delivery" when that is "0.00", nothing when no delivery reaches it
 * (collection only, or an answer without the field). The amount never wraps away from "from";
 * it is in the shop's `currency` (site/api.ts `useCurrency`; null while unknown: no symbol).
 */
export function DeliveryNote({
  amount,
  currency,
}: {
  amount: string | null | undefined;
  currency: string | null;
}) {
  if (amount == null || amount === '') return null;
  return (
    <p className="catalog-delivery">
      {Number(amount) === 0
        ? 'Free delivery'
        : `+ delivery from\u00a0${formatPrice(amount, currency)}`}
    </p>
  );
}
