/**
 * Sign in: e-mail and password; when the member uses two-step verification the server answers
 * 400 on `otp`, and the screen asks for the 6-digit code (or a recovery code), sending the
 * three together. The code field opens the phone's number keyboard (pasting works); "Use a
 * recovery code" turns it into a text field for one. A wrong code shows beside the field; "Use
 * a different account" goes back to the first step. After signing in: the page asked for
 * (`?redirect=`), else Today. "Forgot your password?" leads to the request for a reset link
 * (./forgot-password-page.tsx). The card names the shop (`site_title` of the storefront's
 * public settings), so a member with two shops knows which one they sign in to.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldErrors } from '../../api/errors';
import { shopNameQuery } from '../../api/shop-name';
import { fieldsOf } from '../../components/fields';
import { useServerSubmit } from '../../components/use-server-submit';
import { useSignIn } from './api';
import { AuthForm, AuthFrame } from './auth-frame';
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

  const shop = useQuery(shopNameQuery());

  const done = () => navigate({ href: redirect ?? '/', replace: true });

  return (
    <AuthFrame
      title={credentials ? 'Enter your code' : 'Sign in'}
      // Space kept while the name loads; none when the shop's name cannot be read.
      shopName={shop.isError ? undefined : (shop.data ?? null)}
    >
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
  const { EmailField, PasswordField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, ['email', 'password'], onSubmit);
  const busy = pending || form.formState.isSubmitting;
  return (
    <AuthForm
      form={form}
      onSubmit={submit}
      message={message}
      busy={busy}
      label="Sign in"
      busyLabel="Signing in…"
      foot={
        <p className="auth-foot">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
      }
    >
      <EmailField name="email" label="E-mail" autoComplete="username" />
      <PasswordField name="password" label="Password" autoComplete="current-password" />
    </AuthForm>
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
  const { InputField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, ['otp'], ({ otp }) => onSubmit(otp));
  const busy = pending || form.formState.isSubmitting;
  // A recovery code has letters: the number keyboard only while a 6-digit code is expected.
  const [recovery, setRecovery] = useState(false);
  return (
    <AuthForm
      form={form}
      onSubmit={submit}
      message={message}
      busy={busy}
      label="Sign in"
      busyLabel="Checking…"
      foot={
        <button type="button" className="button button-link" onClick={onBack}>
          Use a different account
        </button>
      }
    >
      <InputField
        // A new field when the kind changes, so the phone opens the other keyboard.
        key={recovery ? 'recovery' : 'code'}
        name="otp"
        label={recovery ? 'Recovery code' : 'Code'}
        hint={
          recovery
            ? 'Type one of the recovery codes you saved when you set up two-step verification.'
            : prompt || 'Enter the 6-digit code from your authenticator app.'
        }
        type="text"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="none"
        spellCheck={false}
        // The field appears because the password was accepted: the code is what comes next.
        autoFocus
      />
      <p className="field-hint">
        {recovery ? 'Found your phone? ' : 'Lost your phone? '}
        <button
          type="button"
          className="button button-link"
          onClick={() => setRecovery((was) => !was)}
        >
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
      </p>
    </AuthForm>
  );
}
