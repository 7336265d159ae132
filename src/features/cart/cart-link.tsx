import { Link } from '@tanstack/react-router';
import { useCartCount } from './cart-query';
import { cartBadgeLabel, cartLinkLabel } from './cart-badge';

/** The cart icon linking to /cart, with its item-count badge (spec sections 2 and 9). */
export function CartLinkView({
  count,
  className = 'cart-link',
  showText = false,
}: {
  count: number;
  className?: string;
  /** Show the word CART beside the icon (the mobile menu's list). */
  showText?: boolean;
}) {
  const badge = cartBadgeLabel(count);
  return (
    <Link to="/cart" className={className} aria-label={cartLinkLabel(count)}>
      <svg
        aria-hidden="true"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M5 7h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9Z" />
        <path d="M9 10V6a3 3 0 0 1 6 0v4" />
      </svg>
      {/* The space keeps 'CART' and the count separate words, as the accessible name has them. */}
      {showText ? <span aria-hidden="true">CART</span> : null}{' '}
      {badge ? (
        <span className="cart-badge" aria-hidden="true" data-testid="cart-badge">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

/** The cart link bound to the shopper's cart: `total_items` while logged in, else no badge. */
export function CartLink({ className, showText }: { className?: string; showText?: boolean }) {
  return <CartLinkView count={useCartCount()} className={className} showText={showText} />;
}
