/**
 * The accounts' error codes (architecture guide, convention 17): each names the rule that
 * refused the request; server/http/domain-errors.ts gives each its HTTP status.
 *
 * - `invalid_address`: an address-book field blank after trimming or carrying a NUL (fields).
 * - `address_book_full`: the customer already keeps MAX_ADDRESSES addresses.
 * - `default_address_required`: `is_default: false` sent for the default address (field
 *   `is_default`): another address must take the default over instead.
 * - `empty_address_change`: an edit naming no address field and no `is_default`.
 * - `address_not_found`: no address of this customer in this shop by that id.
 * - `invalid_registration`: the registration form's mistakes, every field at once (fields).
 * - `email_taken`: a concurrent registration took the e-mail first (field `email`).
 * - `username_taken`: a concurrent registration took the username first (field `username`).
 * - `invalid_credentials`: a wrong password, an unknown or an inactive account at login.
 * - `invalid_auth_token`: a refresh token that does not verify, is unknown, spent, revoked or
 *   expired (./tokens.ts InvalidTokenError).
 * - `invalid_new_password`: a new password too short, carrying a NUL or not confirmed (fields).
 * - `current_password_wrong`: a password change whose current password does not match (fields,
 *   with the new password's mistakes beside it).
 * - `invalid_reset_token`: a password-reset token that is unknown, used, expired or of
 *   another shop (field `token`; ./password-reset.ts InvalidResetTokenError).
 * - `erasure_password_wrong`: an account erasure whose password does not match, or holds a
 *   NUL (field `password`; ./erasure.ts).
 * - `email_already_verified`: a verification link asked for an address already verified
 *   (./email-verification.ts).
 * - `invalid_verification_token`: an e-mail verification token that is unknown, used, expired,
 *   of another shop, or sent to an address the account no longer has (field `token`).
 *
 * The back office's customers (./customers.ts):
 * - `customer_not_found`: no live customer of this shop by that id (an erased one is none).
 * - `invalid_customer_search`: a search holding a NUL (field `search`).
 */
export type AccountErrorCode =
  | 'customer_not_found'
  | 'invalid_customer_search'
  | 'invalid_address'
  | 'address_book_full'
  | 'default_address_required'
  | 'empty_address_change'
  | 'address_not_found'
  | 'invalid_registration'
  | 'email_taken'
  | 'username_taken'
  | 'invalid_credentials'
  | 'invalid_auth_token'
  | 'invalid_new_password'
  | 'current_password_wrong'
  | 'invalid_reset_token'
  | 'erasure_password_wrong'
  | 'email_already_verified'
  | 'invalid_verification_token';
