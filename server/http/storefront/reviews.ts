/**
 * Product reviews by signed-in customers (spec sections 3, 5 and 7).
 *
 * One review per customer per product: the unique index `(product_id, user_id)` decides, so two
 * concurrent first reviews cannot both land. A review is a verified purchase when the customer
 * has a paid order (`paid`, or later `processing`/`shipped`) with a line of that product.
 * The product's `average_rating` and `review_count` are aggregates the catalogue computes from
 * the review rows, so the insert itself keeps them right; the catalogue cache is invalidated
 * after the commit (decision 005) so the next product answer of this process shows them.
 */
import { isRowId, isUniqueViolation } from '../../platform/db/errors.ts';
import type { OrderStatus } from '../../platform/db/database.ts';
import { toBool, toIsoString } from '../../platform/db/mapping.ts';
import { hasNul } from '../../platform/canonical-json.ts';
import { HttpError, notFound } from '../http-error.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';
import { BLANK_MESSAGE, NUL_MESSAGE } from '../../platform/field-messages.ts';

/** Messages of this module (DRF's wording where the spec names none). */
export const REVIEW_MESSAGES = {
  blank: BLANK_MESSAGE,
  duplicate: 'You have already reviewed this product.',
} as const;

/** Order states that mean the customer paid. */
export const PAID_ORDER_STATES: readonly OrderStatus[] = ['paid', 'processing', 'shipped'];

class DuplicateReview extends Error {}

/**
 * POST /products/reviews/ `{product, rating, comment}` -> 201 Review
 * `{id, product, user: {username}, rating, comment, created_at, is_verified_purchase}`.
 * The rating is a whole number from 1 to 5 (the contract's bounds, checked before this runs;
 * "5" reads as 5, as DRF's IntegerField does); the comment is stored trimmed.
 * Errors: 400 `{"comment":["This field may not be blank."]}` (blank after trimming) or
 * `{"comment":["Null characters are not allowed."]}`; 404 `{"detail":"Not found."}` when the
 * product is not an active product of this shop; 409 `{"detail":"You have already reviewed
 * this product."}`; 401 without a valid bearer token.
 */
export const createReview: OperationHandler<'createReview'> = async (request, reply) => {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  const user = requireUser(request);
  const { product: productId, rating } = request.body;

  if (hasNul(request.body.comment)) throw new HttpError(400, { comment: [NUL_MESSAGE] });
  const comment = request.body.comment.trim();
  if (comment === '') throw new HttpError(400, { comment: [REVIEW_MESSAGES.blank] });
  if (!isRowId(productId)) throw notFound();

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
      if (!product) throw notFound();
      const earlier = await trx
        .selectFrom('reviews')
        .select('id')
        .where('product_id', '=', productId)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (earlier) throw new DuplicateReview();
      const paid = await trx
        .selectFrom('orders as o')
        .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
        .select('o.id')
        .where('o.tenant_id', '=', tenantId)
        .where('o.user_id', '=', user.id)
        .where('o.status', 'in', PAID_ORDER_STATES)
        .where('oi.product_id', '=', productId)
        .limit(1)
        .executeTakeFirst();
      return trx
        .insertInto('reviews')
        .values({
          tenant_id: tenantId,
          product_id: productId,
          user_id: user.id,
          username: user.username,
          rating,
          comment,
          is_verified_purchase: paid ? 1 : 0,
          created_at: createdAt,
        })
        .returning(['id', 'is_verified_purchase', 'created_at'])
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    // A concurrent first review by the same customer commits first: the unique index decides.
    if (error instanceof DuplicateReview || isUniqueViolation(error)) {
      throw new HttpError(409, { detail: REVIEW_MESSAGES.duplicate });
    }
    throw error;
  }
  request.server.catalogCache.invalidate(tenantId);
  reply.code(201);
  return {
    id: saved.id,
    product: productId,
    user: { username: user.username },
    rating,
    comment,
    created_at: toIsoString(saved.created_at),
    is_verified_purchase: toBool(saved.is_verified_purchase),
  };
};
