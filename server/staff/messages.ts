/**
 * What the staff rules say when they refuse something: one place, so the tests, the contract's
 * examples and the back office quote the same words.
 */
import { MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from '../accounts/passwords.ts';

export const STAFF_MESSAGES = {
  otpRequired: 'Enter the 6-digit code from your authenticator app.',
  passwordTooShort: PASSWORD_MESSAGES.passwordTooShort,
  passwordTooLong: 'Password must be at most 200 characters long.',
  passwordNul: 'Null characters are not allowed.',
  passwordWrong: 'Your password is incorrect.',
  emailInvalid: 'Enter a valid email address.',
  emailTaken: 'This e-mail already has an account at this shop.',
  invitationPending: 'This e-mail already has a pending invitation.',
  nameRequired: 'Enter a name.',
  nameInvalid: 'A name must be at most 150 characters, without control characters.',
  roleInvalid: 'Choose owner or staff.',
  staffNotFound: 'No such staff member.',
  invitationNotFound: 'No such invitation.',
  invitationInvalid: 'This invitation link is invalid, has expired or has already been used.',
  removeSelf: 'You cannot remove your own account.',
  lastOwner: 'The shop needs at least one owner: make someone else an owner first.',
  totpAlreadyOn: 'Two-factor sign-in is already on.',
  totpNotStarted: 'Start the two-factor set-up first.',
  totpNotOn: 'Two-factor sign-in is not on.',
  totpRequiredByShop: 'This shop requires two-factor sign-in: it cannot be turned off.',
} as const;

/** A new password's length bounds, in code points (the shoppers' floor, and a ceiling). */
export const STAFF_PASSWORD_MIN = MIN_PASSWORD_LENGTH;
export const STAFF_PASSWORD_MAX = 200;
