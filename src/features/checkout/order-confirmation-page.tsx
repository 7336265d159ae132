import { Link, useRouterState } from '@tanstack/react-router';
import { ContinueShoppingActions } from '../orders/continue-shopping';
import { OrderDelivery, OrderLines, ViewOrderLink } from '../orders/order-parts';
import { PAYMENT_METHODS } from '../payments/payment-methods';
import { useHydrated } from '../../components/use-hydrated';
import { confirmationInstructions, readConfirmationState } from './confirmation-state';
import './checkout.css';

/** Spec section 2: the screen without navigation state. */
export const CONFIRMATION_UNAVAILABLE = 'Order Information Unavailable';

/**
 * /order-confirmation (spec sections 2 and 4): 'Order Placed Successfully!' with the order
 * number; for an offline method, how to pay in its own words (../payments/payment-methods.tsx:
 * for a bank transfer, that the order awaits payment confirmation, the bank details and the
 * Order Number as the payment reference; for a custom method, the shop's instructions); then
 * the delivery address, the lines and 'Continue Shopping'. Without the checkout's navigation
 * state: 'Order Information Unavailable' and a link home.
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

  const { order } = state;
  // History state can hold any method: one this build does not know shows no payment section.
  const offline = PAYMENT_METHODS[order.payment_method]?.offline;
  const instructions = confirmationInstructions(state);
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

        {offline ? (
          <section className="confirmation-payment" aria-labelledby="confirmation-pay-title">
            <h2 id="confirmation-pay-title" className="confirmation-subtitle">
              {offline.confirmationTitle}
            </h2>
            {offline.lead ? <p>{offline.lead(order)}</p> : null}
            {instructions ? (
              <p className="confirmation-details">{instructions}</p>
            ) : offline.withoutInstructions ? (
              <p>{offline.withoutInstructions}</p>
            ) : null}
            <p>{offline.reference(order)}</p>
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

        <ContinueShoppingActions className="confirmation-actions">
          <ViewOrderLink orderId={order.id} />
        </ContinueShoppingActions>
      </div>
    </div>
  );
}
