/**
 * The staff domain's error codes; server/http/domain-errors.ts gives each its HTTP status.
 */
export type StaffErrorCode =
  /** The actor's role does not allow the action (403). */
  | 'forbidden'
  /** Wrong e-mail or password, a removed account, a bad or expired token (401). */
  | 'staff_auth_failed'
  /** Two-factor sign-in is on and the code is missing or wrong (400, field `otp`). */
  | 'otp_required'
  /** Too many sign-in attempts (429). */
  | 'staff_throttled'
  /** An e-mail already has a live account at this shop (400, field `email`). */
  | 'staff_email_taken'
  /** A password the policy refuses (400, field `password`). */
  | 'weak_password'
  /**
   * A form field the rules refuse (400, field or fields): an e-mail that is not one, a blank
   * name, an unknown role, a wrong current password where one confirms a change.
   */
  | 'staff_invalid'
  /** No such staff member, session or invitation at this shop (404). */
  | 'staff_not_found'
  /** A change that would leave the shop without an owner, or a rule the shop's policy sets (409). */
  | 'staff_conflict';
