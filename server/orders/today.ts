/**
 * Today's work in the back office (`GET /today/`), each list oldest first:
 *
 * - `transfers_to_confirm`: orders of an offline method (bank transfer, the shop's own) still
 *   awaiting payment: money to watch for and mark paid;
 * - `to_ship`: the back office's "To ship" (`TO_SHIP`, ./staff-actions.ts): paid and processing
 *   orders, each with a delivery to send or a collection to make ready; the very orders the list's
 *   `to_ship` tab counts (./order-list.ts), so the two never disagree;
 * - `collections_waiting`: orders with a collection ready at the workshop, not yet collected;
 * - `manual_refunds`: money the shop must pay back by hand: its refunds whose status is
 *   `manual` (source `refund`), and card payments an order could not keep whose refund is
 *   `manual` (source `payment`, ./payment-refunds.ts), until an owner marks them
 *   paid back (`paid_back`, ./manual-refunds.ts);
 * - `due_this_week`: made-to-order lines of paid and processing orders, not yet sent or
 *   collected, whose latest dispatch day is at most 7 days after today (UTC), or past.
 *
 * Each list holds at most TODAY_LIMIT entries. The open orders (paid, processing, ready to
 * collect) are read once with their fulfilments and made-to-order lines; a shop's open orders
 * are its work in hand, never its whole history.
 */
import type { Kysely } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import type { OrderStatus } from './tables.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { PAYMENT_METHODS } from '../payments/methods.ts';
import type { PaymentMethod } from '../payments/tables.ts';
import { SUMMARY_COLUMNS, toSummary } from './order-list.ts';
import { TO_SHIP } from './staff-actions.ts';
import { orderShipments } from './read-model.ts';

export type Today = Schemas['Today'];

/** The most entries a list of Today holds. */
export const TODAY_LIMIT = 200;

/** How far ahead a made-to-order line's latest dispatch day makes it due (days). */
export const DUE_WITHIN_DAYS = 7;

const OFFLINE_METHODS = (Object.keys(PAYMENT_METHODS) as PaymentMethod[]).filter(
  (method) => PAYMENT_METHODS[method].offline,
);
const OPEN: OrderStatus[] = ['paid', 'processing', 'ready_to_collect'];
/** The ids an IN list carries at most (SQLite allows 32,766 parameters). */
const IDS_PER_QUERY = 500;

/** The UTC day `days` after `now`, `YYYY-MM-DD`. */
function dayAfter(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The orders of shop `tenantId` with their shoppers, each as a summary with its shipments. */
function shopOrders(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([...SUMMARY_COLUMNS, 'o.id', 'o.shipments'])
    .where('o.tenant_id', '=', tenantId);
}

/**
 * Today's lists of shop `tenantId` (see the module comment).
 * @param now the clock (the due lines are counted from its UTC day).
 */
export async function getToday(db: Kysely<Database>, tenantId: number, now: Date): Promise<Today> {
  const [transfers, open, refunds, kept] = await Promise.all([
    shopOrders(db, tenantId)
      .where('o.status', '=', 'awaiting_payment')
      .where('o.payment_method', 'in', OFFLINE_METHODS)
      .orderBy('o.created_at')
      .orderBy('o.id')
      .limit(TODAY_LIMIT)
      .execute(),
    shopOrders(db, tenantId)
      .where('o.status', 'in', OPEN)
      .orderBy('o.created_at')
      .orderBy('o.id')
      .execute(),
    db
      .selectFrom('refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['o.order_number', 'o.fullname', 'r.amount_cents', 'r.created_at'])
      .where('r.tenant_id', '=', tenantId)
      .where('r.status', '=', 'manual')
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(TODAY_LIMIT)
      .execute(),
    db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['o.order_number', 'o.fullname', 'p.amount_cents', 'p.updated_at'])
      .where('p.tenant_id', '=', tenantId)
      .where('p.refund_status', '=', 'manual')
      .orderBy('p.updated_at')
      .orderBy('p.id')
      .limit(TODAY_LIMIT)
      .execute(),
  ]);

  // What became of each open order's shipments, and its made-to-order lines.
  const ids = open.map((o) => o.id);
  const fulfilments: { order_id: number; shipment_index: number; status: string }[] = [];
  const lines: {
    id: number;
    order_id: number;
    product_name: string;
    quantity: number;
    dispatch_latest: string | null;
  }[] = [];
  const horizon = dayAfter(now, DUE_WITHIN_DAYS);
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const batch = ids.slice(start, start + IDS_PER_QUERY);
    const [f, l] = await Promise.all([
      db
        .selectFrom('order_fulfilments')
        .select(['order_id', 'shipment_index', 'status'])
        .where('order_id', 'in', batch)
        .execute(),
      db
        .selectFrom('order_items')
        .select(['id', 'order_id', 'product_name', 'quantity', 'dispatch_latest', 'made_to_order'])
        .where('order_id', 'in', batch)
        .where('dispatch_latest', 'is not', null)
        .where('dispatch_latest', '<=', horizon)
        .execute(),
    ]);
    fulfilments.push(...f);
    lines.push(...l.filter((line) => toBool(line.made_to_order)));
  }
  const done = new Map<number, Map<number, string>>();
  for (const f of fulfilments) {
    let of = done.get(f.order_id);
    if (!of) done.set(f.order_id, (of = new Map()));
    of.set(f.shipment_index, f.status);
  }

  const toShip: Today['to_ship'] = [];
  const collections: Today['collections_waiting'] = [];
  const gone = new Set<number>();
  for (const order of open) {
    const progress = done.get(order.id) ?? new Map<number, string>();
    const shipments = orderShipments(order);
    shipments.forEach((shipment, index) => {
      const status = progress.get(index);
      const handedOver =
        shipment.kind === 'delivery' ? status === 'shipped' : status === 'collected';
      if (handedOver) for (const id of shipment.item_ids) gone.add(id);
    });
    if (TO_SHIP.includes(order.status)) toShip.push(toSummary(order));
    if (shipments.some((s, index) => s.kind === 'collection' && progress.get(index) === 'ready')) {
      collections.push(toSummary(order));
    }
  }

  const orderOf = new Map(open.map((o) => [o.id, o]));
  const due = lines
    .filter((line) => {
      const order = orderOf.get(line.order_id);
      return order && order.status !== 'ready_to_collect' && !gone.has(line.id);
    })
    .sort(
      (a, b) =>
        a.dispatch_latest!.localeCompare(b.dispatch_latest!) ||
        a.order_id - b.order_id ||
        a.id - b.id,
    )
    .slice(0, TODAY_LIMIT)
    .map((line) => {
      const order = orderOf.get(line.order_id)!;
      return {
        order_number: order.order_number,
        customer_name: order.fullname,
        line_id: line.id,
        product_name: line.product_name,
        quantity: line.quantity,
        dispatch_latest: line.dispatch_latest!,
      };
    });

  const manual: Today['manual_refunds'] = [
    ...refunds.map((r) => ({
      order_number: r.order_number,
      customer_name: r.fullname,
      amount: toDecimal(r.amount_cents),
      source: 'refund' as const,
      created_at: toIsoString(r.created_at),
    })),
    ...kept.map((p) => ({
      order_number: p.order_number,
      customer_name: p.fullname,
      amount: toDecimal(p.amount_cents),
      source: 'payment' as const,
      created_at: toIsoString(p.updated_at),
    })),
  ]
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .slice(0, TODAY_LIMIT);

  return {
    transfers_to_confirm: transfers.map(toSummary),
    to_ship: toShip.slice(0, TODAY_LIMIT),
    collections_waiting: collections.slice(0, TODAY_LIMIT),
    manual_refunds: manual,
    due_this_week: due,
  };
}
