/**
 * An order's timeline as the back office shows it (./order-detail.ts reads the rows it is told
 * from): oldest first, what the order's own rows say happened (placed, card payments taken,
 * money received by hand, each shipment sent, made ready and collected, each refund, a
 * shopper's cancel or an expiry) merged with the activity log's entries for the order that no
 * row records (a cancel or a reopen by the shop, a full refund, money paid back by hand).
 *
 * Each entry is `{at, actor, action, detail}`: `at` an ISO 8601 date-time; `actor` a member's
 * name, "Shopper" or "System" (a row written by a member names them; a shipment's steps take
 * their member from the activity log's entry of that step); `action` and `detail` in words,
 * amounts as decimals. Pure: it reads nothing and throws nothing. Spec: openapi/admin.yaml,
 * TimelineEntry.
 */
import type { Selectable } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal } from '../../common/money.ts';
import type { PaymentMethod, PaymentsTable } from '../payments/tables.ts';
import type {
  Carrier,
  ManualPaymentsTable,
  OrderFulfilmentsTable,
  OrdersTable,
  RefundsTable,
} from './tables.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import type { ActivityLogTable } from '../staff/tables.ts';
import { formatDate } from '../platform/mail/templates/format.ts';
import { type OfflineMethod, offlineTexts } from './emails/payment-texts.ts';
import { isCardMethod, shopLabelOf } from '../payments/methods.ts';
import { CARD_PROVIDERS, isProviderName } from '../payments/registry.ts';
import { carrierLabel } from './carriers.ts';

type TimelineEntry = Schemas['TimelineEntry'];

const iso = (value: Date | string) => toIsoString(value);
const isoOrNull = (value: Date | string | null) => (value === null ? null : toIsoString(value));

/** Who did what the timeline says, when no member did it. */
export const SHOPPER = 'Shopper';
export const SYSTEM = 'System';

/** A JSON object the activity log stored, or an empty one. */
function fieldsOf(text: string | null): Record<string, unknown> {
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : null);

/** The order's payment method in words: "Card", "Bank transfer", or the shop's own name. */
function methodWords(method: PaymentMethod, settings: Parameters<typeof shopLabelOf>[1]): string {
  if (isCardMethod(method)) return 'Card';
  return shopLabelOf(method, settings) ?? offlineTexts(method as OfflineMethod).name;
}

/** A card provider in words ("Stripe"); one this server no longer has, as stored. */
function providerWords(provider: string): string {
  return isProviderName(provider) ? CARD_PROVIDERS[provider].label : provider;
}

/** Activity entries of the order that its own rows already tell (they say more). */
const TOLD_BY_ROWS = new Set([
  'order.mark_paid',
  'order.ship',
  'order.ready_to_collect',
  'order.collected',
  'order.refund',
  'order.refund_failed',
]);

/** One activity entry of the order as a timeline entry, or null for one its rows tell. */
function activityEntry(
  row: Selectable<ActivityLogTable> & { staff_name: string | null },
): TimelineEntry | null {
  if (TOLD_BY_ROWS.has(row.action)) return null;
  const after = fieldsOf(row.after);
  const at = iso(row.created_at);
  const actor = actorName(row.staff_id, row.staff_name, row.staff_email);
  switch (row.action) {
    case 'order.cancel':
      return { at, actor, action: 'Canceled the order', detail: str(after.reason) };
    case 'order.reopen': {
      const until = str(after.expires_at);
      return {
        at,
        actor,
        action: 'Reopened the order',
        detail: until ? `To be paid by ${formatDate(until)}` : null,
      };
    }
    case 'order.tracking_corrected': {
      const before = fieldsOf(row.before);
      const pair = (f: Record<string, unknown>) =>
        [str(f.carrier) ? carrierLabel(str(f.carrier) as Carrier) : null, str(f.tracking_number)]
          .filter((part) => part)
          .join(' ');
      return {
        at,
        actor,
        action: 'Corrected the tracking',
        detail: `${pair(before) || 'none'} → ${pair(after)}`,
      };
    }
    case 'order.refund_lines': {
      const lines = Array.isArray(after.lines) ? (after.lines as Record<string, unknown>[]) : [];
      return {
        at,
        actor,
        action: 'Refunded pieces',
        detail: lines
          .map((l) => {
            const back = typeof l.restocked === 'number' && l.restocked > 0 ? l.restocked : 0;
            return `${String(l.quantity)} × ${str(l.name) ?? 'a piece'}${back > 0 ? ` (${back} back in stock)` : ''}`;
          })
          .join(', '),
      };
    }
    case 'order.fully_refunded':
      return { at, actor, action: 'Refunded in full', detail: null };
    case 'order.cancellation_request':
      // The shopper's notice under the 14-day right (./cancellation.ts); no member acted.
      return {
        at,
        actor: SHOPPER,
        action: 'Asked to cancel (14-day right)',
        detail: str(after.reason),
      };
    case 'order.refund_paid_back':
    case 'order.payment_paid_back': {
      const amount = str(after.amount);
      const note = str(after.note);
      return {
        at,
        actor,
        action: 'Paid back by hand',
        detail: amount && note ? `${amount}, note: ${note}` : amount,
      };
    }
    default:
      return { at, actor, action: row.action, detail: null };
  }
}

/**
 * What a payment received by hand held above the order's total (`totalCents`), and whether an
 * owner confirmed it (./order-money.ts counts it only then); null when it was the total.
 */
export function overpaymentOf(
  m: {
    amount_cents: number;
    overpayment_confirmed_at: Date | string | null;
    confirmed_by_name: string | null;
  },
  totalCents: number,
): Schemas['Overpayment'] | null {
  const over = m.amount_cents - totalCents;
  if (over <= 0) return null;
  return {
    amount: toDecimal(over),
    confirmed_at: isoOrNull(m.overpayment_confirmed_at),
    confirmed_by: m.overpayment_confirmed_at === null ? null : m.confirmed_by_name,
  };
}

/** A member's name (their e-mail when the row is gone), or "System" when no member acted. */
function actorName(
  staffId: number | null,
  name: string | null,
  email: string | null = null,
): string {
  if (staffId === null) return SYSTEM;
  return name ?? email ?? SYSTEM;
}

/** What an order's timeline is told from: the order and the rows the back office's order page read of it. */
export interface TimelineSources {
  order: Selectable<OrdersTable>;
  settings: Parameters<typeof shopLabelOf>[1];
  cards: Selectable<PaymentsTable>[];
  manual: (Selectable<ManualPaymentsTable> & {
    staff_name: string | null;
    confirmed_by_name: string | null;
  })[];
  fulfilments: (Selectable<OrderFulfilmentsTable> & { staff_name: string | null })[];
  /** The order's shipments, by index (their names). */
  shipments: { name: string }[];
  refunds: (Selectable<RefundsTable> & { staff_name: string | null })[];
  activity: (Selectable<ActivityLogTable> & { staff_name: string | null })[];
}

/**
 * The order's timeline, oldest first (see the module comment): what its rows say happened and
 * the activity log's entries for it that no row records, each naming who did it.
 */
export function orderTimeline(sources: TimelineSources): TimelineEntry[] {
  const { order, settings, cards, manual, fulfilments, shipments, refunds, activity } = sources;
  const timeline: TimelineEntry[] = [
    {
      at: iso(order.created_at),
      actor: SHOPPER,
      action: 'Placed the order',
      detail: methodWords(order.payment_method, settings),
    },
  ];
  for (const p of cards) {
    if (p.status !== 'succeeded' || p.captured_at === null) continue;
    const amount = toDecimal(p.amount_cents);
    timeline.push({
      at: iso(p.captured_at),
      actor: SHOPPER,
      action: 'Paid by card',
      detail: `${amount} through ${providerWords(p.provider)}`,
    });
    if (p.refund_status !== null) {
      timeline.push({
        at: iso(p.updated_at),
        actor: SYSTEM,
        action: 'A payment the order could not keep',
        detail:
          p.refund_status === 'refunded'
            ? `${amount} refunded through ${providerWords(p.provider)}`
            : p.refund_status === 'manual'
              ? `${amount} to be refunded by hand`
              : p.refund_status === 'paid_back'
                ? `${amount} paid back by hand`
                : `${amount} being refunded`,
      });
    }
  }
  for (const m of manual) {
    const amount = toDecimal(m.amount_cents);
    const over = overpaymentOf(m, order.total_cents);
    const received = m.payer_reference ? `${amount}, reference ${m.payer_reference}` : amount;
    timeline.push({
      at: iso(m.received_at),
      actor: actorName(m.staff_id, m.staff_name),
      action: 'Marked paid',
      detail: over
        ? `${received} (${over.amount} over the total, ${over.confirmed_at ? 'confirmed as an overpayment' : 'not confirmed by an owner: not refundable'})`
        : received,
    });
  }
  // A shipment's step is told by its member in the log, when the log has it.
  const stepActor = (
    action: string,
    index: number,
    fallback: TimelineSources['fulfilments'][number],
  ) => {
    const logged = activity.findLast(
      (a) => a.action === action && fieldsOf(a.after).shipment === index,
    );
    return logged
      ? actorName(logged.staff_id, logged.staff_name, logged.staff_email)
      : actorName(fallback.staff_id, fallback.staff_name);
  };
  for (const f of fulfilments) {
    const shipment = shipments[f.shipment_index];
    const name = shipment?.name ?? `Shipment ${f.shipment_index + 1}`;
    if (f.shipped_at !== null) {
      timeline.push({
        at: iso(f.shipped_at),
        actor: stepActor('order.ship', f.shipment_index, f),
        action: 'Shipped',
        detail:
          [f.carrier ? carrierLabel(f.carrier) : null, f.tracking_number]
            .filter((part) => part)
            .join(' ') || name,
      });
    }
    if (f.ready_at !== null) {
      timeline.push({
        at: iso(f.ready_at),
        actor: stepActor('order.ready_to_collect', f.shipment_index, f),
        action: 'Ready to collect',
        detail: name,
      });
    }
    if (f.collected_at !== null) {
      timeline.push({
        at: iso(f.collected_at),
        actor: stepActor('order.collected', f.shipment_index, f),
        action: 'Collected',
        detail: name,
      });
    }
  }
  for (const r of refunds) {
    const amount = toDecimal(r.amount_cents);
    const card = r.payment_id !== null ? cards.find((p) => p.id === r.payment_id) : undefined;
    const how =
      r.status === 'manual' || r.status === 'paid_back'
        ? 'by hand'
        : card
          ? `to the card (${providerWords(card.provider)})`
          : 'to the card';
    const by = actorName(r.staff_id, r.staff_name);
    timeline.push({
      at: iso(r.created_at),
      actor: by,
      action:
        r.status === 'failed'
          ? 'Refund refused by the provider'
          : r.status === 'pending'
            ? 'Refund asked of the provider'
            : 'Refunded',
      detail: `${amount} ${how}: ${r.reason}`,
    });
  }
  const shopCanceled = activity.some((a) => a.action === 'order.cancel');
  if (order.closed_at !== null && !shopCanceled) {
    if (order.status === 'canceled') {
      timeline.push({
        at: iso(order.closed_at),
        actor: SHOPPER,
        action: 'Canceled the order',
        detail: null,
      });
    } else if (order.status === 'expired') {
      timeline.push({
        at: iso(order.closed_at),
        actor: SYSTEM,
        action: 'Expired unpaid',
        detail: null,
      });
    }
  }
  for (const row of activity) {
    const entry = activityEntry(row);
    if (entry) timeline.push(entry);
  }
  // Oldest first; entries of the same moment keep the order they were gathered in.
  return timeline.sort((a, b) => a.at.localeCompare(b.at));
}
