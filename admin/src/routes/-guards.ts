/**
 * What several back-office routes share: the guard of the owners' pages, and the `?token=` of
 * an e-mailed link (an invitation, a password reset). A list's `?page=` is
 * components/page-search.ts's.
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
