/**
 * The parts of the order e-mails (./order-emails.ts, ./staff-move-emails.ts): an order loaded as
 * its e-mails show it (the shop, the customer, the lines with their options and notes, the
 * shipping, the address, how it is paid), and writing e-mails to the outbox, each once.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { PaymentMethod, PaymentsTable } from '../payments/tables.ts';
import type { OrderItemsTable, OrdersTable } from './tables.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { formatPrice, toDecimal } from '../../common/money.ts';
import {
  offlinePaymentInstructions,
  type EmailOrder,
  type EmailPayment,
  type EmailPaymentInstructions,
} from './emails/email-data.ts';
import { type EmailShop } from '../platform/mail/templates/email-shop.ts';
import { type EmailData } from './emails/email-kinds.ts';
import { formatDate } from '../platform/mail/templates/format.ts';
import { lineOptions, orderShipments } from './read-model.ts';
import { voucherOrderVat } from '../../common/gift-card-vat.ts';
import { spvPaidOf, voucherLines } from './voucher-vat.ts';
import { orderVatText } from '../../common/destination-vat.ts';
import { countryName } from '../shipping/shipping.ts';
import { type CARD_METHOD, isCardMethod, shopLabelOf } from '../payments/methods.ts';
import { CARD_PROVIDERS, isProviderName } from '../payments/registry.ts';
import type { Trx } from './order-lock.ts';
import { parseSafety, resolveSafety, SAFETY_PICTOGRAMS } from '../../common/product-safety.ts';
import { shopSafetyDefault } from '../catalog/product-safety.ts';

type OrderRow = Selectable<OrdersTable>;
type PaymentRow = Selectable<PaymentsTable>;

/**
 * Every method but the card one is offline, and the e-mails have its words
 * (./emails/payment-texts.ts): a method of the contract without them fails
 * the type check where an order's method is passed as this.
 */
export type OfflineMethodOfContract = Exclude<PaymentMethod, typeof CARD_METHOD>;

const absolute = (origin: string, path: string | null): string | undefined =>
  path && path.startsWith('/') ? `${origin}${path}` : undefined;

/** An order with everything its e-mails show, loaded in the event's transaction. */
export interface Loaded {
  order: OrderRow;
  shop: EmailShop;
  customerEmail: string;
  shopEmail: string;
  emailOrder: EmailOrder;
  orderUrl: string;
  /** The shop's own name for the order's payment method, or null for the method's own. */
  methodLabel: string | null;
}

/**
 * The shop as its e-mails show it (its title or name, home page, contact address, a PNG or JPEG
 * logo), its contact address ('' when it has none), and its currency (ISO 4217, `tenants.currency`:
 * every amount of its e-mails is in it).
 */
export async function loadShop(
  trx: Kysely<Database>,
  tenantId: number,
  origin: string,
): Promise<{ shop: EmailShop; shopEmail: string; currency: string; vatCountry: string | null }> {
  const [site, tenant] = await Promise.all([
    trx
      .selectFrom('site_settings')
      .select([
        'site_title',
        'contact_email',
        'logo',
        'legal_name',
        'legal_address',
        'company_number',
        'vat_number',
        'vat_country',
      ])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
    trx
      .selectFrom('tenants')
      .select(['name', 'currency'])
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow(),
  ]);
  const shopEmail = site?.contact_email ?? '';
  const logo = absolute(origin, site?.logo ?? null);
  const shop: EmailShop = {
    name: site?.site_title || tenant.name,
    shopUrl: `${origin}/`,
    contactEmail: shopEmail,
    ...(logo && /\.(png|jpe?g)$/i.test(logo) ? { logoUrl: logo } : {}),
    ...(site?.legal_name ? { legalLine: legalLine(site) } : {}),
  };
  return { shop, shopEmail, currency: tenant.currency, vatCountry: site?.vat_country ?? null };
}

export async function load(
  trx: Trx,
  orderId: number,
  originOf: (tenantId: number) => string,
): Promise<Loaded> {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const origin = originOf(order.tenant_id);
  const [items, user, { shop, shopEmail, currency, vatCountry }, settings, spvPaid] =
    await Promise.all([
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
      loadShop(trx, order.tenant_id, origin),
      trx
        .selectFrom('payment_settings')
        .selectAll()
        .where('tenant_id', '=', order.tenant_id)
        .executeTakeFirst(),
      spvPaidOf(trx, [orderId]),
    ]);
  const shipments = orderShipments(order);
  const collectionNotes = await collectionDescriptions(trx, order.tenant_id, shipments);
  const warnings = await lineWarnings(trx, order.tenant_id, items);
  const emailOrder: EmailOrder = {
    number: order.order_number,
    placedAt: toIsoString(order.created_at),
    // The shop's: it cannot change once the shop has an order (server/settings/site.ts).
    currency,
    lines: items.map((item) => {
      const image = absolute(origin, item.thumb_path);
      const options = lineOptions(item).map((o) => ({ label: o.label, value: o.display_value }));
      // The variant ordered and its SKU first (issue 42): "Variant: 240 mm · SKU EO-DG-240".
      if (item.variant_label !== null) {
        options.unshift({
          label: 'Variant',
          value: item.sku ? `${item.variant_label} · SKU ${item.sku}` : item.variant_label,
        });
      }
      const notes = lineNotes(item, shipments);
      return {
        name: item.product_name,
        quantity: item.quantity,
        unitPrice: toDecimal(item.unit_price_cents),
        lineTotal: toDecimal(item.line_total_cents),
        ...(options.length > 0 ? { options } : {}),
        ...(notes.length > 0 ? { notes } : {}),
        ...(image ? { imageUrl: image } : {}),
        ...(item.product_id !== null && warnings.has(item.product_id)
          ? { safety: warnings.get(item.product_id)! }
          : {}),
      };
    }),
    subtotal: toDecimal(order.subtotal_cents ?? order.total_cents),
    ...(order.discount_code !== null && Number(order.discount_cents) > 0
      ? { discount: { code: order.discount_code, amount: toDecimal(Number(order.discount_cents)) } }
      : {}),
    ...(shipments.length > 0 ? { shipping: shippingLine(shipments, order.shipping_cents) } : {}),
    total: toDecimal(order.total_cents),
    vatNote: vatNote(order, items, currency, vatCountry, spvPaid.get(orderId) ?? 0),
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

/**
 * Each product's warnings and pictogram (in words) for the e-mail's lines (EU GPSR art. 19(d);
 * decision 083): the product's own, else the shop's default (common/product-safety.ts
 * `resolveSafety`), as they are when the e-mail is written; a product with no warning and no
 * pictogram has no entry.
 */
async function lineWarnings(
  trx: Trx,
  tenantId: number,
  items: { product_id: number | null }[],
): Promise<Map<number, NonNullable<EmailOrder['lines'][number]['safety']>>> {
  const ids = [...new Set(items.flatMap((i) => (i.product_id === null ? [] : [i.product_id])))];
  const out = new Map<number, NonNullable<EmailOrder['lines'][number]['safety']>>();
  if (ids.length === 0) return out;
  const [rows, shopDefault] = await Promise.all([
    trx
      .selectFrom('products')
      .select(['id', 'safety'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute(),
    shopSafetyDefault(trx, tenantId),
  ]);
  for (const row of rows) {
    const fields = resolveSafety(parseSafety(row.safety), shopDefault);
    const pictogram = fields.pictogram ? SAFETY_PICTOGRAMS[fields.pictogram].label : undefined;
    if (!fields.warnings && !pictogram) continue;
    out.set(row.id, {
      warnings: fields.warnings || (pictogram ?? ''),
      ...(pictogram ? { pictogram } : {}),
    });
  }
  return out;
}

type Shipments = ReturnType<typeof orderShipments>;

/**
 * Who the seller is, in one line for the e-mails' footer (E-Commerce Regulations 2002 reg. 6):
 * the legal name, the address on one line, the company and VAT numbers where set.
 */
export function legalLine(site: {
  legal_name: string;
  legal_address: string;
  company_number: string | null;
  vat_number: string | null;
}): string {
  return [
    site.legal_name,
    site.legal_address.split('\n').join(', '),
    site.company_number ? `Company no. ${site.company_number}` : '',
    site.vat_number ? `VAT no. ${site.vat_number}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The order's VAT as a sentence under its total, at the rate and in the country it kept
 * (../../common/vat.ts, ../../common/destination-vat.ts `orderVatText`), in the order's currency
 * (ISO 4217): "Includes VAT at 20%: £82.75.", "Includes VAT at 20% (France): €14.67.",
 * "Export: no VAT charged." or "No VAT is charged.". The amount is the order's VAT as its
 * answer and invoice have it (decision 090, ../../common/gift-card-vat.ts `voucherOrderVat`):
 * each line's on what it was charged (less its share of a discount code), none on a line that
 * sells a multi-purpose gift card, and what single-purpose cards paid not taxed again
 * (./voucher-vat.ts).
 * @param shopCountry the shop's own country: its VAT needs no country named.
 * @param spvPaidCents what single-purpose gift cards paid of the order (./voucher-vat.ts
 *   `spvPaidOf`; 0 for none).
 */
export function vatNote(
  order: Pick<Selectable<OrdersTable>, 'vat_rate_bp' | 'shipping_cents'> &
    Partial<Pick<Selectable<OrdersTable>, 'vat_country'>>,
  items: (Pick<Selectable<OrderItemsTable>, 'line_total_cents'> &
    Partial<Pick<Selectable<OrderItemsTable>, 'discount_cents' | 'gift_card'>>)[],
  currency: string,
  shopCountry: string | null = null,
  spvPaidCents = 0,
): string {
  const vat = voucherOrderVat(
    voucherLines(items),
    order.shipping_cents,
    order.vat_rate_bp ?? null,
    spvPaidCents,
  );
  if (vat === null || order.vat_rate_bp == null) return 'No VAT is charged.';
  return orderVatText(
    { rateBp: order.vat_rate_bp, country: order.vat_country ?? null },
    formatPrice(toDecimal(vat.total), currency),
    shopCountry,
  );
}

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

export function emailPayment(payment: PaymentRow): EmailPayment {
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
export function placedPayment(l: Loaded, expiresAt: string | undefined): EmailPaymentInstructions {
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
export interface Outgoing {
  recipient: string;
  key: string;
  data: EmailData;
}

/** The dedupe key of an e-mail about the order: once per event and recipient. */
export type KeyOf = (what: string, who: 'shopper' | 'shop') => string;

/**
 * Writes e-mails to the outbox in `trx` (the transaction of the event they tell of, or the
 * database for an e-mail of its own), each once (its dedupe key), skipping a recipient without
 * an address (a shop without a contact e-mail).
 * @param orderId the order they are about, which its page lists them by; null for none.
 */
export async function queueOutgoing(
  trx: Kysely<Database>,
  tenantId: number,
  orderId: number | null,
  emails: Outgoing[],
): Promise<void> {
  const outgoing = emails.filter((e) => e.recipient.includes('@'));
  if (outgoing.length === 0) return;
  const now = new Date().toISOString();
  await trx
    .insertInto('email_outbox')
    .values(
      outgoing.map((e) => ({
        tenant_id: tenantId,
        // The order's page lists the e-mails sent about it.
        order_id: orderId,
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
