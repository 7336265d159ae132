/**
 * The registration form (spec sections 2, 4, 5 and 8): e-mail, password and its
 * confirmation. The server's field errors are shown next to their fields; on success the
 * spec's message shows and the shopper is taken to /login after 3 seconds.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { apiErrorMessage, apiFieldErrors } from '../../api/errors';
import { registerSchema, type RegisterValues } from './schemas';
import { useRegister } from './api';
import { FormField } from './form-field';
import './auth.css';
import { AuthForm, PasswordField } from './auth-form-parts';
import { FormMessage } from './form-message';

export const REGISTER_FALLBACK_MESSAGE = 'An unknown error occurred during registration.';
export const REGISTER_SUCCESS_MESSAGE = 'Registration successful! You can now log in.';
export const REGISTER_REDIRECT_DELAY_MS = 3000;

const FORM_FIELDS = ['email', 'password', 'password_confirm'] as const;

export function RegisterForm() {
  const navigate = useNavigate();
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', password: '', password_confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!registration.isSuccess) return;
    const timer = window.setTimeout(
      () => void navigate({ to: '/login' }),
      REGISTER_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [registration.isSuccess, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await registration.mutateAsync(values);
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      let placed = false;
      for (const field of FORM_FIELDS) {
        const messages = fieldErrors[field];
        if (messages?.length) {
          form.setError(field, { message: messages.join(' ') });
          placed = true;
        }
      }
      const others = Object.keys(fieldErrors).some(
        (field) => !(FORM_FIELDS as readonly string[]).includes(field),
      );
      if (!placed || others)
        setFormError(apiErrorMessage(error, REGISTER_FALLBACK_MESSAGE, { useErrorMessage: true }));
    }
  });

  if (registration.isSuccess) {
    return (
      <div className="auth-form">
        <FormMessage kind="success">{REGISTER_SUCCESS_MESSAGE}</FormMessage>
        <p className="auth-form__switch">
          <Link to="/login">Go to login now</Link>
        </p>
      </div>
    );
  }

  return (
    <AuthForm onSubmit={onSubmit} error={formError} labelledBy="auth-page-title">
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <input id="register-email" type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <PasswordField
        id="register-password"
        label="Password"
        error={errors.password?.message}
        autoComplete="new-password"
        field={form.register('password')}
      />
      <PasswordField
        id="register-password-confirm"
        label="Confirm password"
        error={errors.password_confirm?.message}
        autoComplete="new-password"
        field={form.register('password_confirm')}
      />
      <button type="submit" className="auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Registering…' : 'Register'}
      </button>
    </AuthForm>
  );
}
