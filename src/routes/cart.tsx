import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { oneOf } from '../../common/search-params';
import { CartGate } from '../features/cart/cart-gate';
import { CartStep } from '../features/cart/cart-view';
import { privatePageHead } from '../features/site/seo';
import { deferredForm } from '../components/deferred-form';

// The checkout's forms load when the shopper proceeds to it, not with the cart.
const CheckoutView = deferredForm(() =>
  import('../features/checkout/checkout-view').then((m) => m.CheckoutView),
);

/**
 * `/cart?step=checkout`: the cart and, inside it, the checkout (spec section 2). The step lives
 * in the URL so Back and a reload keep the shopper where they were; anything but 'checkout'
 * is the cart. The cart is the shopper's own, so it loads in the browser (no loader).
 */
const cartSearchSchema = {
  parse: (search: Record<string, unknown>): { step?: 'checkout' } => ({
    step: oneOf(search.step, ['checkout'] as const),
  }),
};

export const Route = createFileRoute('/cart')({
  head: ({ matches }) => privatePageHead(matches, 'Shopping Cart'),
  validateSearch: cartSearchSchema,
  component: CartPage,
});

function CartPage() {
  const { step } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const checkout = step === 'checkout';
  return (
    <div className="page-container cart-page">
      <h1 className="cart-page__title">{checkout ? 'Checkout' : 'Shopping Cart'}</h1>
      {checkout ? null : (
        // True for a visitor and a shopper alike, so the server renders it (decision 008): the
        // page has its content at the first paint, before the session decides the rest.
        <p className="cart-page__lead">
          Your cart is kept with your account, so it is waiting for you on every device.
        </p>
      )}
      {checkout ? (
        <CartGate allowEmpty>
          {(cart) => <CheckoutView cart={cart} onBack={() => void navigate({ search: {} })} />}
        </CartGate>
      ) : (
        <CartStep onCheckout={() => void navigate({ search: { step: 'checkout' } })} />
      )}
    </div>
  );
}
