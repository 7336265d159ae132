/**
 * Product reviews by the customers who bought the product (spec sections 3, 5 and 7; decision
 * 085).
 *
 * Only buyers review (DMCC Act 2024 Sch. 20 para 13; Directive 2005/29/EC art. 7(6) and Annex I
 * point 23b): a review is accepted only from a customer of the shop with an order in one of
 * BOUGHT_ORDER_STATES holding a line of that product, i.e. paid and neither canceled, expired nor
 * refunded in full; delivery is not awaited (a paid line is the purchase, and a collection or a
 * slow parcel does not make a buyer a stranger). Anyone else gets 403 `review_not_a_buyer`, so
 * every review written from now on is a verified purchase; older or seeded reviews without one
 * keep `is_verified_purchase` false and the storefront labels them. The reviewer may declare
 * that they received something in return (`incentivised`), and the storefront labels that too.
 *
 * One review per customer per product: the unique index `(product_id, user_id)` decides, so two
 * concurrent first reviews cannot both land.
 * The product's `average_rating` and `review_count` are aggregates the catalogue computes from
 * the review rows, so the insert itself keeps them right (the caller drops what it cached of
 * the product after this returns; decision 005).
 *
 * Moderation (./moderation.ts): a review is shown (`approved`) at once unless the shop's
 * `site_settings.reviews_auto_approve` is off or the link rule (./link-rule.ts) holds it; then
 * it waits (`pending`) and counts in no statistics until a moderator approves it.
 */
import type { Kysely, Transaction } from 'kysely';
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
  /** The shop's words for a customer who did not buy the piece (decision 085). */
  notABuyer: 'Only customers who bought this piece can review it.',
} as const;

/**
 * Order states that mean the customer bought what the order holds (the contract's OrderStatus
 * values): paid, then sent or handed over in part or in whole. Not `awaiting_payment`,
 * `canceled`, `expired`, nor `refunded` (everything paid was given back, perhaps before anything
 * was sent).
 */
export const BOUGHT_ORDER_STATES: readonly Schemas['OrderStatus'][] = [
  'paid',
  'processing',
  'shipped',
  'ready_to_collect',
  'completed',
];

const invalidReview = (message: string) =>
  new DomainError<ContentErrorCode>('invalid_review', message, { field: 'comment' });
const productNotFound = () =>
  new DomainError<ContentErrorCode>('review_product_not_found', 'Not found.');
const alreadyReviewed = () =>
  new DomainError<ContentErrorCode>('already_reviewed', REVIEW_MESSAGES.duplicate);
const notABuyer = () =>
  new DomainError<ContentErrorCode>('review_not_a_buyer', REVIEW_MESSAGES.notABuyer);

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether customer `userId` of shop `tenantId` bought product `productId`: an order of theirs in
 * the shop, in one of BOUGHT_ORDER_STATES, with a line of it. One indexed lookup.
 */
export async function boughtProduct(
  db: Db,
  tenantId: number,
  userId: number,
  productId: number,
): Promise<boolean> {
  const line = await db
    .selectFrom('orders as o')
    .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
    .select('o.id')
    .where('o.tenant_id', '=', tenantId)
    .where('o.user_id', '=', userId)
    .where('o.status', 'in', BOUGHT_ORDER_STATES)
    .where('oi.product_id', '=', productId)
    .limit(1)
    .executeTakeFirst();
  return line !== undefined;
}

/**
 * May customer `userId` review product `productId` of shop `tenantId` now? `{can_review: true,
 * reason: null}`, or false with `not_a_buyer` (no bought order line of it; decision 085) or
 * `already_reviewed`, and the words the storefront shows for it (`detail`).
 * @throws DomainError `review_product_not_found` ("Not found.") when the product is not an
 *   active product of this shop (or the id is no row id).
 */
export async function reviewEligibility(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  productId: number,
): Promise<Schemas['ReviewEligibility']> {
  if (!isRowId(productId)) throw productNotFound();
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (!product) throw productNotFound();
  const earlier = await db
    .selectFrom('reviews')
    .select('id')
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (earlier) {
    return { can_review: false, reason: 'already_reviewed', detail: REVIEW_MESSAGES.duplicate };
  }
  if (!(await boughtProduct(db, tenantId, userId, productId))) {
    return { can_review: false, reason: 'not_a_buyer', detail: REVIEW_MESSAGES.notABuyer };
  }
  return { can_review: true, reason: null, detail: null };
}

/**
 * Saves `author`'s review `{product, rating, comment, incentivised?}` of an active product of
 * the shop that they bought. The rating is a whole number from 1 to 5 (the contract's bounds,
 * checked before this runs); the comment is stored trimmed; `incentivised` (default false) is
 * the reviewer's word that they received something in return.
 * @returns the Review `{id, product, user: {username}, rating, comment, created_at,
 *   is_verified_purchase: true, incentivised, is_approved, shop_reply: null}`; `is_approved`
 *   false when it waits for moderation.
 * @throws DomainError `invalid_review` (field `comment`: "This field may not be blank." after
 *   trimming, "Null characters are not allowed."); `review_product_not_found` ("Not found.")
 *   when the product is not an active product of this shop; `already_reviewed` ("You have
 *   already reviewed this product.") for the customer's second review of it, concurrent or not;
 *   `review_not_a_buyer` ("Only customers who bought this piece can review it.") when the
 *   customer has no bought order line of it (decision 085).
 */
export async function postReview(
  db: Kysely<Database>,
  tenantId: number,
  author: { id: number; username: string },
  form: Schemas['ReviewCreate'],
): Promise<Schemas['Review']> {
  const { product: productId, rating } = form;
  const incentivised = form.incentivised === true;
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
      if (!(await boughtProduct(trx, tenantId, author.id, productId))) throw notABuyer();
      const settings = await trx
        .selectFrom('site_settings')
        .select('reviews_auto_approve')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      const approved =
        (settings ? toBool(settings.reviews_auto_approve) : true) && !heldForLinks(comment);
      return trx
        .insertInto('reviews')
        .values({
          tenant_id: tenantId,
          product_id: productId,
          user_id: author.id,
          username: author.username,
          rating,
          comment,
          is_verified_purchase: 1,
          incentivised: incentivised ? 1 : 0,
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
    incentivised,
    is_approved: saved.status === 'approved',
    shop_reply: null,
  };
}
