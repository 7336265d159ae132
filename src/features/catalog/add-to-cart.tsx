import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { isLoggedIn } from '../../api/token-storage';
import { useIsLoggedIn } from '../../api/use-session';
import { loginHref } from '../auth/login-link';
import { useTransientMessage } from '../../components/use-transient-message';
import {
  type AddToCartInput,
  cartErrorMessage,
  rememberAddToCart,
  useAddToCart,
  useResumeAddToCart,
} from '../cart/api';
import {
  customizationErrors,
  customizationOf,
  valuesFromCustomization,
  type OptionValues,
  type ProductOption,
} from '../options/api';
import { ProductOptions } from '../options/product-options';
import { useOnHoliday } from '../site/api';
import { LazyHoliday } from '../site/lazy-holiday';
import { addToCartProblem, clampQuantity, maxAddQuantity } from './product-logic';

/** Spec section 8, product page: the add-to-cart failure when the server gives no detail. */
export const ADD_TO_CART_FAILED = 'Could not add item to cart.';

/** The login address that comes back to the product (spec section 5): `/login?redirect=/products/{slug}`. */
export function loginRedirectHref(slug: string): string {
  return loginHref(`/products/${slug}`);
}

interface AddToCartProps {
  product: {
    id: number;
    slug: string;
    name: string;
    stock: number;
    made_to_order: boolean;
    options: ProductOption[];
  };
  /** The options form (../options/product-options.tsx), shared with the price above. */
  form: UseFormReturn<OptionValues>;
  /** The chosen variant of a piece with variants (issue 42); `product.stock` is its stock. */
  variant?: { id: number; label: string } | null;
}

/**
 * The product's options, the quantity selector and the Add to Cart button (spec sections 2,
 * 4, 5). The quantity is shown when stock > 1, bounded 1..stock (and 1..100, a cart line's
 * most); a made-to-order piece is made for the order, so it is always shown, bounded 1..10,
 * and the button is never 'Sold Out' (otherwise 'Sold Out' and disabled at stock 0). The
 * options are checked first and sent as the line's `customization` (only the chosen ones,
 * texts trimmed). Logged out, the button remembers the choice, customization included, and
 * goes to /login?redirect=/products/{slug}; the choice is added when the shopper comes back
 * logged in, and the form shows it again. While the shop is on holiday the button is disabled
 * with the shop's words beside it (../site/lazy-holiday.tsx).
 * Logged in, it adds the line item; the cart's answer replaces the cached cart, so the header
 * badge follows. The server's `customization.<key>` errors stand under their controls.
 */
export function AddToCart({ product, form, variant = null }: AddToCartProps) {
  const navigate = useNavigate();
  const [message, setMessage] = useTransientMessage();
  const addToCart = useAddToCart({
    onSuccess: (_cart, added) =>
      setMessage({
        kind: 'success',
        text: `Added ${added.quantity} × ${product.name}${variant ? ` (${variant.label})` : ''} to your cart.`,
      }),
    onError: (_message, error) => {
      const { byOption, general } = customizationErrors(error, product.options);
      Object.entries(byOption).forEach(([key, message], index) =>
        form.setError(key, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      if (general) setMessage({ kind: 'error', text: cartErrorMessage(error, ADD_TO_CART_FAILED) });
    },
  });
  const [quantityText, setQuantityText] = useState('1');
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  // The item chosen before a login is added once the shopper is back, logged in, and the
  // page shows what was chosen.
  useResumeAddToCart(
    product.slug,
    (input) => {
      setQuantityText(String(input.quantity));
      form.reset(valuesFromCustomization(product.options, input.customization ?? {}));
      addToCart.mutate(input);
    },
    useIsLoggedIn() === true,
  );
  const madeToOrder = product.made_to_order;
  const soldOut = !madeToOrder && product.stock <= 0;
  // A shop on holiday takes no orders: the button waits, with the shop's words beside it.
  const holiday = useOnHoliday();
  const maxQuantity = maxAddQuantity(product.stock, madeToOrder);
  const showQuantity = madeToOrder || product.stock > 1;
  const quantity = clampQuantity(quantityText, product.stock, madeToOrder).quantity;

  const applyQuantity = (raw: string | number) => {
    const result = clampQuantity(raw, product.stock, madeToOrder);
    setQuantityText(String(result.quantity));
    setLimitMessage(result.message);
  };

  const add = (values: OptionValues) => {
    const problem = addToCartProblem(product.stock, quantity, madeToOrder);
    if (problem) {
      setMessage({ kind: 'error', text: problem });
      return;
    }
    const input: AddToCartInput = {
      productId: product.id,
      quantity,
      customization: customizationOf(product.options, values),
      ...(variant ? { variantId: variant.id } : {}),
    };
    if (!isLoggedIn()) {
      rememberAddToCart(product.slug, input);
      void navigate({ href: loginRedirectHref(product.slug) });
      return;
    }
    addToCart.mutate(input);
  };

  return (
    <div className="catalog-buy">
      <ProductOptions options={product.options} control={form.control} />
      {showQuantity ? (
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
              max={maxQuantity}
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
              disabled={quantity >= maxQuantity}
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
        disabled={soldOut || holiday || addToCart.isPending}
        aria-describedby={holiday && !soldOut ? 'catalog-holiday' : undefined}
        onClick={() => void form.handleSubmit(add)()}
      >
        {soldOut ? 'Sold Out' : addToCart.isPending ? 'Adding…' : 'Add to Cart'}
      </button>
      {holiday && !soldOut ? <LazyHoliday id="catalog-holiday" /> : null}
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
