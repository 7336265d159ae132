import { Link } from '@tanstack/react-router';
import { formatPrice } from '../../api/money';
import type { components } from '../../api/schema';
import { type Order, type OrderStatus, orderStatusLabel } from './api';
import './orders.css';

type DeliveryAddress = components['schemas']['DeliveryAddress'];

/** The date an order was placed, in the shopper's locale ("22 Nov 2026"). */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}

/** A coloured label for the order's status. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`order-status order-status--${status.replace(/_/g, '-')}`}>
      {orderStatusLabel(status)}
    </span>
  );
}

/** The order's lines (name, customization, quantity, price as placed) and its total. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <div className="order-lines">
      <ul className="order-lines__list">
        {order.items.map((item) => (
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
              {Object.entries(item.customization ?? {}).map(([key, value]) => (
                <span key={key} className="order-line__customization">
                  {key.replace(/_/g, ' ')}: {value}
                </span>
              ))}
              <span className="order-line__qty">
                {item.quantity} × {formatPrice(item.unit_price)}
              </span>
            </span>
            <span className="order-line__total">{formatPrice(item.line_total)}</span>
          </li>
        ))}
      </ul>
      <p className="order-lines__total">
        <span>Total</span>
        <span>{formatPrice(order.total_price)}</span>
      </p>
    </div>
  );
}

/** The delivery address as a postal block. */
export function DeliveryAddressBlock({ address }: { address: DeliveryAddress }) {
  return (
    <address className="order-address">
      <span className="order-address__name">{address.fullname}</span>
      <span>{address.street}</span>
      <span>
        {address.postalCode} {address.city}
      </span>
      <span>{address.country}</span>
      <span className="order-address__phone">{address.contact_number}</span>
    </address>
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
