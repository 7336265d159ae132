/**
 * The result of following an "E-mail me when it is back" link (/back-in-stock/confirm; issue
 * 42, server/catalog/back-in-stock.ts): the token is sent once, in the browser (a mail
 * program's link checker fetching the page confirms nothing), and the page says what the server
 * answered: confirmed (or back already and e-mailed), with a link to the piece, or that the link
 * is no longer valid. Without a token it says where the link comes from.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { apiErrorMessage } from '../../api/errors';
import { useConfirmBackInStock } from './back-in-stock-api';

export const BACK_IN_STOCK_CONFIRM_MESSAGES = {
  checking: 'Checking your link…',
  noLink:
    'Open the link we e-mailed you to confirm. You can ask again on the page of a sold-out piece.',
  failed: 'Could not confirm your request. Please try again.',
} as const;

/** `token`: the link's token, or undefined when the page was opened without one. */
export function BackInStockConfirm({ token }: { token: string | undefined }) {
  const confirm = useConfirmBackInStock();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    // Once per token: a re-render or Strict Mode would send it twice.
    if (!token || sent.current === token) return;
    sent.current = token;
    confirm.mutate(token);
  }, [token, confirm]);

  if (!token) return <p className="auth-page-note">{BACK_IN_STOCK_CONFIRM_MESSAGES.noLink}</p>;
  if (confirm.isSuccess) {
    const { product } = confirm.data;
    return (
      <>
        <p className="auth-form__success" role="status">
          {confirm.data.detail}
        </p>
        <p className="auth-page-note">
          <Link to="/products/$slug" params={{ slug: product.slug }}>
            See {product.name}
          </Link>
        </p>
      </>
    );
  }
  if (confirm.isError) {
    return (
      <p className="auth-form__error" role="alert">
        {apiErrorMessage(confirm.error, BACK_IN_STOCK_CONFIRM_MESSAGES.failed)}
      </p>
    );
  }
  return (
    <p className="auth-page-note" role="status">
      {BACK_IN_STOCK_CONFIRM_MESSAGES.checking}
    </p>
  );
}
