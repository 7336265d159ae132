/**
 * One order as the back office shows it (`GET /orders/{order_number}/`, and
 * the answer of every move of the back office): its lines with their options and engraving, the
 * address, each shipment with what the shop did with it (carrier, tracking link, when it was
 * sent, made ready, collected), the money (card attempts, money received by hand with what it
 * held above the total and the owner who confirmed that overpayment, what each gift card paid
 * and got back (../giftcards/ledger.ts), refunds, and what may still be refunded:
 * ./order-money.ts), the e-mails sent about it, its timeline, and
 * the moves the caller's role may make on it now (./staff-actions.ts, the same rules the moves
 * check).
 *
 * The timeline merges, oldest first, what the order's own rows say happened with the activity
 * log's entries for the order that no row records (./order-timeline.ts tells it).
 *
 * Each line says how many of its pieces refunds named and put back in stock (./refund-lines.ts),
 * and the order carries the address its packing slip prints (./slip-address.ts).
 *
 * A fixed number of queries whatever the order holds (thirteen, run together).
 */
import { cardPaymentsOfOrder } from '../giftcards/ledger.ts';
import type { Kysely } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import { trackingUrl } from './carriers.ts';
import { type OrderActing, orderActions, type ShipmentProgress } from './staff-actions.ts';
import { orderTimeline, overpaymentOf } from './order-timeline.ts';
import type { OrderErrorCode } from './errors.ts';
import { orderMoney } from './order-money.ts';
import { lineOptions, orderShipments } from './read-model.ts';
import { lineRefundStates } from './refund-lines.ts';
import { slipAddress } from './slip-address.ts';

export type AdminOrder = Schemas['AdminOrder'];
type AdminPayment = Schemas['AdminPayment'];

const iso = (value: Date | string) => toIsoString(value);
const isoOrNull = (value: Date | string | null) => (value === null ? null : toIsoString(value));

/**
 * The order numbered `orderNumber` in shop `tenantId` as the back office shows it (see the module
 * comment), with the moves `actor` may make on it now (the door checked `orders.view`).
 * @throws DomainError `order_not_found` ("Not found.") for no such order in that shop (another
 *   shop's included).
 */
export async function getAdminOrder(
  db: Kysely<Database>,
  tenantId: number,
  orderNumber: string,
  actor: OrderActing,
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

  const [
    items,
    fulfilments,
    cards,
    manual,
    refunds,
    emails,
    activity,
    settings,
    money,
    lineStates,
    returnAddress,
    giftCards,
  ] = await Promise.all([
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
      .leftJoin('gift_cards as g', 'g.id', 'r.gift_card_id')
      .selectAll('r')
      .select(['s.name as staff_name', 'g.last_four as gift_card_last_four'])
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
    lineRefundStates(db, order.id),
    slipAddress(db, tenantId),
    cardPaymentsOfOrder(db, order.id),
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

  const timeline = orderTimeline({
    order,
    settings,
    cards,
    manual,
    fulfilments,
    shipments,
    refunds,
    activity,
  });

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
      refunded_quantity: lineStates.get(item.id)?.refunded ?? 0,
      restocked_quantity: lineStates.get(item.id)?.restocked ?? 0,
      ...(item.variant_label === null ? {} : { variant_label: item.variant_label, sku: item.sku }),
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
    // The discount code it used (issue 42), so the totals add up on the back office too.
    discount:
      order.discount_code === null
        ? null
        : {
            code: order.discount_code,
            amount: toDecimal(Number(order.discount_cents)),
            free_delivery: toBool(order.free_delivery),
          },
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
    gift_card_payments: giftCards.map((card) => ({
      last_four: card.lastFour,
      amount: toDecimal(card.paidCents),
      refunded: toDecimal(card.refundedCents),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: toDecimal(r.amount_cents),
      reason: r.reason,
      status: r.status,
      provider_ref: r.provider_ref,
      gift_card_last_four: r.gift_card_id === null ? null : (r.gift_card_last_four ?? ''),
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
    return_address: returnAddress,
    actions: orderActions(
      actor.may,
      order,
      progress,
      money.refundableCents,
      refunds.some((r) => r.status === 'manual') || cards.some((p) => p.refund_status === 'manual'),
    ),
  };
}
