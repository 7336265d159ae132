/**
 * A new password and the same again, as every back-office form that sets one checks it before
 * sending (an invitation, a reset, the account's change): 8 to 200 characters, both the same.
 * The bounds are the server's (common/password-limits.ts); it checks again, and its words are
 * shown when it refuses.
 */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MAX_LENGTH } from '../../../common/password-limits';

/** A password a member chooses: 8 to 200 characters, the server's rule. */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(STAFF_PASSWORD_MAX_LENGTH, `Use at most ${STAFF_PASSWORD_MAX_LENGTH} characters.`);

export const newPasswordFields = {
  new_password: newPassword,
  new_password_confirm: z.string().min(1, 'Type the new password again.'),
};

/** True unless the new password was typed twice differently (an empty second is its own error). */
export function sameNewPasswords(values: {
  new_password: string;
  new_password_confirm: string;
}): boolean {
  return values.new_password_confirm === '' || values.new_password === values.new_password_confirm;
}

export const NOT_THE_SAME = 'The two passwords are not the same.';

/**
 * Where and how {@link sameNewPasswords} refuses. (zod moves `message` to `error` in the object
 * it is given, so read the words from `NOT_THE_SAME`, never from here.)
 */
export const SAME_PASSWORDS = {
  message: NOT_THE_SAME,
  path: ['new_password_confirm'],
};
