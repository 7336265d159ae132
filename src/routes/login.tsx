import { createFileRoute } from '@tanstack/react-router';
import { AuthPageFrame } from '../app/auth-page-frame';
import { safeRedirectPath } from '../features/auth/safe-redirect';
import { deferredForm } from '../components/deferred-form';
import { privatePageHead } from '../features/site/seo';

const LoginForm = deferredForm(() =>
  import('../features/auth/login-form').then((m) => m.LoginForm),
);

/**
 * `/login?redirect=` accepts only a same-site path; anything else is dropped, never an error.
 * A plain parser (common/search-params.ts: validateSearch is in every page's first load).
 */
export const loginSearchSchema = {
  parse: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirectPath(search.redirect),
  }),
};

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
