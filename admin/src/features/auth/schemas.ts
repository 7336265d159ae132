/**
 * The sign-in, two-step code and invitation forms' rules and messages (zod; react-hook-form
 * validates with them before anything is sent, the server checks again).
 */
import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;

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
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`),
    password_confirm: z.string(),
  })
  .refine((values) => values.password === values.password_confirm, {
    message: 'The two passwords are not the same.',
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
  if (/^\/(login|accept-invitation)(\/|\?|$)/.test(value)) return undefined;
  return value;
}
