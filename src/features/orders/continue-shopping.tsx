import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * The row of actions once an order is placed or paid: 'Continue Shopping' (to /products) first,
 * then `children` (the way to the order), in a `className` box.
 */
export function ContinueShoppingActions({
  className,
  children,
}: {
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Link className="button-primary" to="/products">
        Continue Shopping
      </Link>
      {children}
    </div>
  );
}
