/**
 * The sign-in, two-step code, invitation and forgotten-password forms' rules and messages (zod;
 * react-hook-form validates with them before anything is sent, the server checks again).
 */
import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
/** The server's ceiling of a staff password (server/staff/messages.ts). */
export const MAX_PASSWORD_LENGTH = 200;

/**
 * A new password and the same again: 8 to 200 characters, both the same (the server's rule;
 * it checks again, and its words are shown when it refuses).
 */
/** A password a member chooses: 8 to 200 characters, the server's rule. */
const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`);

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

const NOT_THE_SAME = 'The two passwords are not the same.';

/**
 * Where and how {@link sameNewPasswords} refuses. (zod moves `message` to `error` in the object
 * it is given, so read the words from `NOT_THE_SAME`, never from here.)
 */
export const SAME_PASSWORDS = {
  message: NOT_THE_SAME,
  path: ['new_password_confirm'],
};

/** "Forgot your password?": the e-mail a link is sent to. */
export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your e-mail address.')
    .max(254, 'That e-mail address is too long.')
    .email('Enter a valid e-mail address.'),
});
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** The page the e-mailed link opens: the new password twice. */
export const resetPasswordSchema = z
  .object(newPasswordFields)
  .refine(sameNewPasswords, SAME_PASSWORDS);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your e-mail address.')
    .email('Enter a valid e-mail address.'),
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInValues = z.infer<typeof signInSchema>;

/**
 * The second step: the 6-digit code from the authenticator app (spaces allowed, as apps show
 * "123 456"), or one of the recovery codes, sent as typed.
 */
export const otpSchema = z.object({
  otp: z
    .string()
    .trim()
    .min(1, 'Enter the 6-digit code from your authenticator app.')
    .max(40, 'That code is too long.')
    .transform((code) => (/^[\d\s]+$/.test(code) ? code.replace(/\s+/g, '') : code))
    .refine((code) => !/^\d+$/.test(code) || code.length === 6, 'The code has 6 digits.'),
});
export type OtpInput = z.input<typeof otpSchema>;
export type OtpValues = z.output<typeof otpSchema>;

export const acceptInvitationSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter your name.')
      .max(150, 'Keep the name under 150 characters.'),
    password: newPassword,
    password_confirm: z.string(),
  })
  .refine((values) => values.password === values.password_confirm, {
    message: NOT_THE_SAME,
    path: ['password_confirm'],
  });
export type AcceptInvitationValues = z.infer<typeof acceptInvitationSchema>;

/**
 * Where to go after signing in: a path inside the back office from the `redirect` search
 * param, never another site ("//evil.example", "https://…") nor the sign-in page itself.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (/^\/(login|accept-invitation|forgot-password|reset-password)(\/|\?|$)/.test(value)) {
    return undefined;
  }
  return value;
}
