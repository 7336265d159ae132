/**
 * Login and registration forms (spec sections 2 and 5; issue 3), with the spec's messages.
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
    email: z.string().check(
      z.trim(),
      z.minLength(1, 'Please enter your email.'),
      z.email('Please enter a valid email address.'),
    ),
    password: z.string().check(z.minLength(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters long.')),
    password_confirm: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.password_confirm, {
      message: 'Passwords do not match.',
      path: ['password_confirm'],
    }),
  );
export type RegisterValues = z.infer<typeof registerSchema>;
