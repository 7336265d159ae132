/**
 * "E-mail me when it is back" on a sold-out piece's page (issue 42; server/catalog/
 * back-in-stock.ts): an e-mail field, prefilled with a signed-in shopper's address, and a
 * button. The shop e-mails a link to confirm (double opt-in), then one message when the piece is
 * back, and forgets the address. Loaded only for a sold-out piece (./purchase-panel.tsx), so
 * other product pages carry none of it.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { apiErrorMessage, apiFieldErrors } from '../../api/errors';
import { useIsLoggedIn } from '../../api/use-session';
import { accountQuery } from '../auth/api';
import { PostForm } from '../../components/post-form';
import { useRequestBackInStock } from './back-in-stock-api';
import './catalog-back-in-stock.css';

export const BACK_IN_STOCK_FORM_MESSAGES = {
  title: 'E-mail me when it is back',
  intro: 'We will e-mail you once when this piece is back in stock, then forget your address.',
  required: 'Enter your e-mail address.',
  invalid: 'Enter a valid email address.',
  failed: 'Could not send your request. Please try again.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `productId`: the sold-out piece; `variantId`: its sold-out variant, for a piece with variants. */
export function BackInStockForm({
  productId,
  variantId,
}: {
  productId: number;
  variantId?: number;
}) {
  const id = useId();
  const loggedIn = useIsLoggedIn();
  const account = useQuery({ ...accountQuery(), enabled: loggedIn === true });
  // What the shopper typed; until then, the signed-in shopper's address.
  const [typed, setTyped] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const ask = useRequestBackInStock();
  const email = typed ?? account.data?.email ?? '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const address = email.trim();
    const problem = !address
      ? BACK_IN_STOCK_FORM_MESSAGES.required
      : EMAIL.test(address)
        ? null
        : BACK_IN_STOCK_FORM_MESSAGES.invalid;
    setFieldError(problem);
    if (problem) return;
    try {
      setResult({
        kind: 'success',
        text: await ask.mutateAsync({
          product: productId,
          ...(variantId === undefined ? {} : { variant: variantId }),
          email: address,
        }),
      });
    } catch (error) {
      const onField = apiFieldErrors(error).email?.[0];
      if (onField) setFieldError(onField);
      else {
        setResult({
          kind: 'error',
          text: apiErrorMessage(error, BACK_IN_STOCK_FORM_MESSAGES.failed),
        });
      }
    }
  };

  const titleId = `${id}-title`;
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const introId = `${id}-intro`;
  return (
    <section className="catalog-back-in-stock" aria-labelledby={titleId}>
      <h2 id={titleId} className="catalog-back-in-stock__title">
        {BACK_IN_STOCK_FORM_MESSAGES.title}
      </h2>
      <p id={introId} className="catalog-back-in-stock__intro">
        {BACK_IN_STOCK_FORM_MESSAGES.intro}
      </p>
      <PostForm
        className="catalog-back-in-stock__form"
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => void onSubmit(event)}
      >
        <div className="catalog-back-in-stock__field">
          <label htmlFor={inputId}>E-mail</label>
          <input
            id={inputId}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${errorId} ${introId}` : introId}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <button type="submit" className="button-primary" disabled={ask.isPending}>
          {ask.isPending ? 'Sending…' : BACK_IN_STOCK_FORM_MESSAGES.title}
        </button>
        {fieldError ? (
          <p id={errorId} className="catalog-back-in-stock__error" role="alert">
            {fieldError}
          </p>
        ) : null}
      </PostForm>
      <div aria-live="polite">
        {result ? (
          <p
            className={`catalog-message catalog-message--${result.kind}`}
            role={result.kind === 'error' ? 'alert' : 'status'}
          >
            {result.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}
