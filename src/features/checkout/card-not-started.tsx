import { Link } from '@tanstack/react-router';
import type { components } from '../../../common/storefront-api';
import { CARD_NOT_STARTED } from '../payments/api';
import './checkout.css';

type Order = components['schemas']['Order'];

/** Shown when the order exists but its card payment could not start (spec section 4). */
export function CardNotStarted({ order }: { order: Order }) {
  return (
    <div className="checkout-outcome" role="alert">
      <h2 className="checkout-outcome__title">Order {order.order_number} was placed</h2>
      <p>{CARD_NOT_STARTED}</p>
      <div className="checkout-outcome__actions">
        <Link
          className="button-primary"
          to="/account/orders/$orderId"
          params={{ orderId: String(order.id) }}
        >
          Go to your order
        </Link>
        <Link className="button-secondary" to="/products">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
