/**
 * Product reviews (contract: createReview; spec sections 4, Review form, and 5, review rules):
 * a review of a product the customer paid for is a verified purchase and shows first on the
 * product, a second review of the same product is refused (409), a product not bought cannot
 * be reviewed (403, decision 085; getReviewEligibility says so first), another shop's product
 * answers 404, and blank comments and out-of-range ratings are refused.
 */
import { detailIs, fieldError, make, tenantErrors, demoTenant, type Case, type Via } from '../case';
import { isObject, type Json } from '../contract-document';
import { shopCaseBuilders, type Shop } from './shop-setup';

/** Reviews by the shopping session's customers, after the demo customer paid for p1 by card. */
export function reviewCases(shop: Shop): Case[] {
  const { me, potter, p1, p2, vase } = shop;
  const demo = demoTenant;
  const { withBearer } = shopCaseBuilders(shop);
  const review = (
    name: string,
    headers: Record<string, string>,
    body: Json,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    make(`createReview ${name}`, 'createReview', 'POST', '/products/reviews/', headers, status, {
      body,
      ...rest,
    });
  const DUPLICATE = 'You have already reviewed this product.';
  const NOT_A_BUYER = 'Only customers who bought this piece can review it.';
  const eligibility = (name: string, productId: number, body: Json) =>
    make(
      `getReviewEligibility ${name}`,
      'getReviewEligibility',
      'GET',
      `/products/reviews/eligibility/?product=${productId}`,
      me,
      200,
      {
        check: (b) =>
          JSON.stringify(b) === JSON.stringify(body) ? null : `unexpected ${JSON.stringify(b)}`,
      },
    );

  return [
    eligibility('of a product paid for', p1.id, { can_review: true, reason: null, detail: null }),
    eligibility('of a product not bought', p2.id, {
      can_review: false,
      reason: 'not_a_buyer',
      detail: NOT_A_BUYER,
    }),
    // Reviews: the demo customer paid for p1 by card in the shopping session.
    review(
      'of a product paid for (verified purchase)',
      me,
      { product: p1.id, rating: 5, comment: '  Arrived razor sharp.  ' },
      201,
      {
        check: (b) =>
          isObject(b) &&
          b.is_verified_purchase === true &&
          b.comment === 'Arrived razor sharp.' &&
          b.rating === 5
            ? null
            : `unexpected review ${JSON.stringify(b)}`,
      },
    ),
    make(
      `getProduct after the review (first, counted)`,
      'getProduct',
      'GET',
      '/products/products/0/',
      demo,
      200,
      {
        prepare: () => ({ path: `/products/products/${shop.p1Slug}/` }),
        check: (b) =>
          isObject(b) &&
          Array.isArray(b.reviews) &&
          isObject(b.reviews[0]) &&
          b.reviews[0].comment === 'Arrived razor sharp.' &&
          Number(b.review_count) >= 1
            ? null
            : `the new review is not first: ${JSON.stringify(b).slice(0, 300)}`,
      },
    ),
    review('a second time', me, { product: p1.id, rating: 1, comment: 'Changed my mind' }, 409, {
      check: detailIs(DUPLICATE),
    }),
    review(
      'of a product not bought (refused)',
      me,
      { product: p2.id, rating: 4, comment: 'Looks great in the shop.' },
      403,
      { check: detailIs(NOT_A_BUYER) },
    ),
    review(
      "of another shop's product",
      me,
      { product: vase.id, rating: 5, comment: 'Lovely' },
      404,
      { check: detailIs('Not found.') },
    ),
    review('with a blank comment', potter, { product: vase.id, rating: 5, comment: '   ' }, 400, {
      check: fieldError('comment', 'This field may not be blank.'),
    }),
    {
      ...review(
        'with rating 6 (bad body)',
        potter,
        { product: vase.id, rating: 6, comment: 'Too good' },
        400,
      ),
      via: 'lenient' as Via,
      check: fieldError('rating', 'Ensure this value is less than or equal to 5.'),
    },
    {
      ...review(
        'with rating 2.5 (bad body)',
        potter,
        { product: vase.id, rating: 2.5, comment: 'Half' },
        400,
      ),
      via: 'lenient' as Via,
      check: fieldError('rating', 'A valid integer is required.'),
    },
    ...withBearer(
      tenantErrors('createReview', 'POST', '/products/reviews/', undefined, {
        product: p2.id,
        rating: 5,
        comment: 'Hi',
      }),
    ),
  ];
}
