/**
 * The sign-in, two-step code, invitation and forgotten-password forms' rules and messages (zod;
 * react-hook-form validates with them before anything is sent, the server checks again).
 */
import { z } from 'zod';
import {
  newPassword,
  newPasswordFields,
  NOT_THE_SAME,
  SAME_PASSWORDS,
  sameNewPasswords,
} from '../../components/password-rules';

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
