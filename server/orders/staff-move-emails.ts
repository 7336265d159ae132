/**
 * The e-mails of the back office's moves (./order-emails.ts hands each event here), and the
 * shop's daily list of orders awaiting payment:
 *
 *   marked_paid      -> shopper: payment_received, the money the shop received by hand (the
 *                       shop's own e-mail is left out: a member of it made the move)
 *   shipped          -> shopper: order_shipped (carrier, tracking number and link, what the
 *                       parcel holds, "Adult signature required" when it needs one)
 *   tracking_corrected -> shopper: order_tracking_corrected (the corrected carrier, number and
 *                       link, and the number it replaces)
 *   ready_to_collect -> shopper: order_ready_to_collect (the workshop's address from the shop's
 *                       contact page, the collection method's words, proof of age)
 *   canceled_by_shop -> shopper: order_canceled_by_shop (the shop's reason; a paid order's
 *                       refund in full)
 *   payment_reminder -> shopper: payment_reminder (how to pay, by its deadline)
 *
 * Each is written in the move's transaction, once (its dedupe key).
 */
import { toDecimal } from '../../common/money.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { PaymentMethod } from '../payments/tables.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import type {
  DigestOrder,
  EmailCollectionPlace,
  EmailShipment,
} from './emails/staff-move-email-data.ts';
import type { EmailBase, EmailPayment } from './emails/email-data.ts';
import { offlineTexts } from './emails/payment-texts.ts';
import { isCardMethod, PAYMENT_METHODS, shopLabelOf } from '../payments/methods.ts';
import { carrierLabel, trackingUrl } from './carriers.ts';
import { isHandedOver } from './staff-actions.ts';
import type { OrderEvent } from './events.ts';
import {
  type KeyOf,
  type Loaded,
  loadShop,
  type OfflineMethodOfContract,
  type Outgoing,
  placedPayment,
  queueOutgoing,
} from './order-email-parts.ts';
import { orderMoney } from './order-money.ts';
import type { Trx } from './order-lock.ts';
import { orderShipments } from './read-model.ts';

type OrderMoveEvent = Extract<
  OrderEvent,
  {
    type:
      | 'marked_paid'
      | 'shipped'
      | 'tracking_corrected'
      | 'ready_to_collect'
      | 'canceled_by_shop'
      | 'payment_reminder';
  }
>;

/** An offline method's name in the e-mails: the shop's own (`label`), else its words'. */
function methodName(method: PaymentMethod, label: string | null): string {
  return label ?? offlineTexts(method as OfflineMethodOfContract).name;
}

/** Shipment `index` of the order as its e-mail shows it (its lines, by name). */
async function emailShipment(trx: Trx, l: Loaded, index: number): Promise<EmailShipment> {
  const shipment = orderShipments(l.order)[index];
  if (!shipment) throw new Error(`Order ${l.order.id} has no shipment ${index}.`);
  const items =
    shipment.item_ids.length === 0
      ? []
      : await trx
          .selectFrom('order_items')
          .select(['product_name', 'quantity'])
          .where('order_id', '=', l.order.id)
          .where('id', 'in', shipment.item_ids)
          .orderBy('id')
          .execute();
  return {
    method: shipment.name,
    lines: items.map((i) => ({ name: i.product_name, quantity: i.quantity })),
    adultSignature: shipment.age_verified || toBool(l.order.needs_adult_signature),
  };
}

async function fulfilmentOf(trx: Trx, orderId: number, index: number) {
  return trx
    .selectFrom('order_fulfilments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('shipment_index', '=', index)
    .executeTakeFirstOrThrow();
}

/** How many shipments of the order, other than `index`, are not handed over yet. */
async function stillToCome(trx: Trx, l: Loaded, index: number): Promise<number> {
  const rows = await trx
    .selectFrom('order_fulfilments')
    .select(['shipment_index', 'status'])
    .where('order_id', '=', l.order.id)
    .execute();
  const status = new Map(rows.map((r) => [r.shipment_index, r.status]));
  return orderShipments(l.order).filter(
    (s, i) => i !== index && !isHandedOver({ kind: s.kind, fulfilment: status.get(i) ?? null }),
  ).length;
}

/** The shop's workshop: the head office of its contact page, else its first place. */
async function collectionPlace(
  trx: Trx,
  tenantId: number,
): Promise<EmailCollectionPlace | undefined> {
  const place = await trx
    .selectFrom('contact_locations')
    .select(['name', 'address', 'phone_number', 'is_hq'])
    .where('tenant_id', '=', tenantId)
    .orderBy('is_hq', 'desc')
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  if (!place || place.address.trim() === '') return undefined;
  return {
    name: place.name,
    address: place.address,
    ...(place.phone_number ? { phone: place.phone_number } : {}),
  };
}

/** The collection method's own words (when and how), as the shop describes it now. */
async function collectionWords(trx: Trx, l: Loaded, index: number): Promise<string | undefined> {
  const code = orderShipments(l.order)[index]?.method;
  if (!code) return undefined;
  const method = await trx
    .selectFrom('shipping_methods')
    .select('description')
    .where('tenant_id', '=', l.order.tenant_id)
    .where('code', '=', code)
    .executeTakeFirst();
  return method?.description.trim() || undefined;
}

/** The e-mails of one desk event about the loaded order (see the module comment). */
export async function moveEmailsOf(
  trx: Trx,
  event: OrderMoveEvent,
  l: Loaded,
  base: EmailBase,
  key: KeyOf,
): Promise<Outgoing[]> {
  const to = (what: string, data: Outgoing['data']): Outgoing[] => [
    { recipient: l.customerEmail, key: key(what, 'shopper'), data },
  ];
  switch (event.type) {
    case 'marked_paid': {
      const money = await trx
        .selectFrom('manual_payments')
        .selectAll()
        .where('id', '=', event.manualPaymentId)
        .executeTakeFirstOrThrow();
      const payment: EmailPayment = {
        amount: toDecimal(money.amount_cents),
        receivedAt: toIsoString(money.received_at),
        method: l.order.payment_method as OfflineMethodOfContract,
        provider: methodName(l.order.payment_method, l.methodLabel),
      };
      return to(`paid:manual:${event.manualPaymentId}`, {
        ...base,
        kind: 'payment_received',
        payment,
      });
    }
    case 'shipped': {
      const f = await fulfilmentOf(trx, l.order.id, event.shipmentIndex);
      const url = trackingUrl(f.carrier ?? 'other', f.tracking_number ?? '');
      return to(`shipped:${event.shipmentIndex}`, {
        ...base,
        kind: 'order_shipped',
        shipment: await emailShipment(trx, l, event.shipmentIndex),
        carrier: carrierLabel(f.carrier ?? 'other'),
        trackingNumber: f.tracking_number ?? '',
        ...(url ? { trackingUrl: url } : {}),
        shippedAt: toIsoString(f.shipped_at ?? l.order.updated_at),
        stillToCome: await stillToCome(trx, l, event.shipmentIndex),
      });
    }
    case 'tracking_corrected': {
      const f = await fulfilmentOf(trx, l.order.id, event.shipmentIndex);
      const url = trackingUrl(f.carrier ?? 'other', f.tracking_number ?? '');
      return to(`tracking:${event.shipmentIndex}:${event.at}`, {
        ...base,
        kind: 'order_tracking_corrected',
        shipment: await emailShipment(trx, l, event.shipmentIndex),
        carrier: carrierLabel(f.carrier ?? 'other'),
        trackingNumber: f.tracking_number ?? '',
        ...(url ? { trackingUrl: url } : {}),
        previousTrackingNumber: event.previousTrackingNumber,
        correctedAt: event.at,
      });
    }
    case 'ready_to_collect': {
      const f = await fulfilmentOf(trx, l.order.id, event.shipmentIndex);
      const [shipment, place, words] = await Promise.all([
        emailShipment(trx, l, event.shipmentIndex),
        collectionPlace(trx, l.order.tenant_id),
        collectionWords(trx, l, event.shipmentIndex),
      ]);
      return to(`ready:${event.shipmentIndex}`, {
        ...base,
        kind: 'order_ready_to_collect',
        shipment,
        readyAt: toIsoString(f.ready_at ?? l.order.updated_at),
        ...(place ? { collectFrom: place } : {}),
        ...(words ? { instructions: words } : {}),
      });
    }
    case 'canceled_by_shop': {
      const paid = l.order.paid_at !== null;
      // Recorded before the refunds are made: what is still refundable is what they refund.
      const refundable = paid ? (await orderMoney(trx, l.order.id)).refundableCents : 0;
      return to('canceled_by_shop', {
        ...base,
        kind: 'order_canceled_by_shop',
        reason: l.order.cancel_reason ?? '',
        canceledAt: toIsoString(l.order.closed_at ?? l.order.updated_at),
        ...(refundable > 0 ? { refund: { amount: toDecimal(refundable) } } : {}),
        paymentMayStillArrive: !paid && isCardMethod(l.order.payment_method),
      });
    }
    case 'payment_reminder': {
      if (!l.order.expires_at || isCardMethod(l.order.payment_method)) return [];
      const expiresAt = toIsoString(l.order.expires_at);
      const payment = placedPayment(l, expiresAt);
      if (payment.method === 'card') return [];
      // Once per deadline: an order reopened with a new one is reminded again.
      return to(`reminder:${expiresAt}`, { ...base, kind: 'payment_reminder', payment });
    }
  }
}

/** The offline methods: the orders whose money the shop receives by hand. */
export const OFFLINE_METHODS = Object.entries(PAYMENT_METHODS)
  .filter(([, entry]) => entry.offline)
  .map(([method]) => method as OfflineMethodOfContract);

/**
 * Queues the shop's list of its orders awaiting money it receives by hand (soonest deadline
 * first), once per shop and day (`date`, YYYY-MM-DD), to its contact address; nothing when it
 * has none, or no such order.
 * @returns true when this call queued it.
 */
export async function queueAwaitingPaymentsDigest(
  trx: Kysely<Database>,
  tenantId: number,
  date: string,
  origin: string,
): Promise<boolean> {
  const dedupeKey = `shop:${tenantId}:awaiting_payments:${date}:shop`;
  const sent = await trx
    .selectFrom('email_outbox')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  if (sent) return false;
  const [{ shop, shopEmail, currency }, rows, settings] = await Promise.all([
    loadShop(trx, tenantId, origin),
    trx
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select([
        'o.order_number',
        'o.fullname',
        'u.email',
        'o.total_cents',
        'o.payment_method',
        'o.created_at',
        'o.expires_at',
      ])
      .where('o.tenant_id', '=', tenantId)
      .where('o.status', '=', 'awaiting_payment')
      .where('o.payment_method', 'in', OFFLINE_METHODS)
      .orderBy('o.expires_at')
      .orderBy('o.id')
      .limit(200)
      .execute(),
    trx
      .selectFrom('payment_settings')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
  ]);
  if (rows.length === 0 || !shopEmail.includes('@')) return false;
  const orders: DigestOrder[] = rows.map((row) => ({
    number: row.order_number,
    customerName: row.fullname,
    customerEmail: row.email,
    total: toDecimal(row.total_cents),
    method: methodName(row.payment_method, shopLabelOf(row.payment_method, settings)),
    placedAt: toIsoString(row.created_at),
    ...(row.expires_at ? { expiresAt: toIsoString(row.expires_at) } : {}),
    orderUrl: `${origin}/admin/orders/${encodeURIComponent(row.order_number)}`,
  }));
  await queueOutgoing(trx, tenantId, null, [
    {
      recipient: shopEmail,
      key: dedupeKey,
      data: {
        kind: 'shop_awaiting_payments_digest',
        shop,
        date,
        currency,
        orders,
        listUrl: `${origin}/admin/orders?status=awaiting_payment`,
      },
    },
  ]);
  return true;
}
