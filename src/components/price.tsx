import { formatPrice } from '../../common/money';

interface PriceProps {
  /** Decimal string from the API, e.g. "45.00". */
  price: string;
  /** The price before a discount, struck through when present. */
  before?: string | null;
  className?: string;
  /** Announce changes politely (a price that follows the shopper's choices). */
  live?: boolean;
}

/**
 * A price with '$' and two decimals, and the old price struck through (spec section 2). The
 * strike-through is invisible to screen readers, so the old price carries hidden words.
 */
export function Price({ price, before, className, live = false }: PriceProps) {
  return (
    <p
      className={`catalog-price ${className ?? ''}`.trim()}
      aria-live={live ? 'polite' : undefined}
      aria-atomic={live ? true : undefined}
    >
      {before ? <span className="visually-hidden">Sale price </span> : null}
      <span className="catalog-price__now">{formatPrice(price)}</span>
      {before ? (
        <>
          {' '}
          <s className="catalog-price__before">
            <span className="visually-hidden">Original price </span>
            {formatPrice(before)}
          </s>
        </>
      ) : null}
    </p>
  );
}
