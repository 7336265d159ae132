/**
 * The cart's discount code (storefront contract 2.2.0; issue 42): a small "Discount code" field
 * with Apply, or the code applied with Remove, on the cart page and in the checkout summary.
 * The server applies the code and answers the whole cart (`POST` / `DELETE
 * /orders/cart/discount/`), which replaces the cart on screen; the shipping quote is asked
 * again, since its total includes the discount. A refusal shows the server's reason under the
 * field; a code the server took off shows its notice (`discount_notice`, in that answer only).
 * Its own module, loaded with the cart's route only.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { apiErrorMessage, apiFieldErrors } from '../../api/errors';
import { SHIPPING_QUOTE_KEY } from '../shipping/api';
import { useFormatPrice } from '../site/format-price';
import type { Cart } from './cart-logic';
import { CART_QUERY_KEY } from './cart-query';
import './discount-code.css';

/** The words the field shows itself (the server's own reasons are shown as they come). */
export const DISCOUNT_TEXT = {
  label: 'Discount code',
  apply: 'Apply',
  remove: 'Remove',
  applied: (code: string) => `Code ${code} applied`,
  failed: 'The code could not be applied. Please try again.',
  removeFailed: 'The code could not be removed. Please try again.',
  freeDelivery: 'Free delivery',
} as const;

/** Applies or removes the cart's code; each answer replaces the cart and asks the quote again. */
function useDiscountCode() {
  const queryClient = useQueryClient();
  const settle = (cart: Cart | undefined) => {
    if (cart) queryClient.setQueryData(CART_QUERY_KEY, cart);
    void queryClient.invalidateQueries({ queryKey: SHIPPING_QUOTE_KEY });
  };
  const apply = useMutation({
    mutationFn: async (code: string) => {
      const { data } = await api.POST('/orders/cart/discount/', { body: { code } });
      return data as Cart | undefined;
    },
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: async () => {
      const { data } = await api.DELETE('/orders/cart/discount/');
      return data as Cart | undefined;
    },
    onSuccess: settle,
  });
  return { apply, remove };
}

/** The field with Apply, or the applied code with Remove, and the server's words. */
export function DiscountCodeField({ cart }: { cart: Cart }) {
  const id = useId();
  const [entry, setEntry] = useState('');
  const { apply, remove } = useDiscountCode();
  const error = apply.isError
    ? (apiFieldErrors(apply.error).code?.[0] ?? apiErrorMessage(apply.error, DISCOUNT_TEXT.failed))
    : remove.isError
      ? apiErrorMessage(remove.error, DISCOUNT_TEXT.removeFailed)
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (entry.trim() === '' || apply.isPending) return;
    apply.mutate(entry.trim(), { onSuccess: () => setEntry('') });
  };
  const notice = cart.discount_notice ?? null;
  return (
    <div className="discount-code">
      {cart.discount ? (
        <p className="discount-code__applied">
          <span data-testid="discount-applied">{DISCOUNT_TEXT.applied(cart.discount.code)}</span>
          <button
            type="button"
            className="discount-code__remove"
            disabled={remove.isPending}
            onClick={() => {
              apply.reset();
              remove.mutate();
            }}
          >
            {DISCOUNT_TEXT.remove}
            <span className="visually-hidden"> code {cart.discount.code}</span>
          </button>
        </p>
      ) : (
        <form className="discount-code__form" onSubmit={submit} noValidate>
          <label htmlFor={`${id}-code`} className="discount-code__label">
            {DISCOUNT_TEXT.label}
          </label>
          <div className="discount-code__row">
            <input
              id={`${id}-code`}
              name="discount_code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={entry}
              onChange={(event) => setEntry(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <button type="submit" className="button-secondary" disabled={apply.isPending}>
              {DISCOUNT_TEXT.apply}
            </button>
          </div>
        </form>
      )}
      {error ? (
        <p id={`${id}-error`} className="discount-code__error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="discount-code__notice" role="status">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The discount's row in a summary: "Discount (TENOFF)" and the amount taken off, or nothing
 * when the code takes nothing off the goods (a free-delivery code shows in the shipping).
 */
export function DiscountRow({
  discount,
  className,
}: {
  discount: { code: string; amount: string } | null | undefined;
  /** The summary's own row class. */
  className?: string;
}) {
  const formatPrice = useFormatPrice();
  if (!discount || Number(discount.amount) === 0) return null;
  return (
    <div className={className}>
      <dt>Discount ({discount.code})</dt>
      <dd data-testid="discount-amount">−{formatPrice(discount.amount)}</dd>
    </div>
  );
}
