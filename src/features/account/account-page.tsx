/**
 * /account: the shopper's e-mail and username, and links to the orders, the saved
 * addresses and the password change.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { apiErrorMessage } from '../../api/errors';
import { ErrorBox } from '../../components/error-box';
import { accountQuery } from './api';
import { AccountFrame, AccountSkeleton } from './account-frame';

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

export function AccountPage() {
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
        </div>
      )}
    </AccountFrame>
  );
}
