import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../features/auth/reset-password-form';
import { AuthPageFrame } from '../features/site/auth-page-frame';
import { privatePageHead } from '../features/site/seo';

/** A reset token as the e-mailed link carries it (base64url, bounded); anything else is dropped. */
function tokenParam(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
}

/**
 * `/reset-password?token=` (issue 9): the e-mailed link's page, where a new password is set.
 * noindex; a plain search parser like /login's (it is in every page's first load).
 */
export const Route = createFileRoute('/reset-password')({
  head: ({ matches }) => privatePageHead(matches, 'Choose a new password'),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: tokenParam(search.token),
  }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return (
    <AuthPageFrame page="reset">
      <ResetPasswordForm token={token} />
    </AuthPageFrame>
  );
}
