/**
 * The frame of the screens before sign-in: a centred card with the shop's name when the screen
 * knows it (`shopName`) over the back office's (`AuthFrame`), and the form such a screen holds
 * (`AuthForm`).
 */
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from '../../components/fields';
import { SubmitButton, type SubmitProps } from '../../components/form-buttons';
import { Notice } from '../../components/notice';

export function AuthFrame({
  title,
  shopName,
  children,
}: {
  title: string;
  /** The shop's name; undefined: this screen does not show it. */
  shopName?: string | null;
  children: ReactNode;
}) {
  return (
    <main id="main" className="auth-page">
      <title>{shopName ? `${title} · ${shopName} · Back office` : `${title} · Back office`}</title>
      <div className="auth-card">
        {shopName !== undefined ? <p className="auth-shop">{shopName ?? '\u00a0'}</p> : null}
        <p className="auth-brand">Back office</p>
        <h1 id="auth-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/**
 * A form in the card (components/fields.tsx `Form`, its ids starting `auth-`), named by the
 * card's title: the refusal's `message` above its fields (`children`), then the full-width
 * submit button (`busy`, `label`, `busyLabel` as SubmitButton's) and what comes after it
 * (`foot`).
 */
export function AuthForm<T extends FieldValues, C, O>({
  form,
  onSubmit,
  message,
  foot,
  children,
  ...button
}: Omit<SubmitProps, 'className'> & {
  form: UseFormReturn<T, C, O>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  message: string | null;
  foot?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form form={form} idPrefix="auth" onSubmit={onSubmit} aria-labelledby="auth-title">
      {message ? <Notice tone="error">{message}</Notice> : null}
      {children}
      <SubmitButton {...button} className="button button-primary button-block" />
      {foot}
    </Form>
  );
}
