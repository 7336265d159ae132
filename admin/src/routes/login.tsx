import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { isSignedIn } from '../api/tokens';
import { safeRedirect } from '../features/auth/schemas';
import { SignInPage } from '../features/auth/sign-in-page';

/** `/login?redirect=`: signing in; a signed-in member goes straight to where they were going. */
export const Route = createFileRoute('/login')({
  validateSearch: z.object({
    redirect: z.unknown().transform(safeRedirect).optional().catch(undefined),
  }),
  beforeLoad: ({ search }) => {
    if (isSignedIn()) throw redirect({ href: search.redirect ?? '/' });
  },
  component: SignInPage,
});
