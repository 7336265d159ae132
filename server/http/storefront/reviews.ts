/**
 * Product reviews by signed-in customers (spec sections 3, 5 and 7). The rules are
 * server/content/reviews.ts; after a review lands, the catalogue cache of the shop is dropped
 * (decision 005) so the next product answer of this process shows its rating.
 */
import { postReview, reviewEligibility } from '../../content/reviews.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';

/**
 * POST /products/reviews/ `{product, rating, comment}` -> 201 Review (`is_approved` false when
 * it waits for the shop's approval). Errors: 400 for a blank
 * or NUL-carrying comment; 404 `{"detail":"Not found."}` when the product is not an active
 * product of this shop; 403 `{"detail":"Only customers who bought this piece can review it."}`
 * for a customer without a bought order line of it (decision 085); 409 `{"detail":"You have
 * already reviewed this product."}`; 401 without a valid bearer token.
 */
export const createReview: OperationHandler<'createReview'> = async (request, reply) => {
  const tenantId = request.tenant.id;
  const review = await postReview(request.server.db, tenantId, requireUser(request), request.body);
  // A review waiting for approval changes nothing the storefront shows.
  if (review.is_approved) request.server.catalogCache.invalidate(tenantId);
  reply.code(201);
  return review;
};

/**
 * GET /products/reviews/eligibility/?product= -> ReviewEligibility `{can_review, reason,
 * detail}`: whether the signed-in customer may review the product now (decision 085). 404 when
 * it is not an active product of this shop; 401 without a valid bearer token.
 */
export const getReviewEligibility: OperationHandler<'getReviewEligibility'> = async (request) =>
  reviewEligibility(
    request.server.db,
    request.tenant.id,
    requireUser(request).id,
    request.query.product,
  );
