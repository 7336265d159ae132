/**
 * Correcting a shipped delivery's carrier and tracking number (the back office; owners and
 * staff, `orders.fulfil`): a mistyped number is fixed after Mark shipped, whatever the order's
 * status since (a partly refunded or canceled order's parcel still travels).
 *
 * Under the order's lock: the shipment must be a delivery that was shipped (409 otherwise), and
 * the new pair must differ from the one recorded (400 on `tracking_number`). The fulfilment row
 * takes the new pair and keeps its shipped time; the activity log records the pair before and
 * after (`order.tracking_corrected`, which the order's timeline tells: ./order-timeline.ts).
 *
 * The shopper is told as they were told the first time (./staff-move-emails.ts):
 *   - the shipped e-mail is still waiting in the outbox, unclaimed: it is rewritten to carry the
 *     corrected pair, so the shopper only ever reads the right one;
 *   - it went (or a sender holds it now): a short `order_tracking_corrected` e-mail follows;
 *   - there is none (the order was shipped before e-mails, or the shopper has no address):
 *     nothing is sent.
 */
import type { Acting } from '../platform/journal.ts';
import { carrierLabel, trackingUrl } from './carriers.ts';
import type { OrderContext } from './context.ts';
import { checkShipInput, shipmentNotFound } from './fulfilment.ts';
import { orderShipments } from './read-model.ts';
import {
  type OrderMoveResult,
  invalidInput,
  lockOrderForMove,
  logOrderMove,
  moveRefused,
  orderIdForMove,
} from './staff-moves.ts';
import { ORDER_MOVE_MESSAGES } from './staff-move-messages.ts';
import type { Carrier } from './tables.ts';
import type { Trx } from './order-lock.ts';

/** A correction as a member sends it (contract ShipRequest, on the shipment's index). */
export interface TrackingCorrectionInput {
  shipmentIndex: number;
  carrier: string;
  trackingNumber: string;
}

/**
 * Rewrites the shipped e-mail of shipment `index` of order `orderId` when it still waits in the
 * outbox and no sender holds it, so it goes with the corrected pair.
 * @returns 'rewritten', 'gone' (it was sent, or a sender holds it, or it failed) or 'none'.
 */
async function rewriteWaitingEmail(
  trx: Trx,
  orderId: number,
  index: number,
  fix: { carrier: Carrier; trackingNumber: string },
  now: Date,
): Promise<'rewritten' | 'gone' | 'none'> {
  const key = `order:${orderId}:shipped:${index}:shopper`;
  const row = await trx
    .selectFrom('email_outbox')
    .select(['id', 'data', 'status', 'locked_until'])
    .where('dedupe_key', '=', key)
    .executeTakeFirst();
  if (!row) return 'none';
  if (row.status !== 'pending') return 'gone';
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const url = trackingUrl(fix.carrier, fix.trackingNumber);
  const next: Record<string, unknown> = {
    ...data,
    carrier: carrierLabel(fix.carrier),
    trackingNumber: fix.trackingNumber,
  };
  if (url) next.trackingUrl = url;
  else delete next.trackingUrl;
  const updated = await trx
    .updateTable('email_outbox')
    .set({ data: JSON.stringify(next) })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]),
    )
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n ? 'rewritten' : 'gone';
}

/**
 * Corrects the carrier and tracking number of shipped delivery `shipmentIndex` of order
 * `orderNumber` in the actor's shop (see the module comment).
 * @param actor the member, as the door hands them over (it checked `orders.fulfil`).
 * @throws DomainError `invalid_order_input` (400: `carrier` not a choice, `tracking_number`
 *   blank, too long, with other characters, or the pair already recorded: "This is the carrier
 *   and tracking number already recorded."); `order_not_found` / `shipment_not_found` (404);
 *   `order_move_refused` (409): a collection ("This shipment is collected from the workshop,
 *   not sent.") or a delivery not shipped yet ("This shipment has not been sent yet: ship it
 *   with its tracking number.").
 */
export async function correctTracking(
  ctx: OrderContext,
  actor: Acting,
  orderNumber: string,
  input: TrackingCorrectionInput,
): Promise<OrderMoveResult> {
  const orderId = await orderIdForMove(ctx.db, actor.tenantId, orderNumber);
  const fix = checkShipInput(input);
  const index = input.shipmentIndex;
  if (!Number.isInteger(index) || index < 0) throw shipmentNotFound();
  const at = ctx.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderForMove(trx, orderId, actor.tenantId);
    const shipment = orderShipments(order)[index];
    if (!shipment) throw shipmentNotFound();
    if (shipment.kind !== 'delivery') throw moveRefused(ORDER_MOVE_MESSAGES.collectionNotShipped);
    const f = await trx
      .selectFrom('order_fulfilments')
      .select(['id', 'status', 'carrier', 'tracking_number'])
      .where('order_id', '=', order.id)
      .where('shipment_index', '=', index)
      .executeTakeFirst();
    if (!f || f.status !== 'shipped') throw moveRefused(ORDER_MOVE_MESSAGES.notSentYet);
    if (f.carrier === fix.carrier && f.tracking_number === fix.trackingNumber) {
      throw invalidInput({ tracking_number: [ORDER_MOVE_MESSAGES.trackingUnchanged] });
    }
    await trx
      .updateTable('order_fulfilments')
      .set({ carrier: fix.carrier, tracking_number: fix.trackingNumber })
      .where('id', '=', f.id)
      .execute();
    await trx
      .updateTable('orders')
      .set({ updated_at: at.toISOString() })
      .where('id', '=', order.id)
      .execute();
    await logOrderMove(
      trx,
      actor.journal,
      order,
      'order.tracking_corrected',
      { shipment: index, carrier: f.carrier, tracking_number: f.tracking_number },
      { shipment: index, carrier: fix.carrier, tracking_number: fix.trackingNumber },
      at,
    );
    const told = await rewriteWaitingEmail(trx, order.id, index, fix, at);
    if (told === 'gone') {
      await ctx.record(trx, {
        type: 'tracking_corrected',
        orderId: order.id,
        shipmentIndex: index,
        previousTrackingNumber: f.tracking_number ?? '',
        at: at.toISOString(),
      });
    }
    return { orderId: order.id, orderNumber: order.order_number, status: order.status };
  });
  ctx.afterCommit();
  return result;
}
