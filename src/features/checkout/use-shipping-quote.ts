/**
 * The checkout's shipping quote: asked for as soon as a country is chosen, and again with the
 * shopper's choices whenever a line's delivery method changes. Pure rules about a quote sit
 * beside the hook.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Cart } from '../cart/api';
import { type ShippingChoice, type ShippingQuote, shippingQuoteQuery } from '../shipping/api';

/** True when every shipment of the quote is a collection from the workshop. */
export function isCollectionOnly(quote: ShippingQuote | undefined): boolean {
  return (
    !!quote && quote.shipments.length > 0 && quote.shipments.every((s) => s.kind === 'collection')
  );
}

/** The order's `shipping`: every line with the method the quote chose for it. */
export function shippingOf(quote: ShippingQuote): ShippingChoice[] {
  return quote.lines.flatMap((line) =>
    line.method ? [{ item_id: line.item_id, method: line.method }] : [],
  );
}

export interface ShippingQuoteState {
  /** The quote for the chosen country (the previous one while a new choice is asked for). */
  quote: ShippingQuote | undefined;
  /** A quote for the country is under way and none is shown yet. */
  loading: boolean;
  /** The last quote failed (shown with the server's reason). */
  error: unknown;
  /** The quote on screen is the answer to what is chosen now and every line can be sent. */
  ready: boolean;
  /** The method shown for a line: the one just chosen while the quote follows, else the quote's. */
  methodOf: (itemId: number) => string;
  /** Chooses `method` for a line: the cart is quoted again with every line's method. */
  choose: (itemId: number, method: string) => void;
  /** Asks again after a failure, from the server's own choices. */
  retry: () => void;
}

/**
 * The quote of `cart` to `country` (an ISO code; '' asks nothing). Choices belong to the
 * country they were made for: a new country starts from the server's choices, since one
 * country's methods mean nothing in another. Choices for lines no longer in the cart (after a
 * 409 replaced it) are left out.
 */
export function useShippingQuote(cart: Cart, country: string): ShippingQuoteState {
  const [chosen, setChosen] = useState<{ country: string; choices: ShippingChoice[] }>({
    country: '',
    choices: [],
  });
  const choices =
    chosen.country === country
      ? chosen.choices.filter((choice) => cart.items.some((item) => item.id === choice.item_id))
      : [];
  const query = useQuery({
    ...shippingQuoteQuery(cart.id, country, choices),
    enabled: country !== '',
    // Keep the selects on screen while a new choice is quoted, never another country's.
    placeholderData: (previous) => (previous?.country === country ? previous : undefined),
  });
  const quote = country && query.data?.country === country ? query.data : undefined;
  const following = query.isPlaceholderData || query.isFetching;
  // While a choice is being quoted, its select shows it; two quick changes both count.
  const methodOf = (itemId: number): string => {
    const pending = query.isPlaceholderData
      ? choices.find((choice) => choice.item_id === itemId)?.method
      : undefined;
    return pending ?? quote?.lines.find((line) => line.item_id === itemId)?.method ?? '';
  };

  return {
    quote,
    loading: country !== '' && query.isPending,
    error: country !== '' && query.isError && !query.isFetching ? query.error : null,
    ready: !!quote && quote.ready && !following && !query.isError,
    methodOf,
    choose: (itemId, method) => {
      const next = cart.items.flatMap((item) => {
        const value = item.id === itemId ? method : methodOf(item.id);
        return value ? [{ item_id: item.id, method: value }] : [];
      });
      setChosen({ country, choices: next });
    },
    retry: () => {
      if (choices.length) setChosen({ country, choices: [] });
      else void query.refetch();
    },
  };
}
