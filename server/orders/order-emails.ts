/**
 * The e-mails of an order's events (decision 013): each event becomes the shopper's and/or the
 * shop's e-mail data (server/platform/mail/templates/email-data.ts), written to the outbox inside the
 * transaction that made the event happen, so committed together or not at all. The outbox
 * sends them after the commit (server/platform/mail/outbox.ts). A dedupe key per event and recipient
 * means a replayed transition can never queue an e-mail twice.
 *
 *   placed  -> shopper: order_placed; shop: shop_order_awaiting_payment (an offline method)
 *   paid    -> shopper: payment_received; shop: shop_order_paid
 *   closed  -> shopper: order_closed
 *   refund  -> shopper: late_payment_refund; shop: shop_refund_needed
 *   refunded_by_shop -> shopper: order_refunded (the amount, how it comes back, the owner's
 *                       reason, and what was refunded in all: ./order-money.ts)
 */
import type { Selectable } from 'kysely';
import type { OrdersTable, PaymentMethod, PaymentsTable } from '../platform/db/database.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { toDecimal } from '../../common/money.ts';
import {
  offlinePaymentInstructions,
  type EmailData,
  type EmailOrder,
  type EmailPayment,
  type EmailPaymentInstructions,
  type EmailShop,
  type RefundReason,
} from '../platform/mail/templates/email-data.ts';
import type { OrderEvent } from './events.ts';
import { formatDate } from '../platform/mail/templates/format.ts';
import { lineOptions, orderShipments } from './read-model.ts';
import { countryName } from '../shipping/shipping.ts';
import { type CARD_METHOD, isCardMethod, shopLabelOf } from '../payments/methods.ts';
import { CARD_PROVIDERS, isProviderName } from '../payments/registry.ts';
import type { Trx } from './order-lock.ts';
import { orderMoney } from './order-money.ts';

type OrderRow = Selectable<OrdersTable>;
type PaymentRow = Selectable<PaymentsTable>;

/**
 * Every method but the card one is offline, and the e-mails have its words
 * (server/platform/mail/templates/payment-texts.ts): a method of the contract without them fails
 * the type check where an order's method is passed as this.
 */
type OfflineMethodOfContract = Exclude<PaymentMethod, typeof CARD_METHOD>;

const absolute = (origin: string, path: string | null): string | undefined =>
  path && path.startsWith('/') ? `${origin}${path}` : undefined;

interface Loaded {
  order: OrderRow;
  shop: EmailShop;
  customerEmail: string;
  shopEmail: string;
  emailOrder: EmailOrder;
  orderUrl: string;
  /** The shop's own name for the order's payment method, or null for the method's own. */
  methodLabel: string | null;
}

async function load(trx: Trx, orderId: number, origin: string): Promise<Loaded> {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const [items, user, site, tenant, settings] = await Promise.all([
    trx
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('site_settings')
      .select(['site_title', 'contact_email', 'logo'])
      .where('tenant_id', '=', order.tenant_id)
      .executeTakeFirst(),
    trx
      .selectFrom('tenants')
      .select('name')
      .where('id', '=', order.tenant_id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('payment_settings')
      .selectAll()
      .where('tenant_id', '=', order.tenant_id)
      .executeTakeFirst(),
  ]);
  const shopEmail = site?.contact_email ?? '';
  const logo = absolute(origin, site?.logo ?? null);
  const shop: EmailShop = {
    name: site?.site_title || tenant.name,
    shopUrl: `${origin}/`,
    contactEmail: shopEmail,
    ...(logo && /\.(png|jpe?g)$/i.test(logo) ? { logoUrl: logo } : {}),
  };
  const shipments = orderShipments(order);
  const collectionNotes = await collectionDescriptions(trx, order.tenant_id, shipments);
  const emailOrder: EmailOrder = {
    number: order.order_number,
    placedAt: toIsoString(order.created_at),
    currency: 'USD',
    lines: items.map((item) => {
      const image = absolute(origin, item.thumb_path);
      const options = lineOptions(item).map((o) => ({ label: o.label, value: o.display_value }));
      const notes = lineNotes(item, shipments);
      return {
        name: item.product_name,
        quantity: item.quantity,
        unitPrice: toDecimal(item.unit_price_cents),
        lineTotal: toDecimal(item.line_total_cents),
        ...(options.length > 0 ? { options } : {}),
        ...(notes.length > 0 ? { notes } : {}),
        ...(image ? { imageUrl: image } : {}),
      };
    }),
    subtotal: toDecimal(order.subtotal_cents ?? order.total_cents),
    ...(shipments.length > 0 ? { shipping: shippingLine(shipments, order.shipping_cents) } : {}),
    total: toDecimal(order.total_cents),
    deliveryAddress: {
      fullName: order.fullname,
      street: order.street,
      city: order.city,
      postalCode: order.postal_code,
      country: countryName(order.country),
      phone: order.contact_number,
      ...(shipments.length > 0 && shipments.every((s) => s.kind === 'collection')
        ? { collected: true }
        : {}),
    },
    ...orderNotes(toBool(order.needs_adult_signature), collectionNotes),
  };
  return {
    order,
    shop,
    customerEmail: user.email,
    shopEmail,
    emailOrder,
    orderUrl: `${origin}/account/orders/${order.id}`,
    methodLabel: shopLabelOf(order.payment_method, settings),
  };
}

type Shipments = ReturnType<typeof orderShipments>;

/** The shipping row of the totals: every method by name, free when nothing was charged. */
function shippingLine(shipments: Shipments, cents: number): EmailOrder['shipping'] {
  const method = shipments.map((s) => s.name).join(' and ');
  return cents === 0
    ? { kind: 'free', method }
    : { kind: 'charged', amount: toDecimal(cents), method };
}

/** A line's remarks: when a made-to-order piece leaves the workshop, and how it travels. */
function lineNotes(
  item: {
    id: number;
    made_to_order: boolean | number;
    dispatch_earliest: string | null;
    dispatch_latest: string | null;
  },
  shipments: Shipments,
): string[] {
  const notes: string[] = [];
  if (toBool(item.made_to_order) && item.dispatch_earliest && item.dispatch_latest) {
    notes.push(
      `Made to order: leaves the workshop between ${formatDate(item.dispatch_earliest)} and ${formatDate(item.dispatch_latest)}`,
    );
  }
  const shipment = shipments.find((s) => s.item_ids.includes(item.id));
  if (shipment) notes.push(shipment.kind === 'collection' ? shipment.name : `By ${shipment.name}`);
  return notes;
}

/** Where and when the order's collected lines are picked up (the methods' descriptions now). */
async function collectionDescriptions(
  trx: Trx,
  tenantId: number,
  shipments: Shipments,
): Promise<string[]> {
  const codes = shipments.filter((s) => s.kind === 'collection').map((s) => s.method);
  if (codes.length === 0) return [];
  const rows = await trx
    .selectFrom('shipping_methods')
    .select(['name', 'description'])
    .where('tenant_id', '=', tenantId)
    .where('code', 'in', codes)
    .orderBy('position')
    .execute();
  return rows.map((m) => `${m.name}: ${m.description}`);
}

function orderNotes(adultSignature: boolean, collection: string[]): Pick<EmailOrder, 'orderNotes'> {
  const notes = [
    ...(adultSignature
      ? [
          'Age-restricted pieces are handed over only to an adult who shows proof of age, at the door or at the workshop.',
        ]
      : []),
    ...collection,
  ];
  return notes.length > 0 ? { orderNotes: notes } : {};
}

function emailPayment(payment: PaymentRow): EmailPayment {
  return {
    amount: toDecimal(payment.amount_cents),
    currency: payment.currency,
    receivedAt: toIsoString(payment.captured_at ?? payment.updated_at),
    method: 'card',
    // A provider this server no longer has is named as the row stores it.
    provider: isProviderName(payment.provider)
      ? CARD_PROVIDERS[payment.provider].label
      : payment.provider,
    ...(payment.provider_ref ? { providerRef: payment.provider_ref } : {}),
    ...(payment.gateway_transaction_ref ? { transactionRef: payment.gateway_transaction_ref } : {}),
  };
}

/** How the placed order is paid: on its page for a card, else by the offline method's terms. */
function placedPayment(l: Loaded, expiresAt: string | undefined): EmailPaymentInstructions {
  const method = l.order.payment_method;
  if (isCardMethod(method)) return { method: 'card', expiresAt };
  return offlinePaymentInstructions(method as OfflineMethodOfContract, {
    label: l.methodLabel,
    instructions: l.order.payment_instructions ?? '',
    paymentUrl: l.order.payment_redirect_url,
    expiresAt,
    placedAt: toIsoString(l.order.created_at),
  });
}

/** One e-mail to queue: who gets it, its data, and the key that makes it once-only. */
interface Outgoing {
  recipient: string;
  key: string;
  data: EmailData;
}

async function emailsOf(trx: Trx, event: OrderEvent, origin: string): Promise<Outgoing[]> {
  const l = await load(trx, event.orderId, origin);
  const base = {
    shop: l.shop,
    customer: { name: l.order.fullname, email: l.customerEmail },
    order: l.emailOrder,
    orderUrl: l.orderUrl,
  };
  const expiresAt = l.order.expires_at ? toIsoString(l.order.expires_at) : undefined;
  const key = (what: string, who: 'shopper' | 'shop') => `order:${l.order.id}:${what}:${who}`;
  switch (event.type) {
    case 'placed': {
      const payment = placedPayment(l, expiresAt);
      if (payment.method === 'card') {
        return [
          {
            recipient: l.customerEmail,
            key: key('placed', 'shopper'),
            data: { ...base, kind: 'order_placed', payment },
          },
        ];
      }
      return [
        {
          recipient: l.customerEmail,
          key: key('placed', 'shopper'),
          data: { ...base, kind: 'order_placed', payment },
        },
        {
          recipient: l.shopEmail,
          key: key('placed', 'shop'),
          data: { ...base, kind: 'shop_order_awaiting_payment', payment },
        },
      ];
    }
    case 'paid': {
      const payment = emailPayment(
        await trx
          .selectFrom('payments')
          .selectAll()
          .where('id', '=', event.paymentId)
          .executeTakeFirstOrThrow(),
      );
      const what = `paid:${event.paymentId}`;
      return [
        {
          recipient: l.customerEmail,
          key: key(what, 'shopper'),
          data: { ...base, kind: 'payment_received', payment },
        },
        {
          recipient: l.shopEmail,
          key: key(what, 'shop'),
          data: { ...base, kind: 'shop_order_paid', payment },
        },
      ];
    }
    case 'closed':
      return [
        {
          recipient: l.customerEmail,
          key: key('closed', 'shopper'),
          data: {
            ...base,
            kind: 'order_closed',
            reason: event.reason,
            closedAt: toIsoString(l.order.closed_at ?? l.order.updated_at),
            paymentMayStillArrive: isCardMethod(l.order.payment_method),
          },
        },
      ];
    case 'refund': {
      const row = await trx
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', event.paymentId)
        .executeTakeFirstOrThrow();
      const reason: RefundReason =
        event.reason === 'duplicate'
          ? 'duplicate_payment'
          : l.order.status === 'expired'
            ? 'order_expired'
            : 'order_canceled';
      const payment = emailPayment(row);
      const what = `refund:${event.paymentId}`;
      return [
        {
          recipient: l.customerEmail,
          key: key(what, 'shopper'),
          data: {
            ...base,
            kind: 'late_payment_refund',
            reason,
            payment,
            refundStatus: event.outcome === 'refunded' ? 'refunded' : 'pending',
          },
        },
        {
          recipient: l.shopEmail,
          key: key(what, 'shop'),
          data: {
            ...base,
            kind: 'shop_refund_needed',
            reason,
            payment,
            refundedAutomatically: event.outcome === 'refunded',
            ...(row.refund_ref ? { refundRef: row.refund_ref } : {}),
          },
        },
      ];
    }
    case 'refunded_by_shop': {
      const refund = await trx
        .selectFrom('refunds')
        .selectAll()
        .where('id', '=', event.refundId)
        .executeTakeFirstOrThrow();
      const money = await orderMoney(trx, l.order.id);
      return [
        {
          recipient: l.customerEmail,
          key: key(`refunded:${event.refundId}`, 'shopper'),
          data: {
            ...base,
            kind: 'order_refunded',
            refund: {
              amount: toDecimal(refund.amount_cents),
              method: refund.status === 'succeeded' ? 'card' : 'manual',
              reason: refund.reason,
              // Settled refunds only: one still asked of its provider is not refunded yet.
              refundedTotal: toDecimal(await settledRefunds(trx, l.order.id)),
              paidTotal: toDecimal(money.paidCents),
              refundedAt: toIsoString(refund.settled_at ?? refund.created_at),
            },
          },
        },
      ];
    }
  }
}

/** What was refunded of an order and is settled (succeeded or manual), in cents. */
async function settledRefunds(trx: Trx, orderId: number): Promise<number> {
  const row = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('cents'))
    .where('order_id', '=', orderId)
    .where('status', 'in', ['succeeded', 'manual'])
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

/**
 * Queues the e-mails of `event` in `trx` (see the module comment); a recipient without an
 * address (a shop without a contact e-mail) is skipped.
 * @param origin the storefront's origin, for the links and images of the e-mails.
 */
export async function queueOrderEmails(trx: Trx, event: OrderEvent, origin: string): Promise<void> {
  const outgoing = (await emailsOf(trx, event, origin)).filter((e) => e.recipient.includes('@'));
  if (outgoing.length === 0) return;
  const now = new Date().toISOString();
  const tenantId = (
    await trx
      .selectFrom('orders')
      .select('tenant_id')
      .where('id', '=', event.orderId)
      .executeTakeFirstOrThrow()
  ).tenant_id;
  await trx
    .insertInto('email_outbox')
    .values(
      outgoing.map((e) => ({
        tenant_id: tenantId,
        // The order's page lists the e-mails sent about it.
        order_id: event.orderId,
        kind: e.data.kind,
        recipient: e.recipient,
        data: JSON.stringify(e.data),
        dedupe_key: e.key,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}
