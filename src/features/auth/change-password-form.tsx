/**
 * Change password, on /account/password: the current password, a new one of at
 * least 8 characters and its confirmation. The server ends every other session of the shopper
 * and hands this tab a new token pair, so the shopper stays logged in here.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useChangePassword } from './api';
import { changePasswordSchema, type ChangePasswordValues } from './schemas';
import { placeServerErrors } from './server-errors';
import './auth.css';
import { AuthForm, PasswordField } from './auth-form-parts';
import { FormMessage } from './form-message';

export const CHANGE_PASSWORD_MESSAGES = {
  success: 'Your password has been changed. Every other device has been logged out.',
  fallback: 'Could not change your password. Please try again.',
} as const;

const FIELDS = ['current_password', 'new_password', 'new_password_confirm'] as const;
const EMPTY: ChangePasswordValues = {
  current_password: '',
  new_password: '',
  new_password_confirm: '',
};

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setDone(false);
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      setDone(true);
    } catch (error) {
      setFormError(
        placeServerErrors(error, form.setError, FIELDS, CHANGE_PASSWORD_MESSAGES.fallback),
      );
    }
  });

  return (
    <AuthForm onSubmit={onSubmit} error={formError} labelledBy="account-page-title">
      {done && <FormMessage kind="success">{CHANGE_PASSWORD_MESSAGES.success}</FormMessage>}
      <PasswordField
        id="current-password"
        label="Current password"
        error={errors.current_password?.message}
        autoComplete="current-password"
        field={form.register('current_password')}
      />
      <PasswordField
        id="new-password"
        label="New password"
        error={errors.new_password?.message}
        autoComplete="new-password"
        field={form.register('new_password')}
      />
      <PasswordField
        id="new-password-confirm"
        label="Confirm new password"
        error={errors.new_password_confirm?.message}
        autoComplete="new-password"
        field={form.register('new_password_confirm')}
      />
      <button type="submit" className="auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Changing…' : 'Change password'}
      </button>
    </AuthForm>
  );
}
