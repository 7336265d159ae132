/**
 * The shop's shipping (spec sections 4, 5 and 7): where it sends to and what the buyer of an
 * age-restricted piece confirms (`GET /shipping/options/`), the delivery methods and prices a
 * cart gets to a country (`POST /orders/cart/shipping-quote/`). Used by the catalogue (the age
 * note), the cart, the address book and the checkout; how an amount reads is ./shipping-price.tsx.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { components } from '../../../common/storefront-api';

export type ShippingQuote = components['schemas']['ShippingQuote'];
export type ShippingChoice = components['schemas']['ShippingChoice'];

/** The shop's shipping options: countries, minimum age, attestation text (contract: ShippingOptions). */
export type ShippingOptions = components['schemas']['ShippingOptions'];

/**
 * `GET /shipping/options/`: the countries the shop ships to and what the buyer of an
 * age-restricted piece confirms. Key `['shipping','options']`; the same for every visitor, so
 * it is kept a while.
 */
export const shippingOptionsQuery = () =>
  queryOptions({
    queryKey: ['shipping', 'options'] as const,
    queryFn: async ({ signal }): Promise<ShippingOptions> => {
      const { data } = await api.GET('/shipping/options/', { signal });
      return data as ShippingOptions;
    },
    staleTime: 5 * 60_000,
  });

/** The prefix of every shipping quote; a refused order refreshes them (the cart may have changed). */
export const SHIPPING_QUOTE_KEY = ['shipping', 'quote'] as const;

/**
 * `POST /orders/cart/shipping-quote/` with `{country, choices}`: for each line of the cart the
 * methods it may use to `country` (an ISO code) and the one chosen (from `choices`, else the
 * cheapest allowed), the shipments, and the totals with shipping (decimal strings). A POST
 * that changes nothing, so it is a query: key `['shipping','quote',{cartId,country,choices}]`,
 * so a method chosen again is answered from the cache. Rejects with the `ApiError` (400
 * `{country: [...]}` for a country the shop does not ship to).
 */
export const shippingQuoteQuery = (
  cartId: number,
  country: string,
  choices: readonly ShippingChoice[],
) =>
  queryOptions({
    queryKey: [...SHIPPING_QUOTE_KEY, { cartId, country, choices }] as const,
    queryFn: async ({ signal }): Promise<ShippingQuote> => {
      const { data } = await api.POST('/orders/cart/shipping-quote/', {
        body: { country, choices: [...choices] },
        signal,
      });
      return data as ShippingQuote;
    },
    staleTime: 60_000,
  });

/** What the checkout and the address book say when the shipping calls fail. */
export const SHIPPING_MESSAGES = {
  /** The quote failed without a reason in words. */
  quoteFailed: 'Could not work out the delivery options. Please try again.',
  /** The shop's countries did not load. */
  countriesFailed: 'Could not load the countries we deliver to. Please try again.',
} as const;

/**
 * Why a shipping quote failed, in the server's words without the field names ('We do not
 * ship to Canada.'), else its detail, else 'Could not work out the delivery options. Please
 * try again.'.
 */
export function shippingQuoteErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const body = error.body as Record<string, unknown>;
    if (typeof body.detail === 'string' && body.detail) return body.detail;
    const messages = Object.values(body)
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .filter((value): value is string => typeof value === 'string' && value !== '');
    if (messages.length) return messages.join(' ');
  }
  return SHIPPING_MESSAGES.quoteFailed;
}
