/**
 * Sign in: e-mail and password; when the member uses two-step verification the server answers
 * 400 on `otp`, and the screen asks for the 6-digit code (or a recovery code), sending the
 * three together. A wrong code shows beside the code field; "Use a different account" goes
 * back to the first step. After signing in: the page asked for (`?redirect=`), else Today.
 * "Forgot your password?" leads to the request for a reset link (./forgot-password-page.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldErrors } from '../../api/errors';
import { FormField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { placeServerErrors } from '../../components/server-errors';
import { useSignIn } from './api';
import { AuthFrame } from './auth-frame';
import {
  otpSchema,
  signInSchema,
  type OtpInput,
  type OtpValues,
  type SignInValues,
} from './schemas';

export function SignInPage() {
  const { redirect } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [credentials, setCredentials] = useState<SignInValues | null>(null);
  const [codePrompt, setCodePrompt] = useState<string>('');

  const done = () => navigate({ href: redirect ?? '/', replace: true });

  return (
    <AuthFrame title={credentials ? 'Enter your code' : 'Sign in'}>
      {credentials ? (
        <CodeStep
          prompt={codePrompt}
          pending={signIn.isPending}
          onSubmit={async (otp) => {
            await signIn.mutateAsync({ ...credentials, otp });
            await done();
          }}
          onBack={() => {
            signIn.reset();
            setCredentials(null);
          }}
        />
      ) : (
        <PasswordStep
          pending={signIn.isPending}
          onSubmit={async (values) => {
            try {
              await signIn.mutateAsync(values);
            } catch (error) {
              const otp = fieldErrors(error).otp;
              if (!otp) throw error;
              // The password was right: the member uses two-step verification.
              setCodePrompt(otp.join(' '));
              setCredentials(values);
              return;
            }
            await done();
          }}
        />
      )}
    </AuthFrame>
  );
}

function PasswordStep({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (values: SignInValues) => Promise<void>;
}) {
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const [message, setMessage] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setMessage(placeServerErrors(error, form.setError, ['email', 'password']));
    }
  });
  const busy = pending || isSubmitting;
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="auth-title">
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id="email" label="E-mail" error={errors.email?.message}>
        <input
          id="email"
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </FormField>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="auth-foot">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
    </form>
  );
}

function CodeStep({
  prompt,
  pending,
  onSubmit,
  onBack,
}: {
  prompt: string;
  pending: boolean;
  onSubmit: (otp: string) => Promise<void>;
  onBack: () => void;
}) {
  const form = useForm<OtpInput, unknown, OtpValues>({
    resolver: zodResolver(otpSchema),
    defaultValues: { otp: '' },
  });
  const [message, setMessage] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ otp }) => {
    setMessage(null);
    try {
      await onSubmit(otp);
    } catch (error) {
      setMessage(placeServerErrors(error, form.setError, ['otp']));
    }
  });
  const busy = pending || isSubmitting;
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="auth-title">
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField
        id="otp"
        label="Code"
        hint={
          prompt ||
          'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'
        }
        error={errors.otp?.message}
      >
        <input
          id="otp"
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          // The field appears because the password was accepted: the code is what comes next.
          autoFocus
          {...form.register('otp')}
        />
      </FormField>
      <p className="field-hint">Lost your phone? Type one of your recovery codes instead.</p>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? 'Checking…' : 'Sign in'}
      </button>
      <button type="button" className="button button-link" onClick={onBack}>
        Use a different account
      </button>
    </form>
  );
}
