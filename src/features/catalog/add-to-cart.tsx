import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { loginHref } from '../../auth/safe-redirect';
import { isLoggedIn } from '../../auth/token-storage';
import { useIsLoggedIn } from '../../auth/use-session';
import { useTransientMessage } from '../../components/use-transient-message';
import {
  type AddToCartInput,
  cartErrorMessage,
  rememberAddToCart,
  useAddToCart,
  useResumeAddToCart,
} from '../cart/api';
import { addToCartProblem, clampQuantity } from './product-logic';

/** Spec section 8, product page: the add-to-cart failure when the server gives no detail. */
export const ADD_TO_CART_FAILED = 'Could not add item to cart.';

/** The login address that comes back to the product (spec section 5): `/login?redirect=/products/{slug}`. */
export function loginRedirectHref(slug: string): string {
  return loginHref(`/products/${slug}`);
}

interface AddToCartProps {
  product: { id: number; slug: string; name: string; stock: number };
}

/**
 * Quantity selector (only when stock > 1, bounded 1..stock) and the Add to Cart button
 * ('Sold Out' and disabled at stock 0). Logged out, the button remembers the choice and goes to
 * /login?redirect=/products/{slug}, and the choice is added when the shopper comes back logged
 * in (issue 6); logged in, it adds the line item (spec sections 2, 4, 5). The cart's answer
 * replaces the cached cart, so the header badge follows.
 */
export function AddToCart({ product }: AddToCartProps) {
  const navigate = useNavigate();
  const [message, setMessage] = useTransientMessage();
  const addToCart = useAddToCart({
    onSuccess: (_cart, added) =>
      setMessage({
        kind: 'success',
        text: `Added ${added.quantity} × ${product.name} to your cart.`,
      }),
    onError: (_message, error) =>
      setMessage({ kind: 'error', text: cartErrorMessage(error, ADD_TO_CART_FAILED) }),
  });
  // Issue 6: the item chosen before a login is added once the shopper is back, logged in.
  useResumeAddToCart(product.slug, (input) => addToCart.mutate(input), useIsLoggedIn() === true);
  const [quantityText, setQuantityText] = useState('1');
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const soldOut = product.stock <= 0;
  const quantity = clampQuantity(quantityText, product.stock).quantity;

  const applyQuantity = (raw: string | number) => {
    const result = clampQuantity(raw, product.stock);
    setQuantityText(String(result.quantity));
    setLimitMessage(result.message);
  };

  const onAdd = () => {
    const problem = addToCartProblem(product.stock, quantity);
    if (problem) {
      setMessage({ kind: 'error', text: problem });
      return;
    }
    const input: AddToCartInput = { productId: product.id, quantity };
    if (!isLoggedIn()) {
      rememberAddToCart(product.slug, input);
      void navigate({ href: loginRedirectHref(product.slug) });
      return;
    }
    addToCart.mutate(input);
  };

  return (
    <div className="catalog-buy">
      {product.stock > 1 ? (
        <div className="catalog-quantity">
          <label htmlFor="catalog-quantity-input" className="catalog-quantity__label">
            Quantity
          </label>
          <div className="catalog-quantity__control">
            <button
              type="button"
              className="catalog-quantity__step"
              aria-label="Decrease quantity"
              disabled={quantity <= 1}
              onClick={() => applyQuantity(quantity - 1)}
            >
              −
            </button>
            <input
              id="catalog-quantity-input"
              className="catalog-quantity__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={product.stock}
              step={1}
              value={quantityText}
              aria-describedby={limitMessage ? 'catalog-quantity-limit' : undefined}
              onChange={(event) => {
                // An empty field is allowed while typing; it becomes 1 when the field is left.
                if (event.target.value === '') {
                  setQuantityText('');
                  return;
                }
                applyQuantity(event.target.value);
              }}
              onBlur={() => applyQuantity(quantityText)}
            />
            <button
              type="button"
              className="catalog-quantity__step"
              aria-label="Increase quantity"
              disabled={quantity >= product.stock}
              onClick={() => applyQuantity(quantity + 1)}
            >
              +
            </button>
          </div>
          {limitMessage ? (
            <p id="catalog-quantity-limit" className="catalog-quantity__limit" role="status">
              {limitMessage}
            </p>
          ) : null}
        </div>
      ) : null}
      <button
        type="button"
        className="button-primary catalog-buy__button"
        disabled={soldOut || addToCart.isPending}
        onClick={onAdd}
      >
        {soldOut ? 'Sold Out' : addToCart.isPending ? 'Adding…' : 'Add to Cart'}
      </button>
      <div className="catalog-buy__message" aria-live="polite">
        {message ? (
          <p
            className={`catalog-message catalog-message--${message.kind}`}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
