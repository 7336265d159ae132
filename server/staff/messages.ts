/**
 * What the staff rules say when they refuse something: one place, so the tests, the contract's
 * examples and the back office quote the same words.
 */
import { MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from '../accounts/passwords.ts';

export const STAFF_MESSAGES = {
  otpRequired: 'Enter the 6-digit code from your authenticator app.',
  otpWrongAtSetup:
    'That code is not right. Enter the current 6-digit code from your authenticator app.',
  passwordTooShort: PASSWORD_MESSAGES.passwordTooShort,
  passwordTooLong: 'Password must be at most 200 characters long.',
  passwordNul: 'Null characters are not allowed.',
  passwordWrong: 'Your password is not right.',
  emailInvalid: 'Enter a valid email address.',
  emailTaken: 'This person is already a member of staff.',
  nameRequired: 'This field may not be blank.',
  nameInvalid: 'Enter a name of at most 150 characters, without control characters.',
  roleInvalid: 'Not a valid choice. Expected one of: owner, staff.',
  notFound: 'Not found.',
  invitationInvalid: 'This invitation link is invalid or has expired.',
  removeSelf: 'You cannot remove yourself.',
  lastOwner: 'The shop needs at least one owner.',
  totpAlreadyOn: 'Two-step verification is already on.',
  totpNotStarted: 'Start setting up two-step verification first.',
  totpNotOn: 'Two-step verification is not on.',
  totpRequiredByShop: 'This shop requires two-step verification for every member of staff.',
  setUpTotpFirst:
    'This shop requires two-step verification: set it up under Account before anything else.',
} as const;

/** A new password's length bounds, in code points (the shoppers' floor, and a ceiling). */
export const STAFF_PASSWORD_MIN = MIN_PASSWORD_LENGTH;
export const STAFF_PASSWORD_MAX = 200;
