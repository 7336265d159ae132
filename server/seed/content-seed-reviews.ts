/**
 * The seeded reviews: each by one of the shop's accounts, and for a verified purchase the paid
 * order it rests on (one line of the product at its current price, paid by bank transfer).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { newOrderNumber } from '../checkout/checkout-transaction.ts';
import type { SeedContentReview } from './content-data.ts';
import { currentVatRate } from '../content/site-settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A review, and before it (for a verified purchase) the paid order it rests on: one line of the
 * product at its current price, paid by bank transfer a few days before the review. The
 * product's stock is left as it is: the order is history from before the seeded stock count.
 */
export async function insertReview(
  trx: Transaction<Database>,
  tenantId: number,
  review: SeedContentReview,
  people: Map<string, number>,
  now: Date,
): Promise<void> {
  const userId = people.get(review.username);
  const product = await trx
    .selectFrom('products')
    .select(['id', 'name', 'slug', 'price_cents'])
    .where('tenant_id', '=', tenantId)
    .where('slug', '=', review.product_slug)
    .executeTakeFirst();
  if (userId === undefined || !product) return;
  const reviewedAt = now.getTime() - review.days_ago * DAY_MS;
  const buyer = review.paid_order;
  if (buyer) {
    const thumb = await trx
      .selectFrom('product_images')
      .select('thumb_path')
      .where('product_id', '=', product.id)
      .orderBy('position')
      .orderBy('id')
      .executeTakeFirst();
    const { id: orderId } = await trx
      .insertInto('orders')
      .values({
        tenant_id: tenantId,
        user_id: userId,
        order_number: newOrderNumber(),
        status: 'paid',
        payment_method: 'bank_transfer',
        total_cents: product.price_cents,
        subtotal_cents: product.price_cents,
        total_items: 1,
        street: buyer.street,
        city: buyer.city,
        postal_code: buyer.postalCode,
        country: buyer.country,
        fullname: buyer.fullname,
        contact_number: buyer.contact_number,
        payment_instructions: null,
        payment_redirect_url: null,
        idempotency_key: null,
        request_hash: null,
        created_at: new Date(reviewedAt - 12 * DAY_MS).toISOString(),
        paid_at: new Date(reviewedAt - 11 * DAY_MS).toISOString(),
        updated_at: new Date(reviewedAt - 11 * DAY_MS).toISOString(),
        expires_at: null,
        closed_at: null,
        vat_rate_bp: await currentVatRate(trx, tenantId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
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
      })
      .execute();
  }
  await trx
    .insertInto('reviews')
    .values({
      tenant_id: tenantId,
      product_id: product.id,
      user_id: userId,
      username: review.username,
      rating: review.rating,
      comment: review.comment,
      is_verified_purchase: buyer ? 1 : 0,
      created_at: new Date(reviewedAt).toISOString(),
    })
    // The customer reviewed the product already (a shop seeded by hand): keep theirs.
    .onConflict((oc) => oc.doNothing())
    .execute();
}
