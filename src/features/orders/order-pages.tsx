import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { apiErrorMessage, isNotFound } from '../../api/errors';
import { toMinorUnits } from '../../../common/money';
import { useFormatPrice } from '../site/format-price';
import { useIsLoggedIn } from '../../api/use-session';
import { ErrorBox } from '../../components/error-box';
import { BusyRegion } from '../../components/busy-region';
import { optionLines } from '../../components/line-options';
import { LoginPrompt } from '../auth/login-link';
import { Skeleton } from '../../components/skeleton';
import { PAYMENT_METHODS } from '../payments/payment-methods';
import { ORDERS_PAGE_SIZE, type Order, orderQuery, ordersQuery } from './api';
import { CancelOrderButton, PayNowButton } from './order-actions';
import {
  OrderDelivery,
  OrderLines,
  OrderStatusBadge,
  ViewOrderLink,
  formatOrderDate,
} from './order-parts';
import { OrderShipments } from './order-shipments';
import './orders.css';
import './order-parts.css';

/**
 * The 14-day right's panel and request form (./order-cancellation.tsx) with the words it
 * shares with /cancellation: loaded by the order page alone, not by the history (which shares
 * this module), and asked for as soon as the page mounts, so it is there when the order is.
 */
const loadCancellation = () => import('./order-cancellation');
const OrderCancellation = lazy(() =>
  loadCancellation().then((module) => ({ default: module.OrderCancellation })),
);

/** Spec section 8-style fallbacks of the order history. */
export const ORDER_HISTORY_MESSAGES = {
  listFailed: 'Failed to load your orders.',
  detailFailed: 'Failed to load this order.',
  notFound: 'Order not found.',
  none: 'You have not placed any orders yet.',
  /** A payment arrived after the order was closed (or paid twice): the API refunds it. */
  refundPending:
    'A payment arrived after this order was closed. It will be refunded to you; you do not need to do anything.',
  refunded: 'A payment arrived after this order was closed, and it has been refunded to you.',
  expired: 'This order was not paid in time, so it expired and its items went back on sale.',
  canceled: 'This order was canceled and its items went back on sale.',
} as const;

/** The date and time an unpaid order expires, in the shopper's locale. */
function formatDeadline(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** What the shopper is told about a refund or a closed order; null when there is nothing. */
function orderNoticeText(order: Order): string | null {
  if (order.refund_status === 'refunded') return ORDER_HISTORY_MESSAGES.refunded;
  if (order.refund_status) return ORDER_HISTORY_MESSAGES.refundPending;
  if (order.status === 'expired') return ORDER_HISTORY_MESSAGES.expired;
  if (order.status === 'canceled') return ORDER_HISTORY_MESSAGES.canceled;
  return null;
}

/** The notice of a refund or a closed order, above its details (a refund's in its own style). */
function OrderNotice({ order }: { order: Order }) {
  const text = orderNoticeText(order);
  if (!text) return null;
  const refund = order.refund_status ? ' order-detail__notice--refund' : '';
  return (
    <p className={`order-detail__notice${refund}`} role="status">
      {text}
    </p>
  );
}

function OrdersFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page-container orders-page">
      <h1 className="orders-page__title">{title}</h1>
      {children}
    </div>
  );
}

/** The orders pages' logged-out notice, whose Log in comes back to `redirect`. */
function OrdersLoginPrompt({ redirect }: { redirect: string }) {
  return (
    <LoginPrompt className="orders-notice" text="Log in to see your orders." redirect={redirect} />
  );
}

function OrderCard({ order }: { order: Order }) {
  const formatPrice = useFormatPrice();
  const shown = order.items.slice(0, 3);
  const more = order.items.length - shown.length;
  return (
    <li className="order-card">
      <div className="order-card__head">
        <h2 className="order-card__number">
          <Link to="/account/orders/$orderId" params={{ orderId: String(order.id) }}>
            Order {order.order_number}
          </Link>
        </h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="order-card__meta">
        Placed {formatOrderDate(order.created_at)} ·{' '}
        {PAYMENT_METHODS[order.payment_method].orderLabel} · {order.total_items}{' '}
        {order.total_items === 1 ? 'item' : 'items'}
      </p>
      <ul className="order-card__items">
        {shown.map((item) => {
          const options = optionLines(item.options, item.customization);
          return (
            <li key={item.id}>
              {item.product_name}
              {item.variant_label ? ` (${item.variant_label})` : ''}{' '}
              <span className="order-card__qty">× {item.quantity}</span>
              {options.length ? (
                <span className="order-card__options">
                  {options.map((option) => `${option.label}: ${option.value}`).join(' · ')}
                </span>
              ) : null}
            </li>
          );
        })}
        {more > 0 ? <li className="order-card__more">and {more} more</li> : null}
      </ul>
      <div className="order-card__foot">
        <span className="order-card__total">{formatPrice(order.total_price)}</span>
        <span className="order-card__actions">
          <PayNowButton order={order} />
          {order.cancellation?.can_request ? (
            // Step 1 of the withdrawal function (art. 11a; decision 084) for an order within
            // its period: the order page opens at step 2 (./order-cancellation.tsx).
            <Link
              className="button-secondary"
              to="/account/orders/$orderId"
              params={{ orderId: String(order.id) }}
              hash="withdraw"
            >
              Withdraw from contract here
            </Link>
          ) : null}
          <ViewOrderLink orderId={order.id} />
        </span>
      </div>
    </li>
  );
}

function ListSkeleton() {
  return (
    <BusyRegion className="orders-list" status="Loading your orders…">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} height="9rem" radius="var(--radius-lg)" />
      ))}
    </BusyRegion>
  );
}

/**
 * /account/orders: the shopper's orders, newest first, each with its number, date,
 * status, lines and total, and Pay now where the server offers it (`order.actions`: an unpaid
 * card order). Logged out: a prompt to log in that comes back here. Paged by `page` (10 a
 * page).
 */
export function OrderListPage({ page = 1 }: { page?: number }) {
  const loggedIn = useIsLoggedIn();
  const query = useQuery({ ...ordersQuery(page), enabled: loggedIn === true });
  const title = 'Your orders';
  if (loggedIn === undefined) {
    return (
      <OrdersFrame title={title}>
        <ListSkeleton />
      </OrdersFrame>
    );
  }
  if (!loggedIn) {
    return (
      <OrdersFrame title={title}>
        <OrdersLoginPrompt redirect="/account/orders" />
      </OrdersFrame>
    );
  }
  if (query.isPending) {
    return (
      <OrdersFrame title={title}>
        <ListSkeleton />
      </OrdersFrame>
    );
  }
  if (query.isError) {
    return (
      <OrdersFrame title={title}>
        <ErrorBox
          message={apiErrorMessage(query.error, ORDER_HISTORY_MESSAGES.listFailed)}
          onRetry={() => void query.refetch()}
        />
      </OrdersFrame>
    );
  }
  const { results, count } = query.data;
  const pages = Math.max(1, Math.ceil(count / ORDERS_PAGE_SIZE));
  return (
    <OrdersFrame title={title}>
      {results.length === 0 ? (
        <div className="orders-notice">
          <p>{ORDER_HISTORY_MESSAGES.none}</p>
          <Link className="button-primary" to="/products">
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="orders-list">
          {results.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="orders-pager" aria-label="Order pages">
          {page > 1 ? (
            <Link to="/account/orders" search={{ page: page - 1 }} className="button-secondary">
              ← Newer orders
            </Link>
          ) : (
            <span />
          )}
          <span className="orders-pager__where">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to="/account/orders" search={{ page: page + 1 }} className="button-secondary">
              Older orders →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </OrdersFrame>
  );
}

function paymentNote(order: Order): string | null {
  const payment = order.latest_payment;
  if (order.status !== 'awaiting_payment') {
    return order.paid_at ? `Paid on ${formatOrderDate(order.paid_at)}.` : null;
  }
  if (!payment) {
    return order.payment_method === 'card_2c2p' ? 'No card payment has been made yet.' : null;
  }
  switch (payment.status) {
    case 'failed':
      return `The last card payment failed: ${payment.error_message ?? 'the card was declined.'}`;
    case 'canceled':
      return 'The last card payment was canceled.';
    case 'initiated':
    case 'pending':
      return 'A card payment is in progress.';
    default:
      return null;
  }
}

/**
 * /account/orders/{id}: one order with its status, lines and total, the delivery
 * address, the payment method and how to pay (bank details or the shop's instructions), the
 * state of its latest card payment, and Pay now and Cancel order where the server offers them
 * (`order.actions`: ./order-actions.tsx). Once the shop has sent or made ready any of it, each
 * shipment's progress and tracking link; what the shop refunded of it ('Refunded $45.00'); the
 * 14-day right to cancel a paid order and the request to do so (./order-cancellation.tsx).
 * Another shopper's order is 'Order not found.' (the API answers 404).
 */
export function OrderDetailPage({ orderId }: { orderId: number }) {
  const formatPrice = useFormatPrice();
  const loggedIn = useIsLoggedIn();
  const query = useQuery({ ...orderQuery(orderId), enabled: loggedIn === true });
  useEffect(() => {
    void loadCancellation();
  }, []);
  if (loggedIn === undefined) {
    return (
      <OrdersFrame title="Order">
        <ListSkeleton />
      </OrdersFrame>
    );
  }
  if (!loggedIn) {
    return (
      <OrdersFrame title="Order">
        <OrdersLoginPrompt redirect={`/account/orders/${orderId}`} />
      </OrdersFrame>
    );
  }
  if (query.isPending) {
    return (
      <OrdersFrame title="Order">
        <ListSkeleton />
      </OrdersFrame>
    );
  }
  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <OrdersFrame title={notFound ? ORDER_HISTORY_MESSAGES.notFound : 'Order'}>
        {notFound ? (
          <div className="orders-notice">
            <p>This order does not exist in your account.</p>
            <Link className="button-secondary" to="/account/orders">
              Back to your orders
            </Link>
          </div>
        ) : (
          <ErrorBox
            message={apiErrorMessage(query.error, ORDER_HISTORY_MESSAGES.detailFailed)}
            onRetry={() => void query.refetch()}
          />
        )}
      </OrdersFrame>
    );
  }
  const order = query.data;
  const note = paymentNote(order);
  const refunded = toMinorUnits(order.refunded_total) ?? 0;
  return (
    <OrdersFrame title={`Order ${order.order_number}`}>
      <Link to="/account/orders" className="orders-back">
        ← All orders
      </Link>
      <div className="order-detail__status">
        <OrderStatusBadge status={order.status} />
        <span className="order-detail__date">Placed {formatOrderDate(order.created_at)}</span>
        {/* The printable invoice (issue 29): its own route chunk. */}
        <Link
          to="/account/orders/$orderId/invoice"
          params={{ orderId: String(order.id) }}
          className="order-detail__invoice"
        >
          {order.paid_at ? 'Invoice' : 'Pro-forma invoice'}
        </Link>
      </div>
      <OrderNotice order={order} />
      <div className="order-detail">
        <section className="order-detail__panel" aria-labelledby="order-items-title">
          <h2 id="order-items-title" className="order-detail__title">
            Items
          </h2>
          <OrderLines order={order} />
        </section>
        <div className="order-detail__side">
          <section className="order-detail__panel" aria-labelledby="order-payment-title">
            <h2 id="order-payment-title" className="order-detail__title">
              Payment
            </h2>
            <p className="order-detail__method">
              {PAYMENT_METHODS[order.payment_method].orderLabel}
            </p>
            {note ? <p className="order-detail__note">{note}</p> : null}
            {refunded > 0 ? (
              <p className="order-detail__note">Refunded {formatPrice(order.refunded_total)}</p>
            ) : null}
            {order.status === 'awaiting_payment' && order.payment_instructions ? (
              <p className="order-detail__instructions">{order.payment_instructions}</p>
            ) : null}
            {order.status === 'awaiting_payment' && order.payment_method !== 'card_2c2p' ? (
              <p className="order-detail__note">
                Use your order number <strong>{order.order_number}</strong> as the payment
                reference.
              </p>
            ) : null}
            {order.status === 'awaiting_payment' && order.expires_at ? (
              <p className="order-detail__note">
                Please pay by <strong>{formatDeadline(order.expires_at)}</strong>; after that the
                order is canceled and its items go back on sale.
              </p>
            ) : null}
            {order.actions.length > 0 ? (
              <div className="order-detail__actions">
                <PayNowButton order={order} />
                <CancelOrderButton order={order} />
              </div>
            ) : null}
          </section>
          <Suspense fallback={null}>
            <OrderCancellation order={order} />
          </Suspense>
          <OrderShipments order={order} />
          <section className="order-detail__panel" aria-labelledby="order-address-title">
            <h2 id="order-address-title" className="order-detail__title">
              Delivery address
            </h2>
            <OrderDelivery order={order} />
          </section>
        </div>
      </div>
    </OrdersFrame>
  );
}
