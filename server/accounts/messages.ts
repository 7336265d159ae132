/** What the shopper's account answers say (spec sections 5 and 6). */
import { PASSWORD_MESSAGES } from '../platform/credentials/passwords.ts';

/**
 * Messages of the account's password operations, change and reset (spec section 6), with the
 * registration's where they say the same thing.
 */
export const ACCOUNT_MESSAGES = {
  currentPasswordWrong: 'Your current password is incorrect.',
  resetRequested:
    'If an account exists for this e-mail, we have sent a link to reset its password.',
  resetDone: 'Your password has been reset. You can now log in.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  ...PASSWORD_MESSAGES,
} as const;
