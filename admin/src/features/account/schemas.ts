/**
 * The account screen's forms: the code confirming two-step verification, the password turning
 * it off, and the password change (the current one, the new one twice).
 */
import { z } from 'zod';
import {
  newPasswordFields,
  SAME_PASSWORDS,
  sameNewPasswords,
} from '../../components/password-rules';

export const confirmCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, ''))
    .refine((code) => code !== '', 'Enter the 6-digit code from your authenticator app.')
    .refine((code) => code === '' || /^\d{6}$/.test(code), 'The code has 6 digits.'),
});
export type ConfirmCodeInput = z.input<typeof confirmCodeSchema>;
export type ConfirmCodeValues = z.output<typeof confirmCodeSchema>;

export const disableSchema = z.object({
  password: z.string().min(1, 'Enter your password.'),
});
export type DisableValues = z.infer<typeof disableSchema>;

export const changePasswordSchema = z
  .object({
    current_password: z.string().min(1, 'Enter your current password.'),
    ...newPasswordFields,
  })
  .refine(sameNewPasswords, SAME_PASSWORDS);
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/** A base32 secret in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
