/**
 * What several back-office routes share: the guard of the owners' pages, and the `?token=` of
 * an e-mailed link (an invitation, a password reset).
 */
import { redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { isOwner, type Staff } from '../features/auth/api';

/** Owners only: anyone else is sent to Today (the API refuses them too). */
export function ownersOnly({ context }: { context: { me: Staff } }): void {
  if (!isOwner(context.me)) throw redirect({ to: '/' });
}

/** The `?token=` of an e-mailed link, trimmed and bounded. */
export const linkTokenSearch = z.object({
  token: z
    .union([z.string(), z.number().transform(String)])
    .transform((token) => token.trim().slice(0, 200))
    .catch(''),
});

/** A `?page=` that is a whole number from 1, absent on the first page. */
export const pageSearch = z.coerce
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .transform((page) => (page > 1 ? page : undefined))
  .optional()
  .catch(undefined);
