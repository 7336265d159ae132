import { createFileRoute, redirect } from '@tanstack/react-router';
import { hasStatus } from '../api/errors';
import { clearTokens, isSignedIn } from '../api/tokens';
import { ErrorNotice } from '../components/notice';
import { meQuery, type Staff } from '../features/auth/api';
import { safeRedirect } from '../features/auth/schemas';
import { setupDue } from '../features/setup/api';

/** Where a member who must set up two-step verification is kept. */
const SET_UP_PATH = '/account';

/**
 * Everything behind sign-in: no access token sends the browser to `/login?redirect=<here>` (or
 * to the first-run set-up, `/setup`, on a deployment without any shop); it
 * loads `GET /me/` and hands the member to every route below as `context.me`. A member of a
 * shop that requires two-step verification who has not set it up is sent to `/account` from
 * everywhere else until they have (the API refuses them too).
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }): Promise<{ me: Staff }> => {
    const toSignIn = () =>
      redirect({ to: '/login', search: { redirect: safeRedirect(location.href) } });
    if (!isSignedIn()) {
      if (await setupDue(context.queryClient)) throw redirect({ to: '/setup' });
      throw toSignIn();
    }
    let me: Staff;
    try {
      me = await context.queryClient.ensureQueryData(meQuery());
    } catch (error) {
      // Refused even after a refresh (or the refresh could not be made): the session cannot
      // be used, so it ends here too, or /login would send the browser straight back.
      if (hasStatus(error, 401)) clearTokens();
      if (!isSignedIn()) throw toSignIn();
      throw error;
    }
    if (me.totp_required && !me.totp_enabled && location.pathname !== SET_UP_PATH)
      throw redirect({ to: SET_UP_PATH });
    return { me };
  },
  errorComponent: ({ error, reset }) => (
    <main className="page page-narrow">
      <ErrorNotice error={error} onRetry={reset} />
    </main>
  ),
});
