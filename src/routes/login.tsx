import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { AuthPageFrame } from '../features/site/auth-page-frame';
import { safeRedirectPath } from '../auth/safe-redirect';
import { LoginForm } from '../features/auth/login-form';
import { privatePageHead } from '../features/site/seo';

/**
 * `/login?redirect=` accepts only a same-site path; anything else is dropped, never an error.
 * zod/mini: route files' search schemas load with the first page, and it is ~18 KB (gzip)
 * lighter than the classic zod API.
 */
const loginSearchSchema = z.object({
  redirect: z.pipe(
    z.catch(z.optional(z.string()), undefined),
    z.transform((value: string | undefined) => safeRedirectPath(value)),
  ),
});

export const Route = createFileRoute('/login')({
  head: ({ matches }) => privatePageHead(matches, 'Login'),
  validateSearch: loginSearchSchema,
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
  return (
    <AuthPageFrame page="login">
      <LoginForm redirect={redirect} />
    </AuthPageFrame>
  );
}
