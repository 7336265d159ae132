/**
 * The error codes of moderation and the contact inbox (the back office's reviews, comments and
 * contact messages); server/http/domain-errors.ts gives each its HTTP status.
 *
 * - `moderation_item_not_found`: no review, comment or contact message of this shop by that id
 *   (another shop's counts as none; a shop reply is not a comment to moderate).
 * - `moderation_move_refused`: a move the item cannot make in its state ("Only a waiting review
 *   can be rejected.").
 * - `invalid_moderation_input`: a reply's or a setting's field errors (fields).
 * - `invalid_moderation_page`: a page of a queue or of the inbox past the last.
 */
export type ModerationErrorCode =
  | 'moderation_item_not_found'
  | 'moderation_move_refused'
  | 'invalid_moderation_input'
  | 'invalid_moderation_page';
