/**
 * What every sign-in, registration and password form of the storefront is built from (spec
 * sections 4 and 8): the form itself, which posts and shows the server's message above its
 * fields, and a password field tied to its label and error for screen readers.
 */
import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PostForm } from '../../components/post-form';
import { FormField } from './form-field';
import { FormMessage } from './form-message';

/**
 * An `auth-form` that posts, checks nothing natively (react-hook-form and zod do), and shows
 * `error` (the server's or a fallback message) above the fields, announced as an alert, after
 * `lead` (a line saying what the form is for) when there is one.
 * @param labelledBy the id of the heading that names the form, or `label` for a form without one.
 */
export function AuthForm({
  onSubmit,
  lead,
  error,
  labelledBy,
  label,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  lead?: ReactNode;
  error?: ReactNode;
  labelledBy?: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <PostForm
      className="auth-form"
      onSubmit={onSubmit}
      noValidate
      {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label })}
    >
      {lead}
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {children}
    </PostForm>
  );
}

/**
 * A labelled password input: `current-password` for one the shopper types to prove who they
 * are, `new-password` for one they choose (so a password manager offers to fill or to save).
 */
export function PasswordField({
  id,
  label,
  error,
  autoComplete,
  field,
}: {
  id: string;
  label: string;
  error: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  field: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <input id={id} type="password" autoComplete={autoComplete} {...field} />
    </FormField>
  );
}
