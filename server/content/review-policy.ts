/**
 * The review policy's model text (decision 085): what this shop's software does with reviews,
 * in the words a shopper reads at /review-policy. A trader must say whether and how it checks
 * that reviews come from people who used or bought the product (Directive 2005/29/EC art. 7(6),
 * added by the Omnibus Directive (EU) 2019/2161; UK DMCC Act 2024 Sch. 20 para 13 and the CMA's
 * guidance on fake reviews), and must not show fake or undisclosed incentivised reviews (DMCC
 * Act 2024 Sch. 20 paras 13-14; Directive 2005/29/EC Annex I points 23b-23c).
 *
 * Every sentence below is what the code does: only buyers review (./reviews.ts
 * `BOUGHT_ORDER_STATES`), older reviews without a purchase are labelled, incentivised reviews
 * are labelled (declared on the form or marked in moderation), links hold a review for
 * moderation (./link-rule.ts), and nothing hides a review for its rating. The owner edits it in
 * the back office (Content → Policies) like the refund and privacy policies; a new shop gets it
 * when it opens (server/shops/create-shop.ts), and a shop opened before it existed publishes
 * this model until its owner saves one (./pages.ts, ./page-editing.ts).
 */

/** The document's title. */
export const REVIEW_POLICY_TITLE = 'Review policy';

/** How many working days the model promises a held review waits at most. */
export const MODERATION_WORKING_DAYS = 2;

/** The model's HTML (the storefront's sanitizer policy keeps every tag it uses). */
export const REVIEW_POLICY_MODEL_HTML =
  '<h2>Only buyers can review</h2>' +
  '<p>You can review a piece only if you bought it from us: you must be signed in to the account the order was placed with, and that order must be paid (it may already have been sent or collected). An order that was never paid, was cancelled, or was refunded in full does not count. We check this automatically against our orders when you send the review, so every review written this way is shown with <strong>Verified purchase</strong>.</p>' +
  '<p>Some reviews were written before we checked purchases, or were brought over from elsewhere, and we could not match them with an order. We keep them rather than choose which to remove, and each one says <strong>Not a verified purchase</strong>.</p>' +
  '<h2>Reviews given something in return</h2>' +
  '<p>If you received something for your review (a free piece, a discount, a payment), tick <em>I received something in return for this review</em> on the form. When we gave the reviewer something, we mark the review ourselves. Such a review is shown with the label <strong>Incentivised review</strong>, saying that the reviewer received something in return.</p>' +
  '<h2>What we refuse or remove</h2>' +
  '<ul>' +
  '<li>Fake reviews: by someone who did not buy the piece, by us or anyone working for us, or written to praise or harm a shop.</li>' +
  '<li>Reviews written for payment or any other reward without saying so.</li>' +
  '<li>Offensive, abusive or discriminatory words.</li>' +
  '<li>Links and advertising: a review full of links waits for us to read it first.</li>' +
  "<li>Personal data: anyone's address, telephone number or e-mail address.</li>" +
  '</ul>' +
  '<h2>Negative reviews</h2>' +
  '<p>We never hide or refuse a review because it is negative or gives few stars. The rating shown on each piece is the average of every published review. We may answer a review publicly, under it, as the shop.</p>' +
  '<h2>How long it takes</h2>' +
  `<p>Most reviews appear as soon as they are sent. A review we read first (one with links, or when we check every review before it is published) is published or refused within ${MODERATION_WORKING_DAYS} working days.</p>` +
  '<h2>Telling us about a review</h2>' +
  '<p>If you think a review is fake or breaks these rules, write to us through the <a href="/contact">contact page</a>, naming the piece and the review.</p>';

/** The model as a document `{title, content}`. */
export const REVIEW_POLICY_MODEL = {
  title: REVIEW_POLICY_TITLE,
  content: REVIEW_POLICY_MODEL_HTML,
} as const;
