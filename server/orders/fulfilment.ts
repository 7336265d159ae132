/**
 * Fulfilling a paid order's shipments (the back office): a delivery is shipped with its carrier
 * and tracking number; a collection is made ready at the workshop, then collected. Each move
 * writes the shipment's row of `order_fulfilments` (unique per order and shipment, so a move
 * is made once however often it is sent), then recomputes the order's status from all its
 * shipments (./staff-actions.ts: processing, shipped, ready_to_collect, completed) with a
 * conditional UPDATE naming the status it moves from, sets `fulfilled_at` once every shipment
 * is handed over, writes the activity log and queues the shopper's e-mail (shipped: carrier,
 * number and tracking link; ready: where to collect). Collected sends nothing: the shopper was
 * there.
 */
import type { Carrier } from './tables.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import { isCarrier } from './carriers.ts';
import type { OrderContext } from './context.ts';
import {
  type OrderMoveResult,
  orderIdForMove,
  lockOrderForMove,
  logOrderMove,
  moveRefused,
  throwIfInvalid,
} from './staff-moves.ts';
import { ORDER_MOVE_LIMITS, ORDER_MOVE_MESSAGES, FIELD_MESSAGES } from './staff-move-messages.ts';
import {
  FULFILLING,
  type FulfilmentStatus,
  isHandedOver,
  type ShipmentProgress,
  statusOfShipments,
} from './staff-actions.ts';
import type { OrderErrorCode } from './errors.ts';
import { canMoveOrder, moveOrderStatus } from './lifecycle.ts';
import type { OrderRow, Trx } from './order-lock.ts';
import { orderShipments } from './read-model.ts';

/** Which shipment: its index in the order's `shipments` (0 for the first). */
export interface ShipmentInput {
  shipmentIndex: number;
}

/** A delivery handed to its carrier: who carries it and the number they gave. */
export interface ShipInput extends ShipmentInput {
  carrier: string;
  trackingNumber: string;
}

type Move = 'ship' | 'ready' | 'collected';

const NOT_PAID: Record<Move, string> = {
  ship: ORDER_MOVE_MESSAGES.notPaidShip,
  ready: ORDER_MOVE_MESSAGES.notPaidReady,
  collected: ORDER_MOVE_MESSAGES.notPaidCollected,
};

/** Letters, digits, spaces and hyphens: what carriers print, and safe in a link. */
const TRACKING = /^[A-Za-z0-9 -]+$/;

/**
 * Reads a carrier and tracking number as a member sent them (ship, and the tracking
 * correction: ./tracking-correction.ts).
 * @throws DomainError `invalid_order_input` (`carrier` not a choice; `tracking_number` blank,
 *   over 64 characters, or other than letters, digits, spaces and hyphens)
 */
export function checkShipInput(input: Pick<ShipInput, 'carrier' | 'trackingNumber'>): {
  carrier: Carrier;
  trackingNumber: string;
} {
  const errors: FieldErrors = {};
  if (typeof input.carrier !== 'string' || input.carrier === '') {
    errors.carrier = [FIELD_MESSAGES.required];
  } else if (!isCarrier(input.carrier)) {
    errors.carrier = [FIELD_MESSAGES.notAChoice(input.carrier)];
  }
  const raw = typeof input.trackingNumber === 'string' ? input.trackingNumber.trim() : null;
  if (raw === null) errors.tracking_number = [FIELD_MESSAGES.required];
  else if (raw === '') errors.tracking_number = [FIELD_MESSAGES.blank];
  else if (raw.length > ORDER_MOVE_LIMITS.trackingNumber) {
    errors.tracking_number = [FIELD_MESSAGES.tooLong(ORDER_MOVE_LIMITS.trackingNumber)];
  } else if (!TRACKING.test(raw)) {
    errors.tracking_number = [FIELD_MESSAGES.trackingCharacters];
  }
  throwIfInvalid(errors);
  return { carrier: input.carrier as Carrier, trackingNumber: raw! };
}

export const shipmentNotFound = () =>
  new DomainError<OrderErrorCode>('shipment_not_found', ORDER_MOVE_MESSAGES.notFound);

/** The order's shipments with their fulfilments, read under the lock. */
async function progressOf(trx: Trx, order: OrderRow): Promise<ShipmentProgress[]> {
  const rows = await trx
    .selectFrom('order_fulfilments')
    .select(['shipment_index', 'status'])
    .where('order_id', '=', order.id)
    .execute();
  const status = new Map<number, FulfilmentStatus>(rows.map((r) => [r.shipment_index, r.status]));
  return orderShipments(order).map((s, index) => ({
    kind: s.kind,
    fulfilment: status.get(index) ?? null,
  }));
}

/** Why `move` of a shipment in `progress` is refused, or null when it may be made. */
function shipmentRefusal(move: Move, progress: ShipmentProgress): string | null {
  if (move === 'ship') {
    if (progress.kind !== 'delivery') return ORDER_MOVE_MESSAGES.collectionNotShipped;
    return progress.fulfilment === null ? null : ORDER_MOVE_MESSAGES.alreadyShipped;
  }
  if (progress.kind !== 'collection') return ORDER_MOVE_MESSAGES.deliveryNotCollected;
  if (progress.fulfilment === 'collected') return ORDER_MOVE_MESSAGES.alreadyCollected;
  if (move === 'ready')
    return progress.fulfilment === 'ready' ? ORDER_MOVE_MESSAGES.alreadyReady : null;
  return progress.fulfilment === 'ready' ? null : ORDER_MOVE_MESSAGES.notReady;
}

/** Why the order's status refuses `move`, or null (a fulfilled order: the shipment says). */
function orderRefusal(move: Move, order: OrderRow): string | null {
  switch (order.status) {
    case 'paid':
    case 'processing':
    case 'ready_to_collect':
    case 'shipped':
    case 'completed':
      return null;
    case 'canceled':
      return ORDER_MOVE_MESSAGES.canceled;
    case 'refunded':
      return ORDER_MOVE_MESSAGES.refunded;
    case 'awaiting_payment':
    case 'expired':
      return NOT_PAID[move];
  }
}

/**
 * Writes the move's fulfilment row, under the lock and once: an insert that a second one
 * meets in the unique index, or an update that names the status it moves from.
 * @param actor the member: their id goes on the row.
 * @returns false when it was made already (the caller refuses).
 */
async function writeFulfilment(
  ctx: OrderContext,
  trx: Trx,
  actor: Acting,
  order: OrderRow,
  index: number,
  move: Move,
  ship: { carrier: Carrier; trackingNumber: string } | null,
): Promise<boolean> {
  const now = ctx.now().toISOString();
  if (move === 'collected') {
    const moved = await trx
      .updateTable('order_fulfilments')
      .set({ status: 'collected', collected_at: now, staff_id: actor.staff.id })
      .where('order_id', '=', order.id)
      .where('shipment_index', '=', index)
      .where('status', '=', 'ready')
      .executeTakeFirst();
    return moved.numUpdatedRows === 1n;
  }
  const inserted = await trx
    .insertInto('order_fulfilments')
    .values({
      tenant_id: order.tenant_id,
      order_id: order.id,
      shipment_index: index,
      kind: move === 'ship' ? 'delivery' : 'collection',
      status: move === 'ship' ? 'shipped' : 'ready',
      carrier: ship?.carrier ?? null,
      tracking_number: ship?.trackingNumber ?? null,
      staff_id: actor.staff.id,
      shipped_at: move === 'ship' ? now : null,
      ready_at: move === 'ready' ? now : null,
      collected_at: null,
    })
    .onConflict((oc) => oc.columns(['order_id', 'shipment_index']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

const MADE_ALREADY: Record<Move, string> = {
  ship: ORDER_MOVE_MESSAGES.alreadyShipped,
  ready: ORDER_MOVE_MESSAGES.alreadyReady,
  collected: ORDER_MOVE_MESSAGES.alreadyCollected,
};

const ACTIONS: Record<Move, string> = {
  ship: 'order.ship',
  ready: 'order.ready_to_collect',
  collected: 'order.collected',
};

/**
 * One move of one shipment (see the module comment), by `actor`: their shop, their id on the
 * fulfilment row, their journal for the activity log.
 */
async function moveShipment(
  ctx: OrderContext,
  actor: Acting,
  orderNumber: string,
  index: number,
  move: Move,
  ship: { carrier: Carrier; trackingNumber: string } | null,
): Promise<OrderMoveResult> {
  const orderId = await orderIdForMove(ctx.db, actor.tenantId, orderNumber);
  if (!Number.isInteger(index) || index < 0) throw shipmentNotFound();
  const at = ctx.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderForMove(trx, orderId, actor.tenantId);
    const refusedByOrder = orderRefusal(move, order);
    if (refusedByOrder) throw moveRefused(refusedByOrder);
    const shipments = await progressOf(trx, order);
    const shipment = shipments[index];
    if (!shipment) throw shipmentNotFound();
    const refusedByShipment = shipmentRefusal(move, shipment);
    if (refusedByShipment) throw moveRefused(refusedByShipment);
    // Every shipment of a shipped or completed order is handed over: refused above.
    if (!FULFILLING.includes(order.status)) throw moveRefused(NOT_PAID[move]);
    if (!(await writeFulfilment(ctx, trx, actor, order, index, move, ship))) {
      // Only when the rows disagree with what was read under the lock.
      throw moveRefused(MADE_ALREADY[move]);
    }

    const before = { ...shipment };
    shipment.fulfilment = move === 'ship' ? 'shipped' : move;
    const next = statusOfShipments(shipments);
    if (next !== order.status) {
      if (!canMoveOrder(order.status, next)) {
        throw new Error(`The shipments moved an order from ${order.status} to ${next}.`);
      }
      const done = shipments.every(isHandedOver);
      const moved = await moveOrderStatus(trx, order.id, order.status, next, {
        updated_at: at.toISOString(),
        ...(done ? { fulfilled_at: at.toISOString() } : {}),
      });
      if (!moved) throw moveRefused(NOT_PAID[move]);
    }
    await logOrderMove(
      trx,
      actor.journal,
      order,
      ACTIONS[move],
      { status: order.status, shipment: index, fulfilment: before.fulfilment },
      {
        status: next,
        shipment: index,
        fulfilment: shipment.fulfilment,
        ...(ship ? { carrier: ship.carrier, tracking_number: ship.trackingNumber } : {}),
      },
      at,
    );
    if (move === 'ship') {
      await ctx.record(trx, { type: 'shipped', orderId: order.id, shipmentIndex: index });
    } else if (move === 'ready') {
      await ctx.record(trx, { type: 'ready_to_collect', orderId: order.id, shipmentIndex: index });
    }
    return { orderId: order.id, orderNumber: order.order_number, status: next };
  });
  ctx.afterCommit();
  return result;
}

/**
 * Ships delivery `shipmentIndex` of order `orderNumber` in the actor's shop with `carrier`
 * (one of ./carriers.ts's) and `trackingNumber` (trimmed, 1 to 64 letters, digits, spaces and
 * hyphens), and e-mails the shopper the tracking link.
 * @param actor the member, as the door hands them over (it checked `orders.fulfil`): their shop,
 *   their id for the fulfilment row, and their journal for the activity log.
 * @throws DomainError `invalid_order_input` (400:
 *   `carrier` not a choice, `tracking_number` blank, too long or with other characters);
 *   `order_not_found` / `shipment_not_found` (404); `order_move_refused` (409): the order is
 *   not paid ("Only a paid order can be shipped."), canceled or refunded, the shipment is a
 *   collection ("This shipment is collected from the workshop, not sent.") or was sent
 *   ("This shipment has already been sent.").
 */
export async function shipShipment(
  ctx: OrderContext,
  actor: Acting,
  orderNumber: string,
  input: ShipInput,
): Promise<OrderMoveResult> {
  const ship = checkShipInput(input);
  return moveShipment(ctx, actor, orderNumber, input.shipmentIndex, 'ship', ship);
}

/**
 * Marks collection `shipmentIndex` ready at the workshop and e-mails the shopper where to
 * collect it.
 * @throws as `shipShipment`, with "Only a paid order can be made ready.", "This shipment is
 *   delivered, not collected." and "This shipment is already ready to collect.".
 */
export async function markShipmentReady(
  ctx: OrderContext,
  actor: Acting,
  orderNumber: string,
  input: ShipmentInput,
): Promise<OrderMoveResult> {
  return moveShipment(ctx, actor, orderNumber, input.shipmentIndex, 'ready', null);
}

/**
 * Marks a ready collection handed over to the shopper (an age-restricted piece only to an
 * adult who shows proof of age: the back office's page says so).
 * @throws as `shipShipment`, with "Mark this shipment ready before it is collected." and "This
 *   shipment has already been collected.".
 */
export async function markShipmentCollected(
  ctx: OrderContext,
  actor: Acting,
  orderNumber: string,
  input: ShipmentInput,
): Promise<OrderMoveResult> {
  return moveShipment(ctx, actor, orderNumber, input.shipmentIndex, 'collected', null);
}
