/**
 * Product reviews by signed-in customers (spec sections 3, 5 and 7). The rules are
 * server/content/reviews.ts; after a review lands, the catalogue cache of the shop is dropped
 * (decision 005) so the next product answer of this process shows its rating.
 */
import { postReview } from '../../content/reviews.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';

/**
 * POST /products/reviews/ `{product, rating, comment}` -> 201 Review (`is_approved` false when
 * it waits for the shop's approval). Errors: 400 for a blank
 * or NUL-carrying comment; 404 `{"detail":"Not found."}` when the product is not an active
 * product of this shop; 409 `{"detail":"You have already reviewed this product."}`; 401
 * without a valid bearer token.
 */
export const createReview: OperationHandler<'createReview'> = async (request, reply) => {
  const tenantId = request.tenant.id;
  const review = await postReview(request.server.db, tenantId, requireUser(request), request.body);
  // A review waiting for approval changes nothing the storefront shows.
  if (review.is_approved) request.server.catalogCache.invalidate(tenantId);
  reply.code(201);
  return review;
};
