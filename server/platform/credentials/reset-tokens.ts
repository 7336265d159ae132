/**
 * What the shopper's and the staff's password-reset links share (docs/decisions/009 and 027):
 * the link's lifetime, how its token is stored, and the window of the throttles on asking for
 * one.
 */
import { createHash } from 'node:crypto';

/** Lifetime of a reset link: 1 hour. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/** The window of every reset throttle: one hour. */
export const RESET_THROTTLE_WINDOW_SECONDS = 60 * 60;

/** Hex SHA-256 of a token as stored in `password_reset_tokens.token_hash`. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
