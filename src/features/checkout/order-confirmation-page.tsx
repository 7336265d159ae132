import { Link, useRouterState } from '@tanstack/react-router';
import { formatPrice } from '../../../common/money';
import { OrderDelivery, OrderLines, ViewOrderLink } from '../orders/order-parts';
import { useHydrated } from '../../components/use-hydrated';
import { readConfirmationState } from './confirmation-state';
import './checkout.css';

/** Spec section 2: the screen without navigation state. */
export const CONFIRMATION_UNAVAILABLE = 'Order Information Unavailable';

/**
 * /order-confirmation (spec sections 2 and 4): 'Order Placed Successfully!' with the order
 * number; for a bank transfer, that the order awaits payment confirmation, the bank details
 * and the Order Number as the payment reference; for a custom method, the shop's
 * instructions; then the delivery address, the lines and 'Continue Shopping'. Without the
 * checkout's navigation state: 'Order Information Unavailable' and a link home.
 */
export function OrderConfirmationPage() {
  const state = readConfirmationState(useRouterState({ select: (s) => s.location.state }));
  // The navigation state lives in the browser's history: unknown to a server render.
  const hydrated = useHydrated();

  if (!hydrated) {
    return (
      <div className="page-container confirmation" aria-busy="true">
        <div className="confirmation-card confirmation-card--empty" />
      </div>
    );
  }

  if (!state) {
    return (
      <div className="page-container confirmation">
        <div className="confirmation-card confirmation-card--empty">
          <h1 className="confirmation-title">{CONFIRMATION_UNAVAILABLE}</h1>
          <p className="confirmation-lead">
            There is no recent order to show here. Your orders are always in your order history.
          </p>
          <div className="confirmation-actions">
            <Link className="button-primary" to="/">
              Go to the homepage
            </Link>
            <Link className="button-secondary" to="/account/orders">
              Your orders
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const { order, bankDetails, customInstructions } = state;
  return (
    <div className="page-container confirmation">
      <div className="confirmation-card">
        <p className="confirmation-check" aria-hidden="true">
          ✓
        </p>
        <h1 className="confirmation-title">Order Placed Successfully!</h1>
        <p className="confirmation-lead">
          Thank you. Your order number is{' '}
          <strong className="confirmation-number">{order.order_number}</strong>.
        </p>

        {order.payment_method === 'bank_transfer' ? (
          <section className="confirmation-payment" aria-labelledby="confirmation-pay-title">
            <h2 id="confirmation-pay-title" className="confirmation-subtitle">
              Pay by bank transfer
            </h2>
            <p>
              Your order is awaiting payment confirmation and will be processed once your transfer
              of <strong>{formatPrice(order.total_price)}</strong> arrives.
            </p>
            {bankDetails ? <p className="confirmation-details">{bankDetails}</p> : null}
            <p>
              Please use your Order Number <strong>{order.order_number}</strong> as the payment
              reference.
            </p>
          </section>
        ) : null}

        {order.payment_method === 'custom' ? (
          <section className="confirmation-payment" aria-labelledby="confirmation-pay-title">
            <h2 id="confirmation-pay-title" className="confirmation-subtitle">
              How to pay
            </h2>
            {customInstructions ? (
              <p className="confirmation-details">{customInstructions}</p>
            ) : (
              <p>The shop will contact you about the payment.</p>
            )}
            <p>
              Your order is awaiting payment confirmation; please quote your Order Number{' '}
              <strong>{order.order_number}</strong>.
            </p>
          </section>
        ) : null}

        <div className="confirmation-columns">
          <section aria-labelledby="confirmation-address-title">
            <h2 id="confirmation-address-title" className="confirmation-subtitle">
              Delivery address
            </h2>
            <OrderDelivery order={order} />
          </section>
          <section aria-labelledby="confirmation-items-title">
            <h2 id="confirmation-items-title" className="confirmation-subtitle">
              Items
            </h2>
            <OrderLines order={order} />
          </section>
        </div>

        <div className="confirmation-actions">
          <Link className="button-primary" to="/products">
            Continue Shopping
          </Link>
          <ViewOrderLink orderId={order.id} />
        </div>
      </div>
    </div>
  );
}
