/**
 * The seeded reviews: each by one of the shop's accounts, and for a verified purchase the order it
 * rests on, in a state the shop reaches through its own moves (decision 059): placed by bank
 * transfer to a UK address with the shop's UK delivery as its checkout quotes it (the age-verified
 * one, with the buyer's attestation, for an age-restricted piece), marked paid with the money
 * received (its total, by the shop's owner when the demo staff exist), and shipped with a tracking
 * number before the review. So it counts as a verified purchase (`shipped` is a paid state,
 * server/content/reviews.ts), is never "to ship" with nothing to ship, and holds the money the back
 * office says it was paid.
 */
import type { Transaction } from 'kysely';
import { toDecimal } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import type { Carrier } from '../orders/tables.ts';
import { attestationText } from '../checkout/age-gate.ts';
import { newOrderNumber } from '../checkout/checkout-transaction.ts';
import { PAYMENT_METHODS } from '../payments/methods.ts';
import type { SeedBuyer, SeedContentReview } from './content-data.ts';
import { type SeedShippingMethod, seedShops } from './shop-data.ts';
import { homeTaxation } from '../content/site-settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The carrier of a seeded UK delivery method, by its name. */
function carrierOf(method: SeedShippingMethod): Carrier {
  if (/royal mail/i.test(method.name)) return 'royal_mail';
  if (/dpd/i.test(method.name)) return 'dpd';
  if (/parcelforce/i.test(method.name)) return 'parcelforce';
  return 'other';
}

/** A tracking number shaped as the carrier's (letters, digits; the back office's rule). */
function trackingNumber(carrier: Carrier, seq: number): string {
  const n = String(100_000 + seq * 7919).slice(-6);
  if (carrier === 'royal_mail') return `RM${n}785GB`;
  if (carrier === 'parcelforce') return `PB${n}41001`;
  return `1550${n}8812`;
}

/**
 * The shop's delivery to the buyer's country that its checkout would quote for one piece: an
 * age-verified method for an age-restricted piece, else the first (standard) one; its price is
 * free over the method's threshold. Null when the shop's seed data has none.
 */
function deliveryFor(
  tenantToken: string,
  country: string,
  restricted: boolean,
  goodsCents: number,
): { method: SeedShippingMethod; priceCents: number; minimumAge: number } | null {
  const shop = seedShops.find((s) => s.tenantToken === tenantToken);
  const zone = shop?.zones.find((z) => z.countries.includes(country));
  if (!shop || !zone || (restricted && !zone.age_restricted_allowed)) return null;
  const method = zone.methods.find((m) => m.kind === 'delivery' && m.age_verified === restricted);
  if (!method) return null;
  const free = method.free_over_cents !== null && goodsCents >= method.free_over_cents;
  return { method, priceCents: free ? 0 : method.price_cents, minimumAge: shop.minimum_age };
}

/** Whether the piece is age-restricted, by its own flag or its category's (shop-data.ts). */
function isRestricted(
  tenantToken: string,
  product: { age_restricted: number | boolean; category_slug: string | null },
): boolean {
  const shop = seedShops.find((s) => s.tenantToken === tenantToken);
  return (
    Boolean(product.age_restricted) ||
    (product.category_slug !== null &&
      (shop?.ageRestrictedCategories.includes(product.category_slug) ?? false))
  );
}

/**
 * The order a verified purchase rests on (see the module comment), placed 12 days before the
 * review, paid the next day, shipped the day after. Nothing when the shop's seed data offers
 * no delivery to the buyer's country.
 * @returns true when it placed the order.
 */
async function insertDeliveredOrder(
  trx: Transaction<Database>,
  tenantId: number,
  tenantToken: string,
  userId: number,
  buyer: SeedBuyer,
  product: {
    id: number;
    name: string;
    slug: string;
    price_cents: number;
    age_restricted: number | boolean;
    category_slug: string | null;
  },
  reviewedAt: number,
): Promise<boolean> {
  const restricted = isRestricted(tenantToken, product);
  const delivery = deliveryFor(tenantToken, buyer.country, restricted, product.price_cents);
  if (!delivery) return false;
  const placedAt = new Date(reviewedAt - 12 * DAY_MS).toISOString();
  const paidAt = new Date(reviewedAt - 11 * DAY_MS).toISOString();
  const shippedAt = new Date(reviewedAt - 10 * DAY_MS).toISOString();
  const total = product.price_cents + delivery.priceCents;
  const [thumb, settings, owner] = await Promise.all([
    trx
      .selectFrom('product_images')
      .select('thumb_path')
      .where('product_id', '=', product.id)
      .orderBy('position')
      .orderBy('id')
      .executeTakeFirst(),
    trx
      .selectFrom('payment_settings')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
    trx
      .selectFrom('staff')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'owner')
      .orderBy('id')
      .executeTakeFirst(),
  ]);
  const terms = settings
    ? PAYMENT_METHODS.bank_transfer.terms(settings)
    : { instructions: null, redirectUrl: null };
  const orderNumber = newOrderNumber();
  const { id: orderId } = await trx
    .insertInto('orders')
    .values({
      tenant_id: tenantId,
      user_id: userId,
      order_number: orderNumber,
      status: 'shipped',
      payment_method: 'bank_transfer',
      total_cents: total,
      subtotal_cents: product.price_cents,
      shipping_cents: delivery.priceCents,
      total_items: 1,
      needs_adult_signature: restricted ? 1 : 0,
      attestation_dob: restricted ? '1984-06-02' : null,
      attestation_at: restricted ? placedAt : null,
      attestation_text: restricted ? attestationText(delivery.minimumAge) : null,
      street: buyer.street,
      city: buyer.city,
      postal_code: buyer.postalCode,
      country: buyer.country,
      fullname: buyer.fullname,
      contact_number: buyer.contact_number,
      payment_instructions: terms.instructions,
      payment_redirect_url: terms.redirectUrl,
      idempotency_key: null,
      request_hash: null,
      created_at: placedAt,
      paid_at: paidAt,
      fulfilled_at: shippedAt,
      updated_at: shippedAt,
      expires_at: null,
      closed_at: null,
      ...(await homeTaxation(trx, tenantId)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: itemId } = await trx
    .insertInto('order_items')
    .values({
      order_id: orderId,
      product_id: product.id,
      product_name: product.name,
      product_slug: product.slug,
      thumb_path: thumb?.thumb_path ?? null,
      customization: '{}',
      quantity: 1,
      unit_price_cents: product.price_cents,
      line_total_cents: product.price_cents,
      age_restricted: restricted ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { method } = delivery;
  await trx
    .updateTable('orders')
    .set({
      shipments: JSON.stringify([
        {
          method: method.code,
          name: method.name,
          kind: 'delivery',
          age_verified: method.age_verified,
          price: toDecimal(delivery.priceCents),
          item_ids: [itemId],
        },
      ]),
    })
    .where('id', '=', orderId)
    .execute();
  // Paid: the transfer the shop saw arrive, for the total.
  await trx
    .insertInto('manual_payments')
    .values({
      tenant_id: tenantId,
      order_id: orderId,
      amount_cents: total,
      payer_reference: `${buyer.fullname.toUpperCase()} ${orderNumber}`,
      received_at: paidAt,
      staff_id: owner?.id ?? null,
    })
    .execute();
  // Shipped with the method's carrier, tracked.
  const carrier = carrierOf(method);
  await trx
    .insertInto('order_fulfilments')
    .values({
      tenant_id: tenantId,
      order_id: orderId,
      shipment_index: 0,
      kind: 'delivery',
      status: 'shipped',
      carrier,
      tracking_number: trackingNumber(carrier, orderId),
      staff_id: owner?.id ?? null,
      shipped_at: shippedAt,
      ready_at: null,
      collected_at: null,
    })
    .execute();
  return true;
}

/**
 * A review, and before it (for a verified purchase) the order it rests on (see the module
 * comment). The product's stock is left as it is: the order is history from before the seeded
 * stock count.
 */
export async function insertReview(
  trx: Transaction<Database>,
  tenantId: number,
  tenantToken: string,
  review: SeedContentReview,
  people: Map<string, number>,
  now: Date,
): Promise<void> {
  const userId = people.get(review.username);
  const product = await trx
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.name', 'p.slug', 'p.price_cents', 'p.age_restricted'])
    .select('c.slug as category_slug')
    .where('p.tenant_id', '=', tenantId)
    .where('p.slug', '=', review.product_slug)
    .executeTakeFirst();
  if (userId === undefined || !product) return;
  const reviewedAt = now.getTime() - review.days_ago * DAY_MS;
  const buyer = review.paid_order;
  const verified = buyer
    ? await insertDeliveredOrder(trx, tenantId, tenantToken, userId, buyer, product, reviewedAt)
    : false;
  await trx
    .insertInto('reviews')
    .values({
      tenant_id: tenantId,
      product_id: product.id,
      user_id: userId,
      username: review.username,
      rating: review.rating,
      comment: review.comment,
      is_verified_purchase: verified ? 1 : 0,
      incentivised: review.incentivised ? 1 : 0,
      created_at: new Date(reviewedAt).toISOString(),
    })
    // The customer reviewed the product already (a shop seeded by hand): keep theirs.
    .onConflict((oc) => oc.doNothing())
    .execute();
}
