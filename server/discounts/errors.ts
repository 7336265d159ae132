/**
 * The discount codes' error codes (issue 42; convention 17): server/http/domain-errors.ts gives
 * each its HTTP status.
 *
 * - `invalid_discount_code`: a shopper's code that is unknown or does not apply now (400 on
 *   `code`, the reason in the shop's words: ./messages.ts).
 * - `discount_code_unavailable`: checkout lost the code (its last use taken by another order,
 *   or this customer's one use): 409 with the current cart, no order placed.
 * - `invalid_discount_input`: the owner's code form (field errors, 400).
 * - `discount_not_found`: no code of this shop by that id (404).
 * - `discount_code_taken`: another code of the shop has the same letters (400 on `code`).
 */
export type DiscountErrorCode =
  | 'invalid_discount_code'
  | 'discount_code_unavailable'
  | 'invalid_discount_input'
  | 'discount_not_found'
  | 'discount_code_taken';
