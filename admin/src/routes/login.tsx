import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { isSignedIn } from '../api/tokens';
import { safeRedirect } from '../features/auth/schemas';
import { SignInPage } from '../features/auth/sign-in-page';
import { pageAsksForSetup } from '../features/setup/api';

/**
 * `/login?redirect=`: signing in; a signed-in member goes straight to where they were going. On
 * a deployment without a shop (the page says so) there is nobody to sign in: the set-up instead.
 */
export const Route = createFileRoute('/login')({
  validateSearch: z.object({
    redirect: z.unknown().transform(safeRedirect).optional().catch(undefined),
  }),
  beforeLoad: ({ search }) => {
    if (pageAsksForSetup()) throw redirect({ to: '/setup' });
    if (isSignedIn()) throw redirect({ href: search.redirect ?? '/' });
  },
  component: SignInPage,
});
