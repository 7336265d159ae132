/**
 * The moves a shopper may make on one of their orders, each rule written once (issue 37: the
 * storefront shows the server's `actions`, as the back office does): `pay` it by card now
 * (`POST /payments/card/initiate/`, ./payment-start.ts `startCardPayment`) and `cancel` it
 * unpaid (`POST /orders/orders/{id}/cancel/`, ./closing.ts `cancelOrder`). Both calls check
 * these rules under the order lock and throw the refusal they answer; the read model
 * (./read-model.ts `toOrders`) offers the same moves as the contract's `Order.actions`, so the
 * storefront shows Pay now and Cancel order exactly when the call would be accepted.
 *
 * No database here: a caller hands in what the rules read (the order's row, whether a card
 * payment of it is `pending` at its provider, and {@link ShopperMoveFacts}).
 */
import { DomainError } from '../platform/domain-error.ts';
import type { PaymentMethod } from '../payments/tables.ts';
import type { OrderStatus } from './tables.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import { paymentError, type PaymentErrorCode } from '../payments/errors.ts';
import { PAYMENT_MESSAGES } from '../payments/messages.ts';
import { isCardMethod } from '../payments/methods.ts';
import type { OrderContext } from './context.ts';
import type { OrderErrorCode } from './errors.ts';
import { ORDER_MESSAGES } from './messages.ts';

/** A move of the shopper's, as the contract names it (OrderAction). */
export type ShopperAction = Schemas['OrderAction'];

/** The order's columns the rules read. */
export interface MovableOrder {
  status: OrderStatus;
  payment_method: PaymentMethod;
  created_at: Date | string;
  expires_at: Date | string | null;
}

/** What the rules read beyond the order: the clock and the shop's card payments now. */
export interface ShopperMoveFacts {
  now: Date;
  /** `OrderContext.settings.cardOrderTtlSeconds`: see {@link cardPaymentDeadline}. */
  cardOrderTtlSeconds: number;
  /** The shop takes card payments now: `OrderContext.providerFor` answers a provider. */
  cardPayments: boolean;
}

/**
 * When an unpaid card order must be paid by (decision 047): its `expires_at`, but never later
 * than `cardOrderTtlSeconds` after it was placed. Counted from the placing, not from the
 * latest attempt, so starting payment after payment cannot keep the order's stock off sale for
 * ever; an order whose deadline an older version moved on is brought back within it.
 * @returns the deadline as a Date.
 */
export function cardPaymentDeadline(
  order: Pick<MovableOrder, 'created_at' | 'expires_at'>,
  cardOrderTtlSeconds: number,
): Date {
  const placedAt = new Date(order.created_at).getTime();
  const latest = placedAt + cardOrderTtlSeconds * 1000;
  const current = order.expires_at === null ? latest : new Date(order.expires_at).getTime();
  return new Date(Math.min(current, latest));
}

/**
 * Why the order cannot take a card payment now, or null when `pay` is accepted: the first
 * refusal in the order the payment start answers them.
 * @param pendingPayment a card payment of the order is `pending` at its provider.
 * @returns DomainError (../payments/errors.ts) `not_a_card_order`, `order_already_paid`,
 *   `order_not_payable` (closed, or past {@link cardPaymentDeadline}),
 *   `card_payments_unavailable` or `payment_still_processing`; null when none applies.
 */
export function payRefusal(
  order: MovableOrder,
  pendingPayment: boolean,
  facts: ShopperMoveFacts,
): DomainError<PaymentErrorCode> | null {
  if (!isCardMethod(order.payment_method)) {
    return paymentError('not_a_card_order', PAYMENT_MESSAGES.notCard);
  }
  if (order.status === 'paid') {
    return paymentError('order_already_paid', PAYMENT_MESSAGES.alreadyPaid);
  }
  if (order.status !== 'awaiting_payment') {
    return paymentError('order_not_payable', PAYMENT_MESSAGES.cannotBePaid);
  }
  const deadline = cardPaymentDeadline(order, facts.cardOrderTtlSeconds);
  if (deadline.getTime() <= facts.now.getTime()) {
    return paymentError('order_not_payable', PAYMENT_MESSAGES.cannotBePaid);
  }
  if (!facts.cardPayments) {
    return paymentError('card_payments_unavailable', PAYMENT_MESSAGES.cardUnavailable);
  }
  if (pendingPayment) {
    return paymentError('payment_still_processing', PAYMENT_MESSAGES.stillProcessing);
  }
  return null;
}

/** `not_cancelable` (409): the order is paid or closed. */
export const notCancelable = () =>
  new DomainError<OrderErrorCode>('not_cancelable', ORDER_MESSAGES.notCancelable);

/** `payment_in_progress` (409): a card payment of the order is `pending` at its provider. */
export const paymentInProgress = () =>
  new DomainError<OrderErrorCode>('payment_in_progress', ORDER_MESSAGES.paymentInProgress);

/**
 * Why the shopper cannot cancel the order now, or null when `cancel` is accepted.
 * @param pendingPayment a card payment of the order is `pending` at its provider (the money
 *   may be on its way).
 * @returns DomainError (./errors.ts) `not_cancelable` once it is paid or closed,
 *   `payment_in_progress` while such a payment is pending; null when neither applies.
 */
export function shopperCancelRefusal(
  order: Pick<MovableOrder, 'status'>,
  pendingPayment: boolean,
): DomainError<OrderErrorCode> | null {
  if (order.status !== 'awaiting_payment') return notCancelable();
  if (pendingPayment) return paymentInProgress();
  return null;
}

/**
 * The moves the shopper may make on the order now, in the contract's order (`pay`, `cancel`):
 * each one exactly when {@link payRefusal} or {@link shopperCancelRefusal} finds nothing to
 * refuse.
 * @param pendingPayment a card payment of the order is `pending` at its provider.
 */
export function shopperActions(
  order: MovableOrder,
  pendingPayment: boolean,
  facts: ShopperMoveFacts,
): ShopperAction[] {
  const actions: ShopperAction[] = [];
  if (payRefusal(order, pendingPayment, facts) === null) actions.push('pay');
  if (shopperCancelRefusal(order, pendingPayment) === null) actions.push('cancel');
  return actions;
}

/**
 * The facts of the shop `tenantId` now, for answering its orders' `actions`. Call it outside
 * any transaction: it asks the shop's card provider (a query of its own). A provider whose
 * credentials do not open counts as none, as the payment start cannot use it either; it is
 * logged.
 */
export async function shopperMoveFacts(
  ctx: Pick<OrderContext, 'settings' | 'providerFor' | 'now' | 'log'>,
  tenantId: number,
): Promise<ShopperMoveFacts> {
  let cardPayments = false;
  try {
    cardPayments = (await ctx.providerFor(tenantId)) !== null;
  } catch (error) {
    ctx.log.warn({ err: error, tenant: tenantId }, 'the card provider cannot be used');
  }
  return { now: ctx.now(), cardOrderTtlSeconds: ctx.settings.cardOrderTtlSeconds, cardPayments };
}
