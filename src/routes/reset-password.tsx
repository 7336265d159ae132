import { createFileRoute } from '@tanstack/react-router';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { deferredForm } from '../components/deferred-form';
import {
  dropQueryFromAddressBar,
  keepResetToken,
  linkTokenParam,
  readResetToken,
} from '../features/auth/reset-token';
import { AuthPageFrame } from '../app/auth-page-frame';
import { privatePageHead } from '../features/site/seo';

const ResetPasswordForm = deferredForm(() =>
  import('../features/auth/reset-password-form').then((m) => m.ResetPasswordForm),
);

/**
 * `/reset-password?token=`: the e-mailed link's page, where a new password is set. noindex; a
 * plain search parser like /login's (it is in every page's first load). The token leaves the
 * address bar before analytics can see it (../features/auth/reset-token.ts).
 */
export const Route = createFileRoute('/reset-password')({
  head: ({ matches }) => privatePageHead(matches, 'Choose a new password'),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: linkTokenParam(search.token),
  }),
  component: ResetPasswordPage,
});

/** Session storage is not watched: the token changes only with the URL, which re-renders. */
const noSubscription = () => () => {};

function ResetPasswordPage() {
  const { token: fromUrl } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The URL's token, else (after it left the URL, or on a reload) the one this tab keeps. The
  // server and the hydrating browser read the URL's alone, so the two render alike.
  const token = useSyncExternalStore(
    noSubscription,
    () => fromUrl ?? readResetToken(),
    () => fromUrl,
  );
  // A layout effect: it runs before the root route's effects, which configure analytics.
  useLayoutEffect(() => {
    if (!fromUrl) return;
    keepResetToken(fromUrl);
    dropQueryFromAddressBar('/reset-password');
    void navigate({ search: {}, replace: true });
  }, [fromUrl, navigate]);
  return (
    <AuthPageFrame page="reset">
      <ResetPasswordForm token={token} />
    </AuthPageFrame>
  );
}
