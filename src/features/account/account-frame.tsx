/**
 * The frame of the /account pages: a heading, a way back to the account overview,
 * and the logged-in gate. The session is not known on the server or while hydrating: the page
 * then shows a neutral placeholder of its size (decision 008), never the logged-out view.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIsLoggedIn } from '../../api/use-session';
import { LoginPrompt } from '../auth/login-link';
import { Skeleton } from '../../components/skeleton';
import { BusyRegion } from '../../components/busy-region';
import './account.css';

/** Placeholder blocks of a page's shape while its data (or the session) is not known yet. */
export function AccountSkeleton({
  blocks = 2,
  label = 'Loading your account…',
}: {
  blocks?: number;
  label?: string;
}) {
  return (
    <BusyRegion className="account-stack" status={label}>
      {Array.from({ length: blocks }, (_, n) => (
        <Skeleton key={n} height="8rem" radius="var(--radius-lg)" />
      ))}
    </BusyRegion>
  );
}

/**
 * Renders `children()` only for a logged-in shopper; a login prompt that comes back to
 * `path` when logged out; the skeleton while unknown.
 */
export function AccountFrame({
  title,
  path,
  back = true,
  children,
}: {
  title: string;
  /** This page's path, for the login prompt's redirect. */
  path: string;
  /** Show the link back to /account. */
  back?: boolean;
  children: () => ReactNode;
}) {
  const loggedIn = useIsLoggedIn();
  return (
    <div className="page-container account-page">
      {back ? (
        <p className="account-back">
          <Link to="/account">← Your account</Link>
        </p>
      ) : null}
      <h1 id="account-page-title" className="account-page__title">
        {title}
      </h1>
      {loggedIn === undefined ? (
        <AccountSkeleton />
      ) : loggedIn ? (
        children()
      ) : (
        <LoginPrompt
          className="account-notice"
          text="Log in to see your account."
          redirect={path}
        />
      )}
    </div>
  );
}
