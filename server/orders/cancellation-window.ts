/**
 * The window of the shopper's 14-day right to cancel a paid order (UK Consumer Contracts
 * Regulations 2013 regs 29-31; Directive 2011/83/EU art. 9): pure rules over an order's facts,
 * for the order's answer (./read-model.ts) and the request (./cancellation.ts).
 *
 * Requests are accepted from payment until the end (UTC) of the 14th day after delivery
 * (decision of issue 29). The shop does not record delivery, so a shipment counts as delivered
 * the day it was collected, or `ASSUMED_DELIVERY_DAYS` (7) after it was shipped; for an order in
 * several shipments the period runs from the last one's delivery (reg 30(3)(b)). While any
 * shipment is not yet shipped or collected the period has not started and there is no deadline.
 * An order whose every line is exempt has no right; an unpaid order is canceled instead
 * (./closing.ts); one request per order.
 */
import type { Selectable } from 'kysely';
import { ASSUMED_DELIVERY_DAYS, CANCELLATION_PERIOD_DAYS } from '../../common/cancellation-form.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { OrdersTable, OrderStatus } from './tables.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { formatDate } from '../platform/mail/templates/format.ts';

type OrderRow = Selectable<OrdersTable>;
export type OrderCancellation = Schemas['OrderCancellation'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the window is computed from: the order's status, lines and shipments. */
export interface CancellationFacts {
  status: OrderStatus;
  /** When the shopper asked to cancel, or null. */
  requestedAt: Date | string | null;
  /** Each line's `cancellation_exempt`, as snapshotted at checkout. */
  lineExempt: boolean[];
  /** Each shipment of the order (`orders.shipments`), by index: its kind. */
  shipments: { kind: 'delivery' | 'collection' }[];
  /** What became of each shipment, by its index (absent: nothing yet). */
  fulfilments: Map<
    number,
    { shipped_at: Date | string | null; collected_at: Date | string | null }
  >;
  /** When the last shipment went (orders.fulfilled_at), for orders that name no shipments. */
  fulfilledAt: Date | string | null;
}

/** The window and, when a request would be refused now, the shopper's reason why. */
export interface CancellationState extends OrderCancellation {
  /** The 409's `detail` a request would get now; null when it would be accepted. */
  refusal: string | null;
}

/** Statuses with nothing left to cancel. */
const CLOSED: ReadonlySet<OrderStatus> = new Set(['canceled', 'expired', 'refunded']);

/** Midnight UTC of `at`'s day, in ms. */
const dayStart = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

/**
 * When the order counts as delivered (see the module comment), or null when some shipment has
 * not been shipped or collected yet.
 */
export function assumedDelivery(facts: CancellationFacts): Date | null {
  if (facts.shipments.length === 0) {
    return facts.fulfilledAt === null
      ? null
      : new Date(new Date(facts.fulfilledAt).getTime() + ASSUMED_DELIVERY_DAYS * DAY_MS);
  }
  let latest = 0;
  for (const [index, shipment] of facts.shipments.entries()) {
    const done = facts.fulfilments.get(index);
    let delivered: number | null = null;
    if (shipment.kind === 'collection') {
      if (done?.collected_at) delivered = new Date(done.collected_at).getTime();
    } else if (done?.shipped_at) {
      delivered = new Date(done.shipped_at).getTime() + ASSUMED_DELIVERY_DAYS * DAY_MS;
    }
    if (delivered === null) return null;
    latest = Math.max(latest, delivered);
  }
  return new Date(latest);
}

/**
 * The order's cancellation window as the contract's OrderCancellation, and why a request
 * would be refused now (`refusal`, null when it would be accepted).
 * @param now the caller's clock.
 */
export function cancellationState(facts: CancellationFacts, now: Date): CancellationState {
  const exempt = facts.lineExempt.length > 0 && facts.lineExempt.every(Boolean);
  const delivered = exempt ? null : assumedDelivery(facts);
  // The end of the 14th day after delivery, UTC: the next day's midnight less a second.
  const deadline =
    delivered === null
      ? null
      : new Date(dayStart(delivered) + (CANCELLATION_PERIOD_DAYS + 1) * DAY_MS - 1000);
  const requestedAt = facts.requestedAt === null ? null : toIsoString(facts.requestedAt);
  let refusal: string | null = null;
  if (facts.status === 'awaiting_payment') refusal = CANCELLATION_MESSAGES.unpaid;
  else if (CLOSED.has(facts.status)) refusal = CANCELLATION_MESSAGES.closed;
  else if (exempt) refusal = CANCELLATION_MESSAGES.exempt;
  else if (requestedAt !== null) refusal = CANCELLATION_MESSAGES.alreadyRequested(requestedAt);
  else if (deadline !== null && now.getTime() > deadline.getTime() + 999) {
    refusal = CANCELLATION_MESSAGES.pastDeadline(deadline.toISOString());
  }
  return {
    exempt,
    deadline: deadline === null ? null : deadline.toISOString().replace('.000Z', 'Z'),
    can_request: refusal === null,
    requested_at: requestedAt,
    refusal,
  };
}

/** The 409 `detail`s of a refused request, for the shopper (the contract's examples). */
export const CANCELLATION_MESSAGES = {
  unpaid: 'This order has not been paid yet: cancel it from its page instead.',
  closed: 'This order is canceled or refunded, so there is nothing left to cancel.',
  exempt:
    'Every piece of this order is made to order or personalised, so the 14-day right to cancel does not apply to it.',
  alreadyRequested: (at: string) => `You already asked to cancel this order on ${formatDate(at)}.`,
  pastDeadline: (deadline: string) =>
    `The 14-day cancellation period of this order ended on ${formatDate(deadline)}.`,
} as const;

/**
 * The facts of an order row, its shipments (`orders.shipments` parsed), its lines' flags and
 * its fulfilments (see {@link CancellationFacts}).
 */
export function cancellationFactsOf(
  row: Pick<OrderRow, 'status' | 'fulfilled_at' | 'cancellation_requested_at'>,
  shipments: CancellationFacts['shipments'],
  lineExempt: boolean[],
  fulfilments: CancellationFacts['fulfilments'],
): CancellationFacts {
  return {
    status: row.status,
    requestedAt: row.cancellation_requested_at ?? null,
    lineExempt,
    shipments,
    fulfilments,
    fulfilledAt: row.fulfilled_at ?? null,
  };
}

/** The contract's OrderCancellation of an order (see {@link cancellationState}). */
export function cancellationOf(
  row: Pick<OrderRow, 'status' | 'fulfilled_at' | 'cancellation_requested_at'>,
  shipments: CancellationFacts['shipments'],
  lineExempt: boolean[],
  fulfilments: CancellationFacts['fulfilments'] | undefined,
  now: Date,
): OrderCancellation {
  const { refusal: _refusal, ...answer } = cancellationState(
    cancellationFactsOf(row, shipments, lineExempt, fulfilments ?? new Map()),
    now,
  );
  return answer;
}
