/**
 * Checkout calls (spec sections 4, 7 and 8): the shop's payment options and placing the order
 * (the shipping options and the quote are the shipping feature's).
 *
 * Placing an order sends an `Idempotency-Key` chosen once per checkout: a double click, a retry
 * after a lost answer, or a second try after the card payment failed to start all get the same
 * order back instead of a second one.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError, fieldErrorsMessage } from '../../api/errors';
import type { components } from '../../../common/storefront-api';
import { ORDERS_QUERY_KEY } from '../orders/api';
import { SHIPPING_QUOTE_KEY } from '../shipping/api';
import { METHOD_ORDER, PAYMENT_METHODS, type PaymentOptions } from '../payments/payment-methods';

type Order = components['schemas']['Order'];
type OrderCreate = components['schemas']['OrderCreate'];

export const CHECKOUT_LOAD_MESSAGES = {
  /** Spec section 8: the options call failed. */
  failed: 'Failed to load payment options. Please refresh the page.',
  /** Spec section 8: the options came back unusable. */
  invalid: 'Could not load payment options. Please try refreshing.',
} as const;

export const ORDER_MESSAGES = {
  /** Spec section 8: order creation failed without a detail or field errors. */
  failed: 'Failed to create order. Please check your details and try again.',
  /** Spec section 8: any other failure while checking out. */
  unexpected: 'An error occurred. Please try again.',
} as const;

/** Thrown by the options query when the answer is not payment options. */
export class InvalidPaymentOptionsError extends Error {
  constructor() {
    super(CHECKOUT_LOAD_MESSAGES.invalid);
    this.name = 'InvalidPaymentOptionsError';
  }
}

function isPaymentOptions(value: unknown): value is PaymentOptions {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return METHOD_ORDER.every((method) => typeof v[PAYMENT_METHODS[method].enabledBy] === 'boolean');
}

/** `GET /payments/options/`. Key `['payments','options']`. */
export const paymentOptionsQuery = () =>
  queryOptions({
    queryKey: ['payments', 'options'] as const,
    queryFn: async ({ signal }): Promise<PaymentOptions> => {
      const { data } = await api.GET('/payments/options/', { signal });
      if (!isPaymentOptions(data)) throw new InvalidPaymentOptionsError();
      return data;
    },
    staleTime: 60_000,
  });

/**
 * The message for options that did not load (spec section 8): unusable options, else the
 * server's detail, else 'Failed to load payment options. Please refresh the page.'.
 */
export function paymentOptionsErrorMessage(error: unknown): string {
  if (error instanceof InvalidPaymentOptionsError) return error.message;
  if (error instanceof ApiError) {
    const body = error.body as { detail?: unknown } | null;
    if (body && typeof body.detail === 'string' && body.detail) return body.detail;
  }
  return CHECKOUT_LOAD_MESSAGES.failed;
}

/**
 * The message for a failed order (spec section 8): the server's detail, else its field errors
 * ('field: message; …', as every form shows them), else 'Failed to create order. Please check
 * your details and try again.'; a failure that is not the server's answer (the network) gives
 * 'An error occurred. Please try again.'.
 */
export function orderErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return ORDER_MESSAGES.unexpected;
  const body = error.body as { detail?: unknown } | null;
  if (body && typeof body.detail === 'string' && body.detail) return body.detail;
  return fieldErrorsMessage(error.body) ?? ORDER_MESSAGES.failed;
}

/**
 * The current cart when the server refused an order because the cart's total changed since the
 * shopper saw it (409 `{detail, cart}`), else null.
 */
export function changedCartOf(error: unknown): components['schemas']['Cart'] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { cart?: unknown } | null;
  const cart = body?.cart as components['schemas']['Cart'] | undefined;
  return cart && Array.isArray(cart.items) && typeof cart.total_price === 'string' ? cart : null;
}

/**
 * A fresh Idempotency-Key for one checkout: a random (version 4) UUID. `crypto.randomUUID` exists
 * only in a secure context (https, or a loopback address such as 127.0.0.1): a shop served over
 * plain http at its own name (`http://tidewater.example:8080`, as `npm run shop:create` and the
 * first-run set-up print it before a TLS proxy stands in front) has `crypto.getRandomValues`
 * alone, which gives the same random bits.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

/**
 * `POST /orders/orders/` with `{payment_method, delivery_address, shipping, age_attestation?,
 * expected_total_price}` and the checkout's Idempotency-Key. Resolves to the order; the order
 * history is refreshed after it. A refusal refreshes the shipping quotes: a 409 brings a new
 * cart, and a 400 on `shipping` means the quote the shopper saw no longer holds.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      idempotencyKey,
    }: {
      body: OrderCreate;
      idempotencyKey: string;
    }): Promise<Order> => {
      const { data } = await api.POST('/orders/orders/', {
        body,
        params: { header: { 'Idempotency-Key': idempotencyKey } },
      });
      return data as Order;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
    onError: (error) => {
      if (error instanceof ApiError) {
        void queryClient.invalidateQueries({ queryKey: SHIPPING_QUOTE_KEY });
      }
    },
  });
}
