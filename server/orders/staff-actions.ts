/**
 * The back office's rules that need no database: what status an order's shipments give it, and
 * which moves a member of each role may make on an order now. The moves (./mark-paid.ts,
 * ./fulfilment.ts, ./shop-cancel.ts, ./reopen.ts) check them under the order lock; the back
 * office's order page (./order-detail.ts) offers the same list as `actions`, so a button is shown
 * exactly when the move would be accepted.
 *
 * The status of a paid order follows what became of its shipments (design: order statuses):
 *   nothing done yet                               -> paid
 *   every shipment handed over (a delivery shipped,
 *   a collection collected)                        -> completed when one was a collection,
 *                                                     else shipped
 *   every delivery shipped and a collection ready  -> ready_to_collect
 *   anything else with something done             -> processing
 */
import type { Schemas as AdminSchemas } from '../../common/admin-contract.ts';
import type { PaymentMethod } from '../payments/tables.ts';
import type { OrderStatus } from './tables.ts';
import type { Acting } from '../platform/journal.ts';
import { isCardMethod } from '../payments/methods.ts';

/** What became of one shipment so far (`order_fulfilments.status`). */
export type FulfilmentStatus = 'shipped' | 'ready' | 'collected';

/** A shipment as these rules read it: its kind, and its fulfilment's status (null: none yet). */
export interface ShipmentProgress {
  kind: 'delivery' | 'collection';
  fulfilment: FulfilmentStatus | null;
}

/** The statuses in which the back office fulfils shipments (ship, ready, collected). */
export const FULFILLING: readonly OrderStatus[] = ['paid', 'processing', 'ready_to_collect'];

/**
 * The back office's "To ship", defined once: the orders paid and not yet sent off or handed over,
 * whatever is left (a delivery to send, a collection to make ready). The list's `to_ship` tab
 * (./order-list.ts) and Today's `to_ship` (./today.ts) both list exactly these statuses, so
 * their counts agree. By the status rule above, every such order with a shipment has a move the
 * back office offers: `paid` is an order with nothing done (each shipment waits to be shipped or
 * made ready), and `processing` one with a delivery still to send or, every delivery sent, a
 * collection not yet ready (a ready one would make it `ready_to_collect`).
 */
export const TO_SHIP: readonly OrderStatus[] = ['paid', 'processing'];

/** The statuses of a paid order an owner may still cancel (refunded in full). */
export const CANCELABLE_PAID: readonly OrderStatus[] = FULFILLING;

/** True when the shipment has been handed over: a delivery shipped, a collection collected. */
export function isHandedOver(shipment: ShipmentProgress): boolean {
  return shipment.kind === 'delivery'
    ? shipment.fulfilment === 'shipped'
    : shipment.fulfilment === 'collected';
}

/**
 * The status a paid order's shipments give it (see the module comment). An order without
 * shipments (placed before they existed) stays `paid`.
 */
export function statusOfShipments(shipments: readonly ShipmentProgress[]): OrderStatus {
  if (shipments.length === 0 || shipments.every((s) => s.fulfilment === null)) return 'paid';
  if (shipments.every(isHandedOver)) {
    return shipments.some((s) => s.kind === 'collection') ? 'completed' : 'shipped';
  }
  const deliveriesSent = shipments.every(
    (s) => s.kind !== 'delivery' || s.fulfilment === 'shipped',
  );
  if (deliveriesSent && shipments.some((s) => s.fulfilment === 'ready')) return 'ready_to_collect';
  return 'processing';
}

/** A move of the back office, as the contract names it: its OrderAction, the one list. */
export type OrderAction = AdminSchemas['OrderAction'];

/**
 * What the door (server/http/admin/permissions.ts, `orderActingOf`) lets a member do at the back
 * office beyond reading orders: `fulfil` (mark paid, ship, mark ready or collected, cancel an
 * unpaid order) and `money` (refund, cancel a paid order, reopen an expired one, mark paid above
 * the total, mark a refund paid back). The rules read these, never a role (issue 37).
 */
export interface OrderGrants {
  fulfil: boolean;
  money: boolean;
}

/**
 * A member acting on orders in the back office, as the door hands them over
 * (server/http/admin/permissions.ts, `orderActingOf`): their shop, their id for the rows that name
 * them, the journal that writes each move to the activity log in their name, and what they may do.
 */
export type OrderActing = Acting & { may: OrderGrants };

/**
 * The moves a member who `may` do these things can make on the order now, in the contract's
 * order.
 *
 * `correct_tracking` is offered to owners and staff once a delivery was shipped
 * (./tracking-correction.ts).
 *
 * `refund` is offered to an owner whenever something paid is left to refund, whatever the
 * status, as the refund itself accepts (./shop-refunds.ts): a shipped order, and a
 * canceled one whose refund in full was refused by its provider, alike.
 * @param order the order's status and payment method.
 * @param shipments every shipment's progress, by index.
 * @param refundableCents what was paid less what was refunded (../orders/order-money.ts).
 * @param owedByHand a refund of the order is `manual`, or a card payment it could not keep is
 *   to be refunded by hand: an owner may mark it paid back (./manual-refunds.ts).
 */
export function orderActions(
  may: OrderGrants,
  order: { status: OrderStatus; payment_method: PaymentMethod },
  shipments: readonly ShipmentProgress[],
  refundableCents: number,
  owedByHand = false,
): OrderAction[] {
  const actions: OrderAction[] = [];
  const { fulfil, money } = may;
  const { status } = order;
  if (fulfil && status === 'awaiting_payment' && !isCardMethod(order.payment_method)) {
    actions.push('mark_paid');
  }
  if (fulfil && FULFILLING.includes(status)) {
    if (shipments.some((s) => s.kind === 'delivery' && s.fulfilment === null)) actions.push('ship');
    if (shipments.some((s) => s.kind === 'collection' && s.fulfilment === null)) {
      actions.push('mark_ready');
    }
    if (shipments.some((s) => s.kind === 'collection' && s.fulfilment === 'ready')) {
      actions.push('mark_collected');
    }
  }
  if ((fulfil && status === 'awaiting_payment') || (money && CANCELABLE_PAID.includes(status))) {
    actions.push('cancel');
  }
  if (money && refundableCents > 0) actions.push('refund');
  if (money && status === 'expired') actions.push('reopen');
  if (money && owedByHand) actions.push('mark_paid_back');
  // A mistyped tracking number is corrected whatever became of the order since.
  if (fulfil && shipments.some((s) => s.kind === 'delivery' && s.fulfilment === 'shipped')) {
    actions.push('correct_tracking');
  }
  return actions;
}
