/**
 * Forgot password, on /forgot-password: the account's e-mail. The answer is the same
 * whether or not the e-mail has an account, and so is what the page says afterwards.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRequestPasswordReset } from './api';
import { FormField } from './form-field';
import { forgotPasswordSchema, type ForgotPasswordValues } from './schemas';
import { placeServerErrors } from './server-errors';
import './auth.css';
import { AuthForm } from './auth-form-parts';
import { FormMessage } from './form-message';

export const FORGOT_PASSWORD_MESSAGES = {
  /** Shown when the server's answer has no detail of its own. */
  sent: 'If an account exists for this e-mail, we have sent a link to reset its password.',
  linkLifetime: 'The link works once, for 1 hour. Check your spam folder if nothing arrives.',
  fallback: 'Could not send the reset link. Please try again.',
} as const;

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
    } catch (error) {
      setFormError(
        placeServerErrors(error, form.setError, ['email'], FORGOT_PASSWORD_MESSAGES.fallback),
      );
    }
  });

  if (request.isSuccess) {
    return (
      <div className="auth-form">
        <FormMessage kind="success">{request.data || FORGOT_PASSWORD_MESSAGES.sent}</FormMessage>
        <p className="auth-form__switch">{FORGOT_PASSWORD_MESSAGES.linkLifetime}</p>
        <p className="auth-form__switch">
          <Link to="/login">Back to login</Link>
        </p>
      </div>
    );
  }

  return (
    <AuthForm
      onSubmit={onSubmit}
      lead={
        <p className="auth-form__switch">
          Enter the e-mail of your account and we will send you a link to choose a new password.
        </p>
      }
      error={formError}
      labelledBy="auth-page-title"
    >
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <input id="forgot-email" type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <button type="submit" className="auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </button>
    </AuthForm>
  );
}
