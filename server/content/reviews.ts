/**
 * Product reviews by signed-in customers (spec sections 3, 5 and 7).
 *
 * One review per customer per product: the unique index `(product_id, user_id)` decides, so two
 * concurrent first reviews cannot both land. A review is a verified purchase when the customer
 * has a paid order (`paid`, or later `processing`/`shipped`) with a line of that product.
 * The product's `average_rating` and `review_count` are aggregates the catalogue computes from
 * the review rows, so the insert itself keeps them right (the caller drops what it cached of
 * the product after this returns; decision 005).
 *
 * Moderation (./moderation.ts): a review is shown (`approved`) at once unless the shop's
 * `site_settings.reviews_auto_approve` is off or the link rule (./link-rule.ts) holds it; then
 * it waits (`pending`) and counts in no statistics until a moderator approves it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isRowId, isUniqueViolation } from '../platform/db/errors.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { hasNul } from '../platform/canonical-json.ts';
import { DomainError } from '../platform/domain-error.ts';
import { BLANK_MESSAGE, NUL_MESSAGE } from '../platform/field-messages.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { ContentErrorCode } from './errors.ts';
import { heldForLinks } from './link-rule.ts';

/** What a refused review says (DRF's wording where the spec names none). */
export const REVIEW_MESSAGES = {
  blank: BLANK_MESSAGE,
  duplicate: 'You have already reviewed this product.',
} as const;

/** Order states that mean the customer paid (the contract's OrderStatus values). */
export const PAID_ORDER_STATES: readonly Schemas['OrderStatus'][] = [
  'paid',
  'processing',
  'shipped',
];

const invalidReview = (message: string) =>
  new DomainError<ContentErrorCode>('invalid_review', message, { field: 'comment' });
const productNotFound = () =>
  new DomainError<ContentErrorCode>('review_product_not_found', 'Not found.');
const alreadyReviewed = () =>
  new DomainError<ContentErrorCode>('already_reviewed', REVIEW_MESSAGES.duplicate);

/**
 * Saves `author`'s review `{product, rating, comment}` of an active product of the shop. The
 * rating is a whole number from 1 to 5 (the contract's bounds, checked before this runs); the
 * comment is stored trimmed.
 * @returns the Review `{id, product, user: {username}, rating, comment, created_at,
 *   is_verified_purchase, is_approved, shop_reply: null}`; `is_approved` false when it waits
 *   for moderation.
 * @throws DomainError `invalid_review` (field `comment`: "This field may not be blank." after
 *   trimming, "Null characters are not allowed."); `review_product_not_found` ("Not found.")
 *   when the product is not an active product of this shop; `already_reviewed` ("You have
 *   already reviewed this product.") for the customer's second review of it, concurrent or not.
 */
export async function postReview(
  db: Kysely<Database>,
  tenantId: number,
  author: { id: number; username: string },
  form: Schemas['ReviewCreate'],
): Promise<Schemas['Review']> {
  const { product: productId, rating } = form;
  if (hasNul(form.comment)) throw invalidReview(NUL_MESSAGE);
  const comment = form.comment.trim();
  if (comment === '') throw invalidReview(REVIEW_MESSAGES.blank);
  if (!isRowId(productId)) throw productNotFound();

  const createdAt = new Date().toISOString();
  let saved;
  try {
    saved = await db.transaction().execute(async (trx) => {
      const product = await trx
        .selectFrom('products')
        .select('id')
        .where('id', '=', productId)
        .where('tenant_id', '=', tenantId)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      if (!product) throw productNotFound();
      const earlier = await trx
        .selectFrom('reviews')
        .select('id')
        .where('product_id', '=', productId)
        .where('user_id', '=', author.id)
        .executeTakeFirst();
      if (earlier) throw alreadyReviewed();
      const settings = await trx
        .selectFrom('site_settings')
        .select('reviews_auto_approve')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      const approved =
        (settings ? toBool(settings.reviews_auto_approve) : true) && !heldForLinks(comment);
      const paid = await trx
        .selectFrom('orders as o')
        .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
        .select('o.id')
        .where('o.tenant_id', '=', tenantId)
        .where('o.user_id', '=', author.id)
        .where('o.status', 'in', PAID_ORDER_STATES)
        .where('oi.product_id', '=', productId)
        .limit(1)
        .executeTakeFirst();
      return trx
        .insertInto('reviews')
        .values({
          tenant_id: tenantId,
          product_id: productId,
          user_id: author.id,
          username: author.username,
          rating,
          comment,
          is_verified_purchase: paid ? 1 : 0,
          created_at: createdAt,
          status: approved ? 'approved' : 'pending',
        })
        .returning(['id', 'is_verified_purchase', 'created_at', 'status'])
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    // A concurrent first review by the same customer commits first: the unique index decides.
    if (isUniqueViolation(error)) throw alreadyReviewed();
    throw error;
  }
  return {
    id: saved.id,
    product: productId,
    user: { username: author.username },
    rating,
    comment,
    created_at: toIsoString(saved.created_at),
    is_verified_purchase: toBool(saved.is_verified_purchase),
    is_approved: saved.status === 'approved',
    shop_reply: null,
  };
}
