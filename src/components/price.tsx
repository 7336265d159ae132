import { formatPrice } from '../../common/money';

interface PriceProps {
  /** Decimal string from the API, e.g. "45.00". */
  price: string;
  /** The price before a discount, struck through when present. */
  before?: string | null;
  /** The shop's ISO 4217 code (site/api.ts `useCurrency`); null: no symbol while unknown. */
  currency: string | null;
  className?: string;
  /** Announce changes politely (a price that follows the shopper's choices). */
  live?: boolean;
}

/**
 * A price in the shop's currency with two decimals ("£45.00"; the spec's '$' for a shop in
 * dollars), and the old price struck through (spec section 2). The strike-through is invisible
 * to screen readers, so the old price carries hidden words.
 */
export function Price({ price, before, currency, className, live = false }: PriceProps) {
  return (
    <p
      className={`catalog-price ${className ?? ''}`.trim()}
      aria-live={live ? 'polite' : undefined}
      aria-atomic={live ? true : undefined}
    >
      {before ? <span className="visually-hidden">Sale price </span> : null}
      <span className="catalog-price__now">{formatPrice(price, currency)}</span>
      {before ? (
        <>
          {' '}
          <s className="catalog-price__before">
            <span className="visually-hidden">Original price </span>
            {formatPrice(before, currency)}
          </s>
        </>
      ) : null}
    </p>
  );
}
