import * as z from 'zod/mini';

/**
 * A required free-text field of a form (zod/mini, like every schema of the SPA): trimmed, not
 * blank (`requiredMessage`), and at most `max` characters ('Please keep your {noun} to {max}
 * characters or fewer.', `noun` being 'comment', 'review', …).
 */
export function requiredText(requiredMessage: string, max: number, noun: string) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, requiredMessage),
      z.maxLength(max, `Please keep your ${noun} to ${max} characters or fewer.`),
    );
}
