/**
 * Orders and payments as the contract answers them (Order, PaymentStatus): the read side of
 * the order module, with what the shop has done with each shipment (Fulfilment) and refunded of
 * the order, and the moves the shopper may make on it now (`actions`, by the rules the calls
 * that make them check: ./shopper-moves.ts). Money leaves as decimal strings, times as ISO 8601
 * UTC.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { PaymentsTable, RefundStatus } from '../payments/tables.ts';
import type { OrderFulfilmentsTable, OrderItemsTable, OrdersTable } from './tables.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import { parseCustomization } from '../catalog/customization.ts';
import { toDecimal } from '../../common/money.ts';
import { priceChoices } from '../catalog/options.ts';
import { carrierLabel, trackingUrl } from './carriers.ts';
import { rateToPercent } from '../../common/vat.ts';
import { voucherOrderVat } from '../../common/gift-card-vat.ts';
import { choiceAnswer, parseChoice } from '../cart/gift-card-choice.ts';
import { choiceSellsMpv, spvPaidOf } from './voucher-vat.ts';
import { cancellationOf } from './cancellation-window.ts';
import { shopperActions, type ShopperMoveFacts } from './shopper-moves.ts';

export type Order = Schemas['Order'];
export type PaymentStatus = Schemas['PaymentStatus'];
export type Fulfilment = Schemas['Fulfilment'];
type ChosenOption = Schemas['ChosenOption'];
type Db = Kysely<Database> | Transaction<Database>;
type OrderRow = Selectable<OrdersTable>;

/**
 * What the shopper reads of a refund: 'manual' (the shop refunds by hand) is still pending;
 * refunded by the provider or paid back by hand is refunded.
 */
export function shopperRefundStatus(status: RefundStatus | null): 'pending' | 'refunded' | null {
  if (status === null) return null;
  return isRefundSettled(status) ? 'refunded' : 'pending';
}

/** A payment's refund that is done: by its provider, or paid back by hand. */
function isRefundSettled(status: RefundStatus): boolean {
  return status === 'refunded' || status === 'paid_back';
}

/** A payment row as the contract's PaymentStatus (order fields from its order). */
export function toPaymentStatus(
  payment: Selectable<PaymentsTable>,
  order: Pick<OrderRow, 'id' | 'order_number'>,
): PaymentStatus {
  return {
    payment_uuid: payment.uuid,
    status: payment.status,
    order_id: order.id,
    order_identifier: order.order_number,
    gateway_transaction_ref: payment.gateway_transaction_ref,
    currency: payment.currency,
    amount: toDecimal(payment.amount_cents),
    error_message: payment.error_message,
    created_at: toIsoString(payment.created_at),
    refund_status: shopperRefundStatus(payment.refund_status),
  };
}

const nullableIso = (value: Date | string | null) => (value === null ? null : toIsoString(value));

/** A JSON array column written by this module; [] for anything else. */
function parseJsonArray<T>(text: string): T[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/**
 * A line's chosen options in words, as the order keeps them; a line placed before pieces had
 * options shows its customization's keys and values as they are.
 */
export function lineOptions(
  item: Pick<Selectable<OrderItemsTable>, 'options' | 'customization'>,
): ChosenOption[] {
  const kept = parseJsonArray<ChosenOption>(item.options);
  return kept.length > 0 ? kept : priceChoices([], parseCustomization(item.customization)).chosen;
}

/**
 * The order's shipments as checkout stored them (contract: Shipment), without what became of
 * them: an index into this list is a fulfilment's `shipment_index`.
 */
export function orderShipments(row: Pick<OrderRow, 'shipments'>): Schemas['Shipment'][] {
  return parseJsonArray<Schemas['Shipment']>(row.shipments);
}

/** The columns of a fulfilment the shopper's answer is made from (never which member of staff did it). */
type FulfilmentRow = Pick<
  Selectable<OrderFulfilmentsTable>,
  'status' | 'carrier' | 'tracking_number' | 'shipped_at' | 'ready_at' | 'collected_at'
>;

/**
 * A fulfilment row as the contract's Fulfilment: the back office's `ready` reads
 * `ready_to_collect`; the carrier's name and its tracking page come from ./carriers.ts (no page for
 * `other`, nor without a tracking number); a collection has no carrier.
 */
export function toFulfilment(row: FulfilmentRow): Fulfilment {
  const trackingNumber = row.tracking_number?.trim() || null;
  return {
    status: row.status === 'ready' ? 'ready_to_collect' : row.status,
    carrier: row.carrier,
    carrier_name: row.carrier === null ? null : carrierLabel(row.carrier),
    tracking_number: trackingNumber,
    tracking_url:
      row.carrier !== null && trackingNumber !== null
        ? trackingUrl(row.carrier, trackingNumber)
        : null,
    shipped_at: nullableIso(row.shipped_at),
    ready_at: nullableIso(row.ready_at),
    collected_at: nullableIso(row.collected_at),
  };
}

/**
 * Builds Order answers for rows of one tenant: lines, payments and fulfilments in one query
 * each, however many orders.
 * @param moves the shop's facts now (./shopper-moves.ts `shopperMoveFacts`, asked outside any
 *   transaction): the clock the 14-day right is read at, and what each order's `actions`
 *   (the shopper's moves, ./shopper-moves.ts `shopperActions`) depend on beyond the order.
 */
export async function toOrders(
  db: Db,
  rows: OrderRow[],
  moves: ShopperMoveFacts,
): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, payments, fulfilments, spvPaid] = await Promise.all([
    db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('order_fulfilments')
      .select([
        'order_id',
        'shipment_index',
        'status',
        'carrier',
        'tracking_number',
        'shipped_at',
        'ready_at',
        'collected_at',
      ])
      .where('order_id', 'in', ids)
      .execute(),
    spvPaidOf(db, ids),
  ]);
  const fulfilmentsByOrder = new Map<number, Map<number, Fulfilment>>();
  for (const row of fulfilments) {
    let byIndex = fulfilmentsByOrder.get(row.order_id);
    if (!byIndex) fulfilmentsByOrder.set(row.order_id, (byIndex = new Map()));
    byIndex.set(row.shipment_index, toFulfilment(row));
  }
  type Line = Omit<Order['items'][number], 'vat_amount'> & {
    line_total_cents: number;
    sells_mpv: boolean;
  };
  const itemsByOrder = new Map<number, Line[]>();
  for (const item of items) {
    let list = itemsByOrder.get(item.order_id);
    if (!list) itemsByOrder.set(item.order_id, (list = []));
    list.push({
      id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      product_slug: item.product_slug,
      thumb_image: item.thumb_path,
      customization: parseCustomization(item.customization),
      options: lineOptions(item),
      quantity: item.quantity,
      unit_price: toDecimal(item.unit_price_cents),
      line_total: toDecimal(item.line_total_cents),
      // What the line was charged: its total less its share of the code (2026-037).
      line_total_cents: item.line_total_cents - Number(item.discount_cents ?? 0),
      discount_amount: toDecimal(Number(item.discount_cents ?? 0)),
      ...giftLine(item.gift_card),
      made_to_order: toBool(item.made_to_order),
      age_restricted: toBool(item.age_restricted),
      cancellation_exempt: toBool(item.cancellation_exempt),
      // A variant's line names it (issue 42); a line without one has none of these keys.
      ...(item.variant_id === null
        ? {}
        : { variant_id: item.variant_id, variant_label: item.variant_label, sku: item.sku }),
      dispatch:
        item.dispatch_earliest && item.dispatch_latest
          ? {
              made_to_order: toBool(item.made_to_order),
              earliest: item.dispatch_earliest,
              latest: item.dispatch_latest,
            }
          : null,
    });
  }
  const latest = new Map<number, Selectable<PaymentsTable>>();
  const refunds = new Map<number, RefundStatus>();
  // Orders with a card payment `pending` at its provider: neither paid again nor canceled.
  const pending = new Set<number>();
  for (const payment of payments) {
    if (!latest.has(payment.order_id)) latest.set(payment.order_id, payment);
    if (payment.status === 'pending') pending.add(payment.order_id);
    // The order's refund is its least settled one: pending (or manual) before refunded.
    const seen = refunds.get(payment.order_id);
    if (payment.refund_status && (seen === undefined || isRefundSettled(seen))) {
      refunds.set(payment.order_id, payment.refund_status);
    }
  }
  return rows.map((row) => {
    const payment = latest.get(row.id);
    const done = fulfilmentsByOrder.get(row.id);
    const lines = itemsByOrder.get(row.id) ?? [];
    const shipments = orderShipments(row);
    // The VAT of the rate the order kept (../../common/vat.ts); null for an order charged none.
    // With gift cards' voucher rules (decision 090, ../../common/gift-card-vat.ts): an MPV
    // sold carries no VAT; what SPVs paid is not taxed twice (both facts read by ./voucher-vat.ts,
    // as the e-mail, the CSV and the sales view read them).
    const vat = voucherOrderVat(
      lines.map((line) => ({ cents: line.line_total_cents, sellsMpv: line.sells_mpv })),
      row.shipping_cents,
      row.vat_rate_bp ?? null,
      spvPaid.get(row.id) ?? 0,
    );
    return {
      id: row.id,
      order_number: row.order_number,
      status: row.status,
      payment_method: row.payment_method,
      subtotal: toDecimal(row.subtotal_cents),
      // The discount code it used (issue 42): its own line on the order, the e-mail and the
      // invoice; the lines' VAT above is on their discounted amounts.
      discount:
        row.discount_code === null
          ? null
          : {
              code: row.discount_code,
              amount: toDecimal(Number(row.discount_cents)),
              free_delivery: toBool(row.free_delivery),
            },
      shipping_price: toDecimal(row.shipping_cents),
      total_price: toDecimal(row.total_cents),
      total_items: row.total_items,
      delivery_address: {
        street: row.street,
        city: row.city,
        postalCode: row.postal_code,
        country: row.country,
        fullname: row.fullname,
        contact_number: row.contact_number,
      },
      ...(row.gift_card_cents > 0
        ? {
            gift_card_paid: toDecimal(row.gift_card_cents),
            amount_due: toDecimal(row.total_cents - row.gift_card_cents),
          }
        : {}),
      items: lines.map(({ line_total_cents: _cents, sells_mpv: _mpv, ...line }, index) => ({
        ...line,
        vat_amount: vat ? toDecimal(vat.lines[index]!) : null,
      })),
      shipments: shipments.map((shipment, index) => ({
        ...shipment,
        fulfilment: done?.get(index) ?? null,
      })),
      needs_adult_signature: toBool(row.needs_adult_signature),
      age_attestation:
        row.attestation_dob && row.attestation_at && row.attestation_text
          ? {
              date_of_birth: row.attestation_dob,
              confirmed_at: toIsoString(row.attestation_at),
              text: row.attestation_text,
            }
          : null,
      created_at: toIsoString(row.created_at),
      paid_at: nullableIso(row.paid_at),
      expires_at: row.status === 'awaiting_payment' ? nullableIso(row.expires_at) : null,
      closed_at: nullableIso(row.closed_at),
      refunded_total: toDecimal(row.refunded_cents ?? 0),
      refund_status: shopperRefundStatus(refunds.get(row.id) ?? null),
      payment_instructions: row.payment_instructions,
      payment_redirect_url: row.payment_redirect_url,
      latest_payment: payment ? toPaymentStatus(payment, row) : null,
      vat_rate: row.vat_rate_bp == null ? null : rateToPercent(row.vat_rate_bp),
      vat_total: vat ? toDecimal(vat.total) : null,
      shipping_vat: vat ? toDecimal(vat.shipping) : null,
      // Where the order was taxed (issue 41, common/destination-vat.ts), kept with the rate.
      vat_country: row.vat_rate_bp == null ? null : (row.vat_country ?? null),
      // The 14-day right to cancel (./cancellation.ts), as of `now`.
      cancellation: cancellationOf(
        row,
        shipments,
        lines.map((line) => line.cancellation_exempt),
        done,
        moves.now,
      ),
      actions: shopperActions(row, pending.has(row.id), moves),
    };
  });
}

/**
 * One order of the user's as an Order answer with its idempotency hash, or undefined.
 * @param moves as {@link toOrders} takes them.
 */
export async function findOrder(
  db: Db,
  tenantId: number,
  userId: number,
  where: { id: number } | { idempotencyKey: string },
  moves: ShopperMoveFacts,
): Promise<{ order: Order; requestHash: string | null } | undefined> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId);
  query =
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('idempotency_key', '=', where.idempotencyKey);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const [order] = await toOrders(db, [row], moves);
  return order && { order, requestHash: row.request_hash };
}

/**
 * A line's gift card fields for the answer: its choice (`gift_card`, with the voucher kind) and
 * whether it sells a multi-purpose voucher (no VAT on it; ./voucher-vat.ts `choiceSellsMpv`);
 * nothing for other lines.
 */
function giftLine(text: string | null): {
  sells_mpv: boolean;
  gift_card?: ReturnType<typeof choiceAnswer>;
} {
  const choice = parseChoice(text);
  if (!choice) return { sells_mpv: false };
  return { sells_mpv: choiceSellsMpv(choice), gift_card: choiceAnswer(choice) };
}
