import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorBox } from '../../components/error-box';
import { BusyRegion } from '../../components/busy-region';
import { LoginLink } from '../auth/login-link';
import { Skeleton } from '../../components/skeleton';
import { useCart } from './api';
import type { Cart } from './cart-logic';
import './cart.css';

/** The logged-out view of /cart (spec section 2): a prompt linking to /login?redirect=/cart. */
export function CartLoginPrompt() {
  return (
    <div className="cart-notice">
      <h2 className="cart-notice__title">Log in to see your cart</h2>
      <div className="cart-notice__actions">
        <LoginLink className="button-primary" redirect="/cart">
          Log in
        </LoginLink>
        <Link className="button-secondary" to="/register">
          Create an account
        </Link>
      </div>
    </div>
  );
}

/** Spec section 2: 'Your Cart is Empty' with a link to /products. */
export function EmptyCart() {
  return (
    <div className="cart-notice">
      <h2 className="cart-notice__title">Your Cart is Empty</h2>
      <p className="cart-notice__text">
        Every knife, painting and bowl in the shop is made by hand, one at a time.
      </p>
      <div className="cart-notice__actions">
        <Link className="button-primary" to="/products">
          Browse products
        </Link>
      </div>
    </div>
  );
}

/** The cart page's shape while the cart loads: a table's rows and the summary card. */
export function CartSkeleton() {
  return (
    <BusyRegion className="cart-layout" status="Loading your cart…">
      <div className="cart-lines">
        {[0, 1, 2].map((n) => (
          <div key={n} className="cart-skeleton-row">
            <Skeleton width="64px" height="64px" radius="var(--radius-md)" />
            <div className="cart-skeleton-row__text">
              <Skeleton width="60%" height="1.1rem" />
              <Skeleton width="30%" height="0.9rem" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton height="16rem" radius="var(--radius-lg)" />
    </BusyRegion>
  );
}

/**
 * Decides what /cart shows before the cart itself (spec sections 2 and 4): the login prompt
 * when logged out, a skeleton while loading, the load error ('Authentication required to view
 * cart.' on a 401, else the server's detail or 'Could not load cart.'), 'Your Cart is Empty',
 * and otherwise `children(cart)`. With `allowEmpty` an empty cart still goes to `children`
 * (the checkout, which must outlive the cart it just emptied by placing the order).
 */
export function CartGate({
  children,
  allowEmpty = false,
}: {
  children: (cart: Cart) => ReactNode;
  allowEmpty?: boolean;
}) {
  const { cart, loggedIn, isLoading, loadError, retry } = useCart();
  // The session is not known in a server render: an empty, busy region until it is.
  if (loggedIn === undefined) {
    return (
      <div className="cart-pending" aria-busy="true">
        <p role="status" className="visually-hidden">
          Loading your cart…
        </p>
      </div>
    );
  }
  if (!loggedIn) return <CartLoginPrompt />;
  if (isLoading) return <CartSkeleton />;
  return (
    <>
      {loadError ? (
        <ErrorBox className="cart-load-error" message={loadError} onRetry={retry} />
      ) : null}
      {cart.items.length === 0 && !allowEmpty ? <EmptyCart /> : children(cart)}
    </>
  );
}
