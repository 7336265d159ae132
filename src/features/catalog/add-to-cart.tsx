import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import type { components } from '../../api/schema';
import { isLoggedIn } from '../../auth/token-storage';
import { addToCartProblem, clampQuantity } from './product-logic';

type Cart = components['schemas']['Cart'];

/** Spec section 9: success messages go after 3 s, errors after 5 s. */
export const SUCCESS_TIMEOUT_MS = 3000;
export const ERROR_TIMEOUT_MS = 5000;

/** Query key the cart feature reads; every cart mutation replaces it with the server's answer (spec section 4). */
export const CART_QUERY_KEY = ['cart'] as const;

/**
 * `POST /orders/cart/add-item/` with `{product_id, quantity, customization}` (spec sections 3
 * and 7). On success the answer replaces the cached cart. Errors are `ApiError`s.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { productId: number; quantity: number }): Promise<Cart> => {
      const { data } = await api.POST('/orders/cart/add-item/', {
        body: { product_id: input.productId, quantity: input.quantity, customization: {} },
      });
      return data as Cart;
    },
    onSuccess: (cart) => {
      queryClient.setQueryData(CART_QUERY_KEY, cart);
    },
  });
}

/** The login address that comes back to the product (spec section 5): `/login?redirect=/products/{slug}`. */
export function loginRedirectHref(slug: string): string {
  const path = `/products/${slug}`;
  return `/login?redirect=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}

interface Message {
  kind: 'success' | 'error';
  text: string;
}

/** Shows a message and clears it after the spec's time-out for its kind. */
function useTransientMessage() {
  const [message, setMessage] = useState<Message | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(
      () => setMessage(null),
      message.kind === 'success' ? SUCCESS_TIMEOUT_MS : ERROR_TIMEOUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}

interface AddToCartProps {
  product: { id: number; slug: string; name: string; stock: number };
}

/**
 * Quantity selector (only when stock > 1, bounded 1..stock) and the Add to Cart button
 * ('Sold Out' and disabled at stock 0). Logged out, the button goes to
 * /login?redirect=/products/{slug}; logged in, it adds the line item (spec sections 2, 4, 5).
 */
export function AddToCart({ product }: AddToCartProps) {
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const [quantityText, setQuantityText] = useState('1');
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [message, setMessage] = useTransientMessage();
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
    if (!isLoggedIn()) {
      void navigate({ href: loginRedirectHref(product.slug) });
      return;
    }
    addToCart.mutate(
      { productId: product.id, quantity },
      {
        onSuccess: () =>
          setMessage({
            kind: 'success',
            text: `Added ${quantity} × ${product.name} to your cart.`,
          }),
        onError: (error) =>
          setMessage({
            kind: 'error',
            text: apiErrorMessage(error, 'Could not add item to cart.'),
          }),
      },
    );
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
