/**
 * /account: the shopper's e-mail and username, links to the orders, the saved addresses and
 * the password change, and "Your data" (download, delete the account: ./data-rights.tsx).
 * Once the account is deleted, the page says so in place of the logged-out prompt.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { apiErrorMessage } from '../../api/errors';
import { ErrorBox } from '../../components/error-box';
import { accountQuery } from '../auth/api';
import { AccountFrame, AccountSkeleton } from './account-frame';
import { DATA_RIGHTS_MESSAGES, DataRights, ORDER_RECORDS_YEARS } from './data-rights';

export const ACCOUNT_MESSAGES = {
  loadFailed: 'Failed to load your account.',
} as const;

const SECTIONS = [
  {
    to: '/account/orders',
    title: 'Your orders',
    text: 'Track, pay for and look back at your orders.',
  },
  {
    to: '/account/addresses',
    title: 'Saved addresses',
    text: 'Add, edit and choose your default delivery address.',
  },
  {
    to: '/account/password',
    title: 'Change password',
    text: 'Pick a new password; other devices get logged out.',
  },
] as const;

function AccountDetails() {
  const query = useQuery(accountQuery());
  if (query.isPending) return <AccountSkeleton blocks={1} />;
  if (query.isError) {
    return (
      <ErrorBox
        message={apiErrorMessage(query.error, ACCOUNT_MESSAGES.loadFailed)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <dl className="account-card account-details">
      <div>
        <dt>Email</dt>
        <dd>{query.data.email}</dd>
      </div>
      <div>
        <dt>Username</dt>
        <dd>{query.data.username}</dd>
      </div>
    </dl>
  );
}

/** What the page shows once the shopper's account is erased (this browser is logged out). */
function AccountDeleted() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that was used is gone: the reader and the view start again at the page's top.
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, []);
  return (
    <div className="page-container account-page">
      <h1 ref={heading} tabIndex={-1} id="account-page-title" className="account-page__title">
        Account deleted
      </h1>
      <div className="account-notice" role="status">
        <p>{DATA_RIGHTS_MESSAGES.deleted}</p>
        <p>
          Your orders are kept for {ORDER_RECORDS_YEARS} years for the shop’s accounts, and nothing
          else.
        </p>
        <Link to="/" className="button-primary">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}

export function AccountPage() {
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <AccountDeleted />;
  return (
    <AccountFrame title="Your account" path="/account" back={false}>
      {() => (
        <div className="account-stack">
          <AccountDetails />
          <ul className="account-links">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link to={section.to} className="account-card account-link">
                  <span className="account-link__title">{section.title}</span>
                  <span className="account-link__text">{section.text}</span>
                </Link>
              </li>
            ))}
          </ul>
          <DataRights onDeleted={() => setDeleted(true)} />
        </div>
      )}
    </AccountFrame>
  );
}
