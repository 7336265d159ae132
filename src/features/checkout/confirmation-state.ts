/**
 * What the checkout hands to /order-confirmation (spec section 2: "Uses navigation state
 * (order, bank details, custom instructions)"). It travels in the history entry's state, so it
 * survives a reload of the confirmation page but never appears in the URL.
 */
import type { components } from '../../../common/storefront-api';

export interface OrderConfirmationState {
  order: components['schemas']['Order'];
  /** The shop's bank details, for a bank-transfer order. */
  bankDetails: string | null;
  /** The shop's instructions, for a custom-method order without a redirect. */
  customInstructions: string | null;
}

declare module '@tanstack/history' {
  interface HistoryState {
    orderConfirmation?: OrderConfirmationState;
  }
}

/** The confirmation state if `value` looks like one (history state can hold anything). */
export function readConfirmationState(value: unknown): OrderConfirmationState | null {
  if (typeof value !== 'object' || value === null) return null;
  const state = (value as { orderConfirmation?: unknown }).orderConfirmation;
  if (typeof state !== 'object' || state === null) return null;
  const order = (state as { order?: unknown }).order;
  if (
    typeof order !== 'object' ||
    order === null ||
    typeof (order as { order_number?: unknown }).order_number !== 'string' ||
    !Array.isArray((order as { items?: unknown }).items)
  ) {
    return null;
  }
  return state as OrderConfirmationState;
}
