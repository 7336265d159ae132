/**
 * What the checkout hands to /order-confirmation (spec section 2: "Uses navigation state
 * (order, bank details, custom instructions)"). It travels in the history entry's state, so it
 * survives a reload of the confirmation page but never appears in the URL.
 */
import type { components } from '../../../common/storefront-api';

type Order = components['schemas']['Order'];

/**
 * The spec names the state's fields after the methods it knew: a bank transfer's how-to-pay
 * text travels as `bankDetails`, every other offline method's (the custom method's, or any
 * added since) as `customInstructions`; the other field is null.
 */
export interface OrderConfirmationState {
  order: Order;
  /** The shop's bank details, for a bank-transfer order. */
  bankDetails: string | null;
  /** The shop's instructions, for an order of any other offline method. */
  customInstructions: string | null;
}

/** The state for an offline `order` whose shopper is told `instructions` (null: none). */
export function confirmationState(
  order: Order,
  instructions: string | null,
): OrderConfirmationState {
  return order.payment_method === 'bank_transfer'
    ? { order, bankDetails: instructions, customInstructions: null }
    : { order, bankDetails: null, customInstructions: instructions };
}

/** The how-to-pay text `state` carries for its order's method, or null. */
export function confirmationInstructions(state: OrderConfirmationState): string | null {
  return state.order.payment_method === 'bank_transfer'
    ? state.bankDetails
    : state.customInstructions;
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
