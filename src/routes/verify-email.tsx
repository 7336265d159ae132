import { createFileRoute } from '@tanstack/react-router';
import { AuthPageFrame } from '../app/auth-page-frame';
import { VerifyEmail } from '../features/auth/verify-email';
import { linkTokenParam } from '../features/auth/reset-token';
import { useLinkToken } from '../features/auth/link-token';
import { privatePageHead } from '../features/site/seo';

/**
 * `/verify-email?token=`: the page an e-mail verification link opens (hardening round four,
 * server/accounts/email-verification.ts). noindex. The token leaves the address bar before
 * analytics can see it (the root route configures analytics after this layout effect), and is
 * sent once from the browser: the server render only says that the link is being checked.
 */
export const Route = createFileRoute('/verify-email')({
  head: ({ matches }) => privatePageHead(matches, 'Verify your e-mail address'),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: linkTokenParam(search.token),
  }),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token: fromUrl } = Route.useSearch();
  const token = useLinkToken(fromUrl, '/verify-email', Route.useNavigate());
  return (
    <AuthPageFrame page="verify">
      <VerifyEmail token={token} />
    </AuthPageFrame>
  );
}
