/**
 * The content's error codes (architecture guide, convention 17): each names the rule that
 * refused the request; server/http/domain-errors.ts gives each its HTTP status.
 *
 * - `invalid_blog_page`: a blog list page past the last, or beyond any offset a table can hold.
 * - `blog_post_not_found`: no post of this shop by that slug or id that is published now
 *   (drafts, archived and scheduled posts are refused alike; decision 003).
 * - `invalid_comment`: a comment blank after trimming or carrying a NUL (field `content`).
 * - `parent_comment_not_found`: a reply to what is not an approved comment of this shop.
 * - `parent_comment_other_post`: a reply to a comment of another post (field `parent`).
 * - `comment_too_deep`: a reply nested MAX_COMMENT_DEPTH levels deep (field `parent`).
 * - `invalid_review`: a review comment blank after trimming or carrying a NUL (field `comment`).
 * - `review_product_not_found`: a review of what is not an active product of this shop.
 * - `already_reviewed`: the customer's second review of one product.
 * - `review_not_a_buyer`: a review by a customer with no bought order line of the product
 *   (decision 085).
 * - `invalid_contact_message`: a contact message's blank or NUL-carrying fields (fields).
 * - `site_settings_not_found`: a shop without its site settings.
 * - `company_info_not_found`: a shop without its company information.
 * - `invalid_content_input`: what a member typed in the back office's content screens is
 *   refused (fields: blank, too long, control characters, a link that is not https, a slug
 *   another post has, a reorder that does not name every item once).
 * - `content_not_found`: no such post, question, value, location, address or profile in the
 *   member's shop (another shop's counts as none).
 * - `content_move_refused`: a change that cannot be made now (deleting a post that is not a
 *   draft).
 */
export type ContentErrorCode =
  | 'invalid_blog_page'
  | 'blog_post_not_found'
  | 'invalid_comment'
  | 'parent_comment_not_found'
  | 'parent_comment_other_post'
  | 'comment_too_deep'
  | 'invalid_review'
  | 'review_product_not_found'
  | 'already_reviewed'
  | 'review_not_a_buyer'
  | 'invalid_contact_message'
  | 'site_settings_not_found'
  | 'company_info_not_found'
  | 'invalid_content_input'
  | 'content_not_found'
  | 'content_move_refused';
