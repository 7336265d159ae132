/**
 * Card payments (spec sections 3, 4, 7 and 8): starting a payment on the gateway's
 * hosted page, reading a payment's status when the shopper comes back (the page that shows it
 * is the orders feature's), and which off-site payment pages the browser may be sent to.
 *
 * Starting a payment keeps the payment id and the order in sessionStorage before leaving for
 * the gateway (spec section 4), so /payment/return can still find them when the gateway sends
 * the shopper back without the `paymentId` parameter. Only event handlers and effects touch
 * storage or `window.location` (architecture convention 13).
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { components } from '../../../common/storefront-api';
import { useCurrency } from '../site/api';

export type PaymentStatus = components['schemas']['PaymentStatus'];
type Order = components['schemas']['Order'];

/** Spec section 4: the message when an order exists but no gateway address came back. */
export const CARD_NOT_STARTED =
  "Your order was created, but we couldn't initiate the card payment. Please contact support or try paying from your order history.";

/** sessionStorage keys of the payment under way (spec section 4: "kept in the session"). */
export const PENDING_PAYMENT_ID_KEY = 'pendingPaymentId';
export const PENDING_PAYMENT_ORDER_KEY = 'pendingPaymentOrder';

/** The order facts kept beside the pending payment id. */
export interface PendingPaymentOrder {
  id: number;
  order_number: string;
  total_price: string;
}

function session(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** The payment id kept when the shopper left for the gateway, or null. */
export function readPendingPaymentId(): string | null {
  return session()?.getItem(PENDING_PAYMENT_ID_KEY) ?? null;
}

/** Thrown when the payment could not be started; its message is {@link CARD_NOT_STARTED}. */
export class CardPaymentNotStartedError extends Error {
  constructor(readonly cause?: unknown) {
    super(CARD_NOT_STARTED);
    this.name = 'CardPaymentNotStartedError';
  }
}

/**
 * True for an absolute http(s) URL the browser may be sent to off-site: a card gateway's page
 * or a shop's configured payment page. Never a `javascript:` or `data:` address, a
 * relative path, or anything that does not parse.
 */
export function isSafeExternalUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Where the browser goes; replaceable in tests. */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * `POST /payments/card/initiate/` with `{order_id, currency}` (the shop's ISO 4217 code, as the
 * shopper saw the prices: site/api.ts `useCurrency`; spec section 9 fixes USD, each shop has its
 * own), then keeps the payment id and the order in the session and sends the browser to the
 * gateway's page.
 * @throws CardPaymentNotStartedError when the currency is unknown (null: no call is made), the
 *   call fails or answers no usable address.
 */
export async function startCardPayment(
  order: Pick<Order, 'id' | 'order_number' | 'total_price'>,
  currency: string | null,
): Promise<void> {
  let redirectUrl: string | undefined;
  let paymentId: string | undefined;
  if (currency === null) throw new CardPaymentNotStartedError();
  try {
    const { data } = await api.POST('/payments/card/initiate/', {
      body: { order_id: order.id, currency },
    });
    redirectUrl = data?.redirectUrl;
    paymentId = data?.payment_uuid;
  } catch (error) {
    throw new CardPaymentNotStartedError(error);
  }
  if (!paymentId || !isSafeExternalUrl(redirectUrl)) throw new CardPaymentNotStartedError();
  const pending: PendingPaymentOrder = {
    id: order.id,
    order_number: order.order_number,
    total_price: order.total_price,
  };
  session()?.setItem(PENDING_PAYMENT_ID_KEY, paymentId);
  session()?.setItem(PENDING_PAYMENT_ORDER_KEY, JSON.stringify(pending));
  browser.assign(redirectUrl);
}

/** A mutation around {@link startCardPayment}: Pay now, Pay again, and the checkout. */
export function useStartCardPayment() {
  const currency = useCurrency();
  return useMutation({
    mutationFn: (order: Pick<Order, 'id' | 'order_number' | 'total_price'>) =>
      startCardPayment(order, currency),
  });
}

/** `GET /payments/history/{uuid}/`. Key `['payments','status',uuid]`; errors are `ApiError`s. */
export const paymentStatusQuery = (uuid: string) =>
  queryOptions({
    queryKey: ['payments', 'status', uuid] as const,
    queryFn: async ({ signal }): Promise<PaymentStatus> => {
      const { data } = await api.GET('/payments/history/{uuid}/', {
        params: { path: { uuid } },
        signal,
      });
      return data as PaymentStatus;
    },
    staleTime: 0,
  });
