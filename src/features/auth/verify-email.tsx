/**
 * The result of opening an e-mail verification link (/verify-email): the token is sent once,
 * in the browser, and the page says what the server answered: verified, or why the link does
 * not work (invalid, used or expired), with a way on. Without a token (opened by hand, or
 * reloaded after use) it says where the link comes from.
 */
import { useEffect, useRef } from 'react';
import { apiErrorMessage } from '../../api/errors';
import { useConfirmEmailVerification } from './api';
import './auth.css';
import { FormMessage } from './form-message';

export const VERIFY_EMAIL_MESSAGES = {
  checking: 'Checking your link…',
  noLink:
    'Open the link we e-mailed you to verify your address. You can ask for a new one under “Your data” on your account page.',
  failed: 'Could not verify your e-mail address. Please try again.',
} as const;

/** `token`: the link's token, or undefined when the page was opened without one. */
export function VerifyEmail({ token }: { token: string | undefined }) {
  const confirm = useConfirmEmailVerification();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    // Once per token: a link works once, so a second send (a re-render, Strict Mode) would fail.
    if (!token || sent.current === token) return;
    sent.current = token;
    confirm.mutate(token);
  }, [token, confirm]);

  if (!token) return <p className="auth-page-note">{VERIFY_EMAIL_MESSAGES.noLink}</p>;
  if (confirm.isSuccess) {
    return <FormMessage kind="success">{confirm.data}</FormMessage>;
  }
  if (confirm.isError) {
    return (
      <FormMessage kind="error">
        {apiErrorMessage(confirm.error, VERIFY_EMAIL_MESSAGES.failed)}
      </FormMessage>
    );
  }
  return (
    <p className="auth-page-note" role="status">
      {VERIFY_EMAIL_MESSAGES.checking}
    </p>
  );
}
