/**
 * What the shopper typed into the checkout, kept while they go back to the cart and return
 * (WCAG 2.2 success criterion 3.3.7 Redundant Entry, decision 086): the checkout leaves the page
 * when "← Back to Cart" is pressed, and its form with it.
 *
 * Kept in the query cache under `['cart', 'checkout-draft']`, in this tab's memory only (never
 * in storage), without a time limit: logging out or erasing the account drops every `['cart']`
 * query (../auth/logout.ts, ../auth/api.ts), so the next shopper on the device never sees it,
 * and placing the order drops it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { CheckoutValues } from './schemas';

const DRAFT_KEY = ['cart', 'checkout-draft'] as const;

/**
 * The values the checkout had when the shopper last left it, or undefined. Once an order was
 * placed there is none (the mark {@link dropCheckoutDraft} left is cleared here).
 */
export function checkoutDraft(queryClient: QueryClient): CheckoutValues | undefined {
  const draft = queryClient.getQueryData<CheckoutValues | null>(DRAFT_KEY);
  if (draft === null) queryClient.removeQueries({ queryKey: DRAFT_KEY, exact: true });
  return draft ?? undefined;
}

/** Keeps `values` for the checkout's next opening in this tab, unless its order was placed. */
export function keepCheckoutDraft(queryClient: QueryClient, values: CheckoutValues): void {
  if (queryClient.getQueryData(DRAFT_KEY) === null) return;
  // Not collected after the cache's usual five minutes: a shopper may linger in the cart.
  queryClient.setQueryDefaults(DRAFT_KEY, { gcTime: Infinity });
  queryClient.setQueryData(DRAFT_KEY, values);
}

/**
 * Forgets the draft: its order is placed. A mark (null) stays until the next checkout opens, so
 * the checkout closing after the order does not keep its values again.
 */
export function dropCheckoutDraft(queryClient: QueryClient): void {
  queryClient.setQueryDefaults(DRAFT_KEY, { gcTime: Infinity });
  queryClient.setQueryData(DRAFT_KEY, null);
}
