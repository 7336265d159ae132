import { ErrorBox } from '../../components/error-box';
import { optionLines } from '../../components/line-options';
import { Skeleton } from '../../components/skeleton';
import type { Cart } from '../cart/api';
import { type ShippingQuote, shippingQuoteErrorMessage } from '../shipping/api';
import { shippingPriceLabel } from '../shipping/shipping-price';
import { useCurrency } from '../site/api';
import type { ShippingQuoteState } from './use-shipping-quote';
import './checkout.css';

export const DELIVERY_TEXT = {
  chooseCountry: 'Choose a country to see the delivery options.',
  loading: 'Working out the delivery options…',
} as const;

type Method = ShippingQuote['methods'][number];

/**
 * 'Royal Mail Tracked 48 — £6.50', 'Collect from the workshop — Free': the price in the shop's
 * `currency` (ISO 4217; null while unknown).
 */
export function methodOptionLabel(method: Method, currency: string | null): string {
  return `${method.name} — ${shippingPriceLabel(method.price, currency)}`;
}

/**
 * The Delivery fieldset: once a country is chosen, for each line of the cart a select of the
 * methods that line may use there (named with their price, starting on the quote's choice),
 * with the chosen method's description under it. A line that cannot be sent to that country
 * shows the quote's reason, above a select of what it may still use (collection) or alone when
 * nothing is left. Before a country: how to see the options.
 */
export function DeliveryMethods({
  cart,
  country,
  shipping,
}: {
  cart: Cart;
  /** The chosen country's code, '' before one is chosen. */
  country: string;
  shipping: ShippingQuoteState;
}) {
  const { quote } = shipping;
  const currency = useCurrency();
  let body;
  if (!country) {
    body = <p className="checkout-delivery__hint">{DELIVERY_TEXT.chooseCountry}</p>;
  } else if (shipping.error) {
    body = (
      <ErrorBox message={shippingQuoteErrorMessage(shipping.error)} onRetry={shipping.retry} />
    );
  } else if (!quote) {
    body = (
      <div className="checkout-delivery" aria-busy="true">
        <p role="status" className="visually-hidden">
          {DELIVERY_TEXT.loading}
        </p>
        {cart.items.map((item) => (
          <Skeleton key={item.id} height="4.25rem" radius="var(--radius-md)" />
        ))}
      </div>
    );
  } else {
    body = (
      <ul className="checkout-delivery">
        {cart.items.map((item) => {
          const line = quote.lines.find((l) => l.item_id === item.id);
          if (!line) return null;
          const id = `checkout-delivery-${item.id}`;
          const value = shipping.methodOf(item.id);
          const chosen = quote.methods.find((method) => method.code === value);
          const options = optionLines(item.options, item.customization);
          return (
            <li key={item.id} className="checkout-delivery__line">
              <div className="checkout-delivery__piece">
                {!line.methods.length ? (
                  <span className="checkout-delivery__name">{item.product.name}</span>
                ) : (
                  <label htmlFor={id} className="checkout-delivery__name">
                    <span className="visually-hidden">Delivery for</span> {item.product.name}
                  </label>
                )}
                {options.length ? (
                  <span className="checkout-delivery__options">
                    {options.map((option) => `${option.label}: ${option.value}`).join(' · ')}
                  </span>
                ) : null}
              </div>
              <div className="checkout-delivery__choice">
                {line.problem ? (
                  <p id={`${id}-problem`} className="checkout-delivery__problem">
                    {line.problem}
                  </p>
                ) : null}
                {line.methods.length ? (
                  <select
                    id={id}
                    value={value}
                    aria-describedby={
                      [
                        line.problem ? `${id}-problem` : null,
                        chosen?.description ? `${id}-description` : null,
                      ]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                    onChange={(event) => shipping.choose(item.id, event.target.value)}
                  >
                    {line.methods.map((code) => {
                      const method = quote.methods.find((m) => m.code === code);
                      return (
                        <option key={code} value={code}>
                          {method ? methodOptionLabel(method, currency) : code}
                        </option>
                      );
                    })}
                  </select>
                ) : null}
                {line.methods.length && chosen?.description ? (
                  <p id={`${id}-description`} className="checkout-delivery__description">
                    {chosen.description}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <fieldset className="checkout-fieldset">
      <legend className="checkout-legend">Delivery</legend>
      {body}
    </fieldset>
  );
}
