/**
 * The login form (spec sections 2, 5 and 8): e-mail or username and password,
 * validated with zod; on success it goes to the safe `redirect` target or to /. Links to
 * /forgot-password ('Forgot your password?').
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useRouter } from '@tanstack/react-router';
import { apiErrorMessage } from '../../api/errors';
import { loginSchema, type LoginValues } from './schemas';
import { useLogin } from './api';
import { FormField } from './form-field';
import './auth.css';
import { AuthForm, PasswordField } from './auth-form-parts';

export const LOGIN_FALLBACK_MESSAGE = 'An unknown error occurred during login.';

export function LoginForm({ redirect }: { redirect?: string }) {
  const router = useRouter();
  const login = useLogin();
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { login_id: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      router.history.push(redirect ?? '/');
    } catch {
      // The message is rendered from login.error below.
    }
  });

  return (
    <AuthForm
      onSubmit={onSubmit}
      error={
        login.isError &&
        apiErrorMessage(login.error, LOGIN_FALLBACK_MESSAGE, { useErrorMessage: true })
      }
      labelledBy="auth-page-title"
    >
      <FormField id="login-id" label="Email or username" error={errors.login_id?.message}>
        <input id="login-id" type="text" autoComplete="username" {...form.register('login_id')} />
      </FormField>
      <PasswordField
        id="login-password"
        label="Password"
        error={errors.password?.message}
        autoComplete="current-password"
        field={form.register('password')}
      />
      <p className="auth-form__forgot">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <button type="submit" className="auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Login'}
      </button>
    </AuthForm>
  );
}
