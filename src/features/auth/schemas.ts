/**
 * Login and registration forms (spec sections 2 and 5), with the spec's messages.
 * zod/mini, like every schema of the SPA: mixing in classic zod would pull its larger core
 * into the chunk that every route shares.
 */
import * as z from 'zod/mini';

export const MIN_PASSWORD_LENGTH = 8;

export const loginSchema = z.object({
  login_id: z.string().check(z.trim(), z.minLength(1, 'Please enter your email or username.')),
  password: z.string().check(z.minLength(1, 'Please enter your password.')),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    email: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Please enter your email.'),
        z.email('Please enter a valid email address.'),
      ),
    password: z
      .string()
      .check(z.minLength(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters long.')),
    password_confirm: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.password_confirm, {
      message: 'Passwords do not match.',
      path: ['password_confirm'],
    }),
  );
export type RegisterValues = z.infer<typeof registerSchema>;

/** Messages of the password forms (the registration's where they say the same thing). */
export const PASSWORD_FORM_MESSAGES = {
  currentRequired: 'Please enter your current password.',
  emailRequired: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email address.',
  tooShort: 'Password must be at least 8 characters long.',
  mismatch: 'Passwords do not match.',
} as const;

const newPasswordFields = {
  new_password: z.string().check(z.minLength(MIN_PASSWORD_LENGTH, PASSWORD_FORM_MESSAGES.tooShort)),
  new_password_confirm: z.string(),
};

const confirmMatches = z.refine<{ new_password: string; new_password_confirm: string }>(
  (values) => values.new_password === values.new_password_confirm,
  { message: PASSWORD_FORM_MESSAGES.mismatch, path: ['new_password_confirm'] },
);

/** Change password: the current password, a new one of 8+ characters, confirmed. */
export const changePasswordSchema = z
  .object({
    current_password: z.string().check(z.minLength(1, PASSWORD_FORM_MESSAGES.currentRequired)),
    ...newPasswordFields,
  })
  .check(confirmMatches);
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/** Forgot password: the account's e-mail. */
export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, PASSWORD_FORM_MESSAGES.emailRequired),
      z.email(PASSWORD_FORM_MESSAGES.emailInvalid),
    ),
});
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** Reset password: a new password of 8+ characters, confirmed. */
export const resetPasswordSchema = z.object(newPasswordFields).check(confirmMatches);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** Erasing the account (/account, "Delete my account"): the current password confirms it. */
export const deleteAccountSchema = z.object({
  password: z.string().check(z.minLength(1, 'Please enter your password.')),
});
export type DeleteAccountValues = z.infer<typeof deleteAccountSchema>;
