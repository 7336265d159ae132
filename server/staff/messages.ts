/**
 * What the staff rules say when they refuse something: one place, so the tests, the contract's
 * examples and the back office quote the same words.
 */
import { MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from '../platform/credentials/passwords.ts';
import { STAFF_PASSWORD_MAX_LENGTH } from '../../common/password-limits.ts';
import { BLANK_MESSAGE } from '../platform/field-messages.ts';

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
  nameRequired: BLANK_MESSAGE,
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
  liftNeedsTotp:
    'Set up two-step verification on your own account (Account) before you change this rule.',
  liftNeedsTwoStepSession:
    'Sign out and sign in again with a code from your authenticator app before you change this rule.',
  resetOwnTotp: 'To change your own two-step verification, use Account.',
  memberTotpNotOn: 'This member has not set up two-step verification.',
  currentPasswordWrong: 'Your current password is incorrect.',
  passwordMismatch: PASSWORD_MESSAGES.passwordMismatch,
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  resetRequested:
    'If a member of staff has this e-mail, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. You can now sign in.',
} as const;

/** A new password's length bounds, in code points (the shoppers' floor, and a ceiling). */
export const STAFF_PASSWORD_MIN = MIN_PASSWORD_LENGTH;
export const STAFF_PASSWORD_MAX = STAFF_PASSWORD_MAX_LENGTH;
