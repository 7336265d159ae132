import { Link } from '@tanstack/react-router';
import { siteSettingsQuery, useCurrency } from '../site/api';
import { useQuery } from '@tanstack/react-query';
import { useFormatPrice } from '../site/format-price';
import type { components } from '../../../common/storefront-api';
import { countryName } from '../../components/countries';
import { madeToOrderNote } from '../../components/dispatch-note';
import { optionLines } from '../../components/line-options';
import { useLocalDates } from '../../components/local-dates';
import { ShippingPrice } from '../shipping/shipping-price';
import type { Order, OrderStatus } from './api';
import './orders.css';
import './order-parts.css';
import { orderVatSentence } from '../site/vat-note';

type OrderAddress = components['schemas']['OrderAddress'];

export const ORDER_DELIVERY_TEXT = {
  /** In place of the street of an order collected from the workshop. */
  collect: 'Collect from the workshop',
  /** An order with an age-restricted piece. */
  adultSignature: "This parcel needs an adult's signature on delivery.",
} as const;

/** True when every shipment of the order is collected from the workshop. */
export function isCollectionOrder(order: Pick<Order, 'shipments'>): boolean {
  const shipments = order.shipments ?? [];
  return shipments.length > 0 && shipments.every((shipment) => shipment.kind === 'collection');
}

/** The date an order was placed, in the shopper's locale ("22 Nov 2026"). */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}

/**
 * How an order's status reads to a shopper. A status this build does not know (a newer API's)
 * reads as its own words ('on_hold' -> 'On hold') rather than as nothing. Beside the badge, not
 * in ./api.ts: /payment/return loads that module and shows no status.
 */
export function orderStatusLabel(status: OrderStatus): string {
  switch (status) {
    case 'awaiting_payment':
      return 'Awaiting payment';
    case 'paid':
      return 'Paid';
    case 'processing':
      return 'Processing';
    case 'shipped':
      return 'Shipped';
    case 'ready_to_collect':
      return 'Ready to collect';
    case 'completed':
      return 'Completed';
    case 'canceled':
      return 'Canceled';
    case 'expired':
      return 'Expired';
    case 'refunded':
      return 'Refunded';
    default: {
      const words = String(status).replace(/_/g, ' ');
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

/** A coloured label for the order's status. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`order-status order-status--${status.replace(/_/g, '-')}`}>
      {orderStatusLabel(status)}
    </span>
  );
}

/**
 * The order's lines (name, chosen options by label, when a made-to-order piece was expected to
 * leave the workshop, quantity, price as placed), then Subtotal, Shipping with each shipment's
 * method and price ('Free' for 0.00), and Total, with the VAT it includes (or that none was
 * charged).
 */
export function OrderLines({ order }: { order: Order }) {
  const formatPrice = useFormatPrice();
  const currency = useCurrency();
  // The country whose VAT the shop's prices include (issue 41): an order taxed elsewhere names
  // its country. Read here, not in the shell: the first page's scripts stay as they were.
  const shopCountry =
    useQuery({ ...siteSettingsQuery(), enabled: false }).data?.seller?.vat_country ?? null;
  const locale = useLocalDates() ? undefined : 'en-US';
  const shipments = order.shipments ?? [];
  return (
    <div className="order-lines">
      <ul className="order-lines__list">
        {order.items.map((item) => {
          const made =
            item.made_to_order && item.dispatch ? madeToOrderNote(item.dispatch, locale) : null;
          return (
            <li key={item.id} className="order-line">
              <span className="order-line__thumb">
                {item.thumb_image ? (
                  <img src={item.thumb_image} alt="" width={56} height={56} loading="lazy" />
                ) : null}
              </span>
              <span className="order-line__text">
                {item.product_id !== null ? (
                  <Link
                    to="/products/$slug"
                    params={{ slug: item.product_slug }}
                    className="order-line__name"
                  >
                    {item.product_name}
                  </Link>
                ) : (
                  <span className="order-line__name">{item.product_name}</span>
                )}
                {item.variant_label ? (
                  <span className="order-line__customization">
                    {item.variant_label}
                    {item.sku ? (
                      <>
                        {' '}
                        · SKU{' '}
                        <span translate="no" className="order-line__sku">
                          {item.sku}
                        </span>
                      </>
                    ) : null}
                  </span>
                ) : null}
                {optionLines(item.options, item.customization).map((option) => (
                  <span key={option.label} className="order-line__customization">
                    {option.label}: {option.value}
                  </span>
                ))}
                {made ? <span className="order-line__dispatch">{made}</span> : null}
                <span className="order-line__qty">
                  {item.quantity} × {formatPrice(item.unit_price)}
                </span>
              </span>
              <span className="order-line__total">{formatPrice(item.line_total)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="order-totals">
        <div className="order-totals__row">
          <dt>Subtotal</dt>
          <dd>{formatPrice(order.subtotal ?? order.total_price)}</dd>
        </div>
        {order.discount && Number(order.discount.amount) > 0 ? (
          <div className="order-totals__row" data-testid="order-discount">
            <dt>Discount ({order.discount.code})</dt>
            <dd>−{formatPrice(order.discount.amount)}</dd>
          </div>
        ) : null}
        <div className="order-totals__row">
          <dt>Shipping</dt>
          <dd>
            <ShippingPrice amount={order.shipping_price ?? '0.00'} />
          </dd>
        </div>
        {shipments.map((shipment) => (
          <div key={shipment.method} className="order-totals__row order-totals__shipment">
            <dt>{shipment.name}</dt>
            <dd>
              <ShippingPrice amount={shipment.price} />
            </dd>
          </div>
        ))}
        <div className="order-totals__row order-totals__grand">
          <dt>Total</dt>
          <dd>{formatPrice(order.total_price)}</dd>
        </div>
      </dl>
      {/* The VAT of the order's own rate, kept when it was placed (issue 29). */}
      <p className="order-totals__vat" data-testid="order-vat">
        {orderVatSentence(order, currency, shopCountry)}
      </p>
    </div>
  );
}

/**
 * The address as a postal block, the country by name ('GB' -> 'United Kingdom'; a country
 * saved as free text is shown as it is). For an order collected from the workshop, 'Collect
 * from the workshop' stands where the street and town would be (they are empty, or not where
 * the parcel goes).
 */
export function DeliveryAddressBlock({
  address,
  collection = false,
}: {
  address: OrderAddress;
  collection?: boolean;
}) {
  const town = [address.postalCode, address.city].filter(Boolean).join(' ');
  return (
    <address className="order-address">
      <span className="order-address__name">{address.fullname}</span>
      {collection ? (
        <span className="order-address__collect">{ORDER_DELIVERY_TEXT.collect}</span>
      ) : (
        <>
          {address.street ? <span>{address.street}</span> : null}
          {town ? <span>{town}</span> : null}
        </>
      )}
      <span>{countryName(address.country)}</span>
      <span className="order-address__phone">{address.contact_number}</span>
    </address>
  );
}

/** Where the order goes and, for an age-restricted piece, that an adult must sign for it. */
export function OrderDelivery({ order }: { order: Order }) {
  return (
    <>
      <DeliveryAddressBlock
        address={order.delivery_address}
        collection={isCollectionOrder(order)}
      />
      {order.needs_adult_signature ? (
        <p className="order-signature">{ORDER_DELIVERY_TEXT.adultSignature}</p>
      ) : null}
    </>
  );
}

/** The secondary 'View order' link to /account/orders/{id}, used on order cards and confirmations. */
export function ViewOrderLink({ orderId }: { orderId: number }) {
  return (
    <Link
      className="button-secondary"
      to="/account/orders/$orderId"
      params={{ orderId: String(orderId) }}
    >
      View order
    </Link>
  );
}
