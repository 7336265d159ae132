/**
 * The account's password panel: the current password and the new one twice; the server's words
 * show beside the field they are about. Changing it signs every other device out; this one stays
 * signed in with the new tokens the server answers.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { useChangePassword } from './api';
import { changePasswordSchema, type ChangePasswordValues } from './schemas';

const NO_PASSWORDS: ChangePasswordValues = {
  current_password: '',
  new_password: '',
  new_password_confirm: '',
};

/** Change my password: the current one, the new one twice. */
export function PasswordPanel() {
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: NO_PASSWORDS,
  });
  const { errors } = form.formState;
  const { submit, message } = useServerSubmit(
    form,
    ['current_password', 'new_password', 'new_password_confirm'],
    async (values) => {
      setChanged(false);
      await change.mutateAsync(values);
      form.reset(NO_PASSWORDS);
      setChanged(true);
    },
  );
  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form className="form" onSubmit={submit} noValidate aria-labelledby="password-title">
        {changed ? (
          <Notice tone="success">
            Your password is changed. Every other device you were signed in on is signed out.
          </Notice>
        ) : null}
        {message ? <Notice tone="error">{message}</Notice> : null}
        <FormField
          id="current-password"
          label="Current password"
          error={errors.current_password?.message}
        >
          <input
            id="current-password"
            type="password"
            autoComplete="current-password"
            {...form.register('current_password')}
          />
        </FormField>
        <FormField
          id="new-password"
          label="New password"
          hint="At least 8 characters. Every other device you are signed in on is signed out."
          error={errors.new_password?.message}
        >
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            {...form.register('new_password')}
          />
        </FormField>
        <FormField
          id="new-password-confirm"
          label="New password again"
          error={errors.new_password_confirm?.message}
        >
          <input
            id="new-password-confirm"
            type="password"
            autoComplete="new-password"
            {...form.register('new_password_confirm')}
          />
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
