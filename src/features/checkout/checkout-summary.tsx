import { useCurrency } from '../site/api';
import { useFormatPrice } from '../site/format-price';
import { madeToOrderNote } from '../../components/dispatch-note';
import { optionLines } from '../../components/line-options';
import { useLocalDates } from '../../components/local-dates';
import type { Cart } from '../cart/api';
import { DiscountCodeField, DiscountRow } from '../cart/discount-code';
import type { ShippingQuote } from '../shipping/api';
import { shippingPriceLabel } from '../shipping/shipping-price';
import './checkout.css';
import { VatNote } from '../site/vat-note';

export const SUMMARY_TEXT = {
  /** The Shipping row before a country is chosen. */
  chooseCountry: 'Choose a country',
  /** The Shipping row while the quote is asked for. */
  calculating: 'Calculating…',
} as const;

/**
 * The cart's lines in the summary: each with its thumbnail, name and quantity, its options
 * ('Handle wood: Ebony'), when made to order its estimated dispatch (dates in `locale`, the
 * shopper's own when undefined), and its amount.
 */
function SummaryLines({
  items,
  locale,
  quote,
}: {
  items: Cart['items'];
  locale: string | undefined;
  quote: ShippingQuote | undefined;
}) {
  const formatPrice = useFormatPrice();
  // A shop recomputing its prices at the destination's VAT rate quotes each line's (issue 41).
  const quotedTotal = (id: number) => quote?.lines.find((l) => l.item_id === id)?.line_total;
  return (
    <ul className="checkout-summary__lines">
      {items.map((item) => {
        const options = optionLines(item.options, item.customization);
        const made = item.dispatch?.made_to_order ? madeToOrderNote(item.dispatch, locale) : null;
        return (
          <li key={item.id} className="checkout-summary__line">
            <span className="checkout-summary__thumb">
              {item.product.main_image ? (
                <img
                  src={item.product.main_image.thumb_image ?? item.product.main_image.image}
                  alt=""
                  width={48}
                  height={48}
                />
              ) : null}
            </span>
            <span className="checkout-summary__text">
              <span className="checkout-summary__name">
                {item.product.name}
                {item.variant ? ` (${item.variant.label})` : ''}{' '}
                <span className="checkout-summary__qty">× {item.quantity}</span>
              </span>
              {options.map((option) => (
                <span key={option.label} className="checkout-summary__option">
                  {option.label}: {option.value}
                </span>
              ))}
              {made ? <span className="checkout-summary__dispatch">{made}</span> : null}
            </span>
            <span className="checkout-summary__amount">
              {formatPrice(quotedTotal(item.id) ?? item.line_total)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The order beside the form: each line with its options ('Handle wood: Ebony') and, when made
 * to order, its estimated dispatch; the shipments of the quote (method, price, the pieces in
 * it); then Subtotal, Shipping (the quote's, or 'Choose a country' before one is chosen) and
 * Total (the quote's `total_price`, what Place Order sends; the lines' total before a quote).
 */
export function CheckoutSummary({
  cart,
  quote,
  countryChosen,
}: {
  cart: Cart;
  quote: ShippingQuote | undefined;
  countryChosen: boolean;
}) {
  const formatPrice = useFormatPrice();
  const currency = useCurrency();
  const locale = useLocalDates() ? undefined : 'en-US';
  const nameOf = (itemId: number) =>
    cart.items.find((item) => item.id === itemId)?.product.name ?? '';
  const shipping = quote
    ? shippingPriceLabel(quote.shipping_price, currency)
    : countryChosen
      ? SUMMARY_TEXT.calculating
      : SUMMARY_TEXT.chooseCountry;
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        Your order
      </h2>
      <SummaryLines items={cart.items} locale={locale} quote={quote} />
      {quote && quote.shipments.length > 0 ? (
        <section className="checkout-shipments" aria-labelledby="checkout-shipments-title">
          <h3 id="checkout-shipments-title" className="checkout-shipments__title">
            Delivery
          </h3>
          <ul className="checkout-shipments__list">
            {quote.shipments.map((shipment) => (
              <li key={shipment.method} className="checkout-shipments__item">
                <span className="checkout-shipments__name">{shipment.name}</span>
                <span className="checkout-shipments__price">
                  {shippingPriceLabel(shipment.price, currency)}
                </span>
                <span className="checkout-shipments__pieces">
                  {shipment.item_ids.map(nameOf).filter(Boolean).join(', ')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <dl className="checkout-summary__totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPrice(quote?.subtotal ?? cart.total_price)}</dd>
        </div>
        <DiscountRow discount={quote ? quote.discount : cart.discount} />
        <div>
          <dt>Shipping</dt>
          <dd data-testid="checkout-shipping">{shipping}</dd>
        </div>
        <div className="checkout-summary__grand">
          <dt>Total</dt>
          <dd data-testid="checkout-total">
            {formatPrice(quote?.total_price ?? cart.total_after_discount ?? cart.total_price)}
          </dd>
        </div>
      </dl>
      <DiscountCodeField cart={cart} />
      {/* Once the country is known, the VAT of the quote: the destination's (issue 41). */}
      <VatNote className="checkout-summary__vat" quote={quote} />
    </aside>
  );
}
