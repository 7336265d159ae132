/**
 * One order as the order desk shows it (the back office, `GET /orders/{order_number}/`, and
 * the answer of every move of the desk): its lines with their options and engraving, the
 * address, each shipment with what the shop did with it (carrier, tracking link, when it was
 * sent, made ready, collected), the money (card attempts, money received by hand with what it
 * held above the total and the owner who confirmed that overpayment, refunds, and what may
 * still be refunded: ./order-money.ts), the e-mails sent about it, its timeline, and
 * the moves the caller's role may make on it now (./desk-rules.ts, the same rules the moves
 * check).
 *
 * The timeline merges, oldest first, what the order's own rows say happened (placed, card
 * payments taken, money received by hand, each shipment sent, made ready and collected, each
 * refund, a shopper's cancel or an expiry) with the activity log's entries for the order that
 * no row records (a cancel or a reopen by the shop, a full refund, money paid back by hand).
 * Each entry names who did it: a member's name, "Shopper" or "System". A row written by a
 * member names them; a shipment's steps take their member from the activity log's entry of
 * that step.
 *
 * A fixed number of queries whatever the order holds (ten, run together).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal } from '../../common/money.ts';
import type { Database, PaymentMethod } from '../platform/db/database.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import type { ActivityLogTable } from '../platform/db/tables/staff.ts';
import { DomainError } from '../platform/domain-error.ts';
import { formatDate } from '../platform/mail/templates/format.ts';
import { type OfflineMethod, offlineTexts } from '../platform/mail/templates/payment-texts.ts';
import { isCardMethod, shopLabelOf } from '../payments/methods.ts';
import { CARD_PROVIDERS, isProviderName } from '../payments/registry.ts';
import { carrierLabel, trackingUrl } from './carriers.ts';
import { type DeskActor, deskActions, type ShipmentProgress } from './desk-rules.ts';
import type { OrderErrorCode } from './errors.ts';
import { orderMoney } from './order-money.ts';
import { lineOptions, orderShipments } from './read-model.ts';

export type AdminOrder = Schemas['AdminOrder'];
type TimelineEntry = Schemas['TimelineEntry'];
type AdminPayment = Schemas['AdminPayment'];

/** Who did what the timeline says, when no member did it. */
export const SHOPPER = 'Shopper';
export const SYSTEM = 'System';

const iso = (value: Date | string) => toIsoString(value);
const isoOrNull = (value: Date | string | null) => (value === null ? null : toIsoString(value));

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
function overpaymentOf(
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

/**
 * The order numbered `orderNumber` in shop `tenantId` as the desk shows it (see the module
 * comment), with the moves `actor` may make on it now (the door checked `orders.view`).
 * @throws DomainError `order_not_found` ("Not found.") for no such order in that shop (another
 *   shop's included).
 */
export async function getAdminOrder(
  db: Kysely<Database>,
  tenantId: number,
  orderNumber: string,
  actor: DeskActor,
): Promise<AdminOrder> {
  const order = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select('u.email')
    .where('o.tenant_id', '=', tenantId)
    .where('o.order_number', '=', orderNumber)
    .executeTakeFirst();
  if (!order) throw new DomainError<OrderErrorCode>('order_not_found', 'Not found.');

  const [items, fulfilments, cards, manual, refunds, emails, activity, settings, money] =
    await Promise.all([
      db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('order_fulfilments as f')
        .leftJoin('staff as s', 's.id', 'f.staff_id')
        .selectAll('f')
        .select('s.name as staff_name')
        .where('f.order_id', '=', order.id)
        .execute(),
      db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('manual_payments as m')
        .leftJoin('staff as s', 's.id', 'm.staff_id')
        .leftJoin('staff as c', 'c.id', 'm.overpayment_confirmed_by')
        .selectAll('m')
        .select(['s.name as staff_name', 'c.name as confirmed_by_name'])
        .where('m.order_id', '=', order.id)
        .orderBy('m.received_at')
        .orderBy('m.id')
        .execute(),
      db
        .selectFrom('refunds as r')
        .leftJoin('staff as s', 's.id', 'r.staff_id')
        .selectAll('r')
        .select('s.name as staff_name')
        .where('r.order_id', '=', order.id)
        .orderBy('r.id')
        .execute(),
      db
        .selectFrom('email_outbox')
        .select(['kind', 'recipient', 'status', 'created_at', 'sent_at'])
        .where('order_id', '=', order.id)
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('activity_log as a')
        .leftJoin('staff as s', 's.id', 'a.staff_id')
        .selectAll('a')
        .select('s.name as staff_name')
        .where('a.tenant_id', '=', tenantId)
        .where('a.object_type', '=', 'order')
        .where('a.object_id', '=', order.order_number)
        .orderBy('a.id')
        .execute(),
      db
        .selectFrom('payment_settings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
      orderMoney(db, order.id),
    ]);

  const byIndex = new Map(fulfilments.map((f) => [f.shipment_index, f]));
  const shipments = orderShipments(order).map((shipment, index) => {
    const f = byIndex.get(index);
    return {
      index,
      method: shipment.method,
      name: shipment.name,
      kind: shipment.kind,
      age_verified: shipment.age_verified,
      price: shipment.price,
      item_ids: shipment.item_ids,
      fulfilment: f
        ? {
            status: f.status,
            carrier: f.carrier,
            tracking_number: f.tracking_number,
            tracking_url:
              f.carrier && f.tracking_number ? trackingUrl(f.carrier, f.tracking_number) : null,
            shipped_at: isoOrNull(f.shipped_at),
            ready_at: isoOrNull(f.ready_at),
            collected_at: isoOrNull(f.collected_at),
          }
        : null,
    };
  });

  const payments: (AdminPayment & { at: string })[] = [
    ...cards.map((p) => ({
      kind: 'card' as const,
      uuid: p.uuid,
      provider: p.provider,
      provider_ref: p.provider_ref,
      status: p.status,
      amount: toDecimal(p.amount_cents),
      captured_at: isoOrNull(p.captured_at),
      refund_status: p.refund_status,
      at: iso(p.created_at),
    })),
    ...manual.map((m) => ({
      kind: 'manual' as const,
      amount: toDecimal(m.amount_cents),
      payer_reference: m.payer_reference,
      received_at: iso(m.received_at),
      by: m.staff_id === null ? null : m.staff_name,
      overpayment: overpaymentOf(m, order.total_cents),
      at: iso(m.received_at),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  // The timeline (see the module comment).
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
  const stepActor = (action: string, index: number, fallback: (typeof fulfilments)[number]) => {
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
  timeline.sort((a, b) => a.at.localeCompare(b.at));

  const progress: ShipmentProgress[] = shipments.map((s) => ({
    kind: s.kind,
    fulfilment: s.fulfilment?.status ?? null,
  }));
  return {
    order_number: order.order_number,
    status: order.status,
    payment_method: order.payment_method,
    placed_at: iso(order.created_at),
    customer_name: order.fullname,
    email: order.email,
    total: toDecimal(order.total_cents),
    items: order.total_items,
    cancellation_request:
      order.cancellation_requested_at === null
        ? null
        : { requested_at: iso(order.cancellation_requested_at), reason: order.cancellation_reason },
    lines: items.map((item) => ({
      id: item.id,
      product_name: item.product_name,
      product_slug: item.product_slug,
      quantity: item.quantity,
      unit_price: toDecimal(item.unit_price_cents),
      line_total: toDecimal(item.line_total_cents),
      options: lineOptions(item),
      made_to_order: toBool(item.made_to_order),
      dispatch_earliest: item.dispatch_earliest,
      dispatch_latest: item.dispatch_latest,
      age_restricted: toBool(item.age_restricted),
    })),
    address: {
      fullname: order.fullname,
      street: order.street,
      city: order.city,
      postal_code: order.postal_code,
      country: order.country,
    },
    contact_number: order.contact_number,
    shipments,
    needs_adult_signature: toBool(order.needs_adult_signature),
    attestation:
      order.attestation_dob && order.attestation_at && order.attestation_text
        ? {
            date_of_birth: order.attestation_dob,
            at: iso(order.attestation_at),
            text: order.attestation_text,
          }
        : null,
    subtotal: toDecimal(order.subtotal_cents),
    shipping: toDecimal(order.shipping_cents),
    paid_total: toDecimal(money.paidCents),
    refunded_total: toDecimal(money.refundedCents),
    refundable: toDecimal(money.refundableCents),
    expires_at:
      order.status === 'awaiting_payment' && order.expires_at !== null
        ? iso(order.expires_at)
        : null,
    cancel_reason: order.cancel_reason,
    payments: payments.map(({ at: _at, ...payment }) => payment),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: toDecimal(r.amount_cents),
      reason: r.reason,
      status: r.status,
      provider_ref: r.provider_ref,
      by: r.staff_id === null ? null : r.staff_name,
      created_at: iso(r.created_at),
    })),
    emails: emails.map((e) => ({
      kind: e.kind,
      recipient: e.recipient,
      status: e.status,
      created_at: iso(e.created_at),
      sent_at: isoOrNull(e.sent_at),
    })),
    timeline,
    actions: deskActions(
      actor.may,
      order,
      progress,
      money.refundableCents,
      refunds.some((r) => r.status === 'manual') || cards.some((p) => p.refund_status === 'manual'),
    ),
  };
}
