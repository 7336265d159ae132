/**
 * "Your data" on /account: the shopper's rights over what the shop keeps about them (UK GDPR /
 * GDPR art. 15 access, 20 portability, 17 erasure; art. 12(3): other requests answered within
 * one month). A download of everything as a JSON file, and the erasure of the account, with
 * what goes, what stays and why said in plain words before the password is asked for. The
 * erasure form's code (react-hook-form, zod) loads when the shopper reaches for it.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { apiErrorMessage } from '../../api/errors';
import { deferredForm } from '../../components/deferred-form';
import { siteSettingsQuery } from '../site/api';
import { accountQuery } from '../auth/api';
import { downloadAccountData, useRequestEmailVerification } from './api';
import { FormMessage } from '../auth/form-message';

export const DATA_RIGHTS_MESSAGES = {
  downloadFailed: 'Could not download your data. Please try again.',
  deleted: 'Your account has been deleted.',
  verifyFailed: 'Could not send the link. Please try again.',
} as const;

/** How long the shop keeps order records for its accounts (UK Companies Act 2006 s.388, HMRC). */
export const ORDER_RECORDS_YEARS = 6;

const DeleteAccountForm = deferredForm(() =>
  import('../auth/delete-account-form').then((m) => m.DeleteAccountForm),
);

/**
 * One of the section's secondary buttons, described by the paragraph it acts on (the id
 * `describedBy`) and disabled while `busy`; `children` is its label.
 */
function DataButton({
  busy,
  describedBy,
  onClick,
  children,
}: {
  busy: boolean;
  describedBy: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button-secondary"
      onClick={onClick}
      disabled={busy}
      aria-describedby={describedBy}
    >
      {children}
    </button>
  );
}

/** What the download holds, and the button that saves it as a JSON file. */
function DataDownload() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadAccountData();
    } catch (failure) {
      setError(apiErrorMessage(failure, DATA_RIGHTS_MESSAGES.downloadFailed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <p id="data-download-text">
        Download a copy of everything we keep about you — your account, saved addresses, orders,
        payments, reviews, comments, messages and cart — as one JSON file.
      </p>
      <div className="data-rights__action">
        <DataButton busy={busy} describedBy="data-download-text" onClick={() => void download()}>
          {busy ? 'Preparing your file…' : 'Download my data'}
        </DataButton>
        {error && <FormMessage kind="error">{error}</FormMessage>}
      </div>
    </>
  );
}

/**
 * While the account's address is not verified: why it matters (the shop's messages matched by
 * address join the download only once it is) and a button that mails the link. Nothing once
 * verified.
 */
function EmailVerification() {
  const me = useQuery(accountQuery());
  const send = useRequestEmailVerification();
  if (!me.data || me.data.email_verified) return null;
  return (
    <div className="data-rights__verify">
      <p id="data-verify-text">
        Messages you sent us through the contact form while signed out are part of your data once
        you verify your e-mail address, <strong>{me.data.email}</strong>: until then, we cannot tell
        that they are yours.
      </p>
      {send.isSuccess ? (
        <p className="data-rights__sent" role="status">
          {send.data}
        </p>
      ) : (
        <DataButton
          busy={send.isPending}
          describedBy="data-verify-text"
          onClick={() => send.mutate()}
        >
          {send.isPending ? 'Sending the link…' : 'Verify my e-mail address'}
        </DataButton>
      )}
      {send.isError && (
        <FormMessage kind="error">
          {apiErrorMessage(send.error, DATA_RIGHTS_MESSAGES.verifyFailed)}
        </FormMessage>
      )}
    </div>
  );
}

/** The section; `onDeleted` runs once the account is erased and this browser logged out. */
export function DataRights({ onDeleted }: { onDeleted: () => void }) {
  const settings = useQuery(siteSettingsQuery());
  const email = settings.data?.contact_email;
  return (
    <section className="account-card data-rights" aria-labelledby="data-rights-title">
      <h2 id="data-rights-title" className="data-rights__title">
        Your data
      </h2>
      <DataDownload />
      <EmailVerification />

      <h3 className="data-rights__subtitle">Delete my account</h3>
      <ul className="data-rights__list">
        <li>
          <strong>Erased at once:</strong> your e-mail address, username and password, your saved
          addresses, your cart, the messages you sent us with our answers, and your sign-in on every
          device. You can register again with the same e-mail address.
        </li>
        <li>
          <strong>Kept without your name:</strong> your reviews and blog comments stay on the site,
          shown as “Former customer”.
        </li>
        <li>
          <strong>Kept for {ORDER_RECORDS_YEARS} years:</strong> your orders, with the name and
          delivery address on them, because the shop must keep its accounting records (UK Companies
          Act 2006 and HMRC rules). They are used for nothing else.
        </li>
      </ul>
      <p className="data-rights__note">
        For anything else about your data — a question, a correction, or a message you sent us from
        another address — write to {email ? <a href={`mailto:${email}`}>{email}</a> : 'the shop'}.
        We answer within one month.
      </p>
      <DeleteAccountForm onDeleted={onDeleted} />
    </section>
  );
}
