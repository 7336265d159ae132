/**
 * Reset password, on /reset-password?token=...: the link's token and a new password
 * of at least 8 characters, confirmed. On success every session of the shopper has ended and
 * the page leads to /login. A missing, used, replaced or expired link says so and offers a new one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useConfirmPasswordReset } from './api';
import { resetPasswordSchema, type ResetPasswordValues } from './schemas';
import { placeServerErrors } from './server-errors';
import './auth.css';
import { forgetResetToken } from './reset-token';
import { AuthForm, PasswordField } from './auth-form-parts';
import { FormMessage } from './form-message';

export const RESET_PASSWORD_MESSAGES = {
  invalidLink: 'This password reset link is invalid or has expired.',
  done: 'Your password has been reset. You can now log in.',
  fallback: 'Could not reset your password. Please try again.',
} as const;

const FIELDS = ['new_password', 'new_password_confirm'] as const;

function NewLinkPrompt({ message }: { message: string }) {
  return (
    <div className="auth-form">
      <FormMessage kind="error">{message}</FormMessage>
      <p className="auth-form__switch">
        <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    </div>
  );
}

export function ResetPasswordForm({ token }: { token?: string }) {
  const confirm = useConfirmPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { new_password: '', new_password_confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // Success and a spent link first: the token is forgotten then, and the page must keep
  // saying why.
  if (confirm.isSuccess) {
    return (
      <div className="auth-form">
        <FormMessage kind="success">{confirm.data || RESET_PASSWORD_MESSAGES.done}</FormMessage>
        <Link to="/login" className="auth-form__submit auth-form__link-button">
          Go to login
        </Link>
      </div>
    );
  }
  if (linkError) return <NewLinkPrompt message={linkError} />;
  if (!token) return <NewLinkPrompt message={RESET_PASSWORD_MESSAGES.invalidLink} />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await confirm.mutateAsync({ token, ...values });
      forgetResetToken();
    } catch (error) {
      const message = placeServerErrors(
        error,
        form.setError,
        FIELDS,
        RESET_PASSWORD_MESSAGES.fallback,
      );
      // The token's own error means the link is spent: nothing typed here can fix that.
      const tokenMessage = (error as { body?: { token?: unknown } }).body?.token;
      if (Array.isArray(tokenMessage) && typeof tokenMessage[0] === 'string') {
        forgetResetToken();
        setLinkError(tokenMessage[0]);
      } else setFormError(message);
    }
  });

  return (
    <AuthForm onSubmit={onSubmit} error={formError} labelledBy="auth-page-title">
      <PasswordField
        id="reset-password"
        label="New password"
        error={errors.new_password?.message}
        autoComplete="new-password"
        field={form.register('new_password')}
      />
      <PasswordField
        id="reset-password-confirm"
        label="Confirm new password"
        error={errors.new_password_confirm?.message}
        autoComplete="new-password"
        field={form.register('new_password_confirm')}
      />
      <button type="submit" className="auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </button>
    </AuthForm>
  );
}
