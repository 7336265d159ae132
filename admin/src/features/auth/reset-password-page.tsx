/**
 * Choose a new password (`/admin/reset-password?token=…`, the link of the e-mail): the new
 * password twice. The server ends every session of the member; the screen then says so and
 * leads to sign in (with the two-step code, when it is on: a reset leaves it as it is). A link
 * that is unknown, used or expired says so (400 on `token`), with the way to ask for a new one
 * and no form to fill in vain.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldErrors } from '../../api/errors';
import { fieldsOf } from '../../components/fields';
import { Notice } from '../../components/notice';
import { placeServerErrors } from '../../components/server-errors';
import { useSingleFlight } from '../../components/use-single-flight';
import { useConfirmPasswordReset } from './api';
import { AuthForm, AuthFrame } from './auth-frame';
import { resetPasswordSchema, type ResetPasswordValues } from './schemas';

export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/reset-password' });
  const reset = useConfirmPasswordReset();
  const once = useSingleFlight();
  const [linkProblem, setLinkProblem] = useState<string | null>(
    token ? null : 'This password reset link is incomplete. Open the link from the e-mail again.',
  );
  const [done, setDone] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { new_password: '', new_password_confirm: '' },
  });
  const { PasswordField } = fieldsOf(form);
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit((values) =>
    once(async () => {
      setMessage(null);
      try {
        setDone(await reset.mutateAsync({ ...values, token }));
      } catch (error) {
        const tokenError = fieldErrors(error).token;
        if (tokenError) setLinkProblem(tokenError.join(' '));
        else {
          setMessage(
            placeServerErrors(error, form.setError, ['new_password', 'new_password_confirm']),
          );
        }
      }
    }),
  );

  if (done) {
    return (
      <AuthFrame title="Password changed">
        <Notice tone="success">{done}</Notice>
        <p>Every device that was signed in with the old password has been signed out.</p>
        <p>
          <Link to="/login" className="button button-primary button-block">
            Sign in
          </Link>
        </p>
      </AuthFrame>
    );
  }

  if (linkProblem) {
    return (
      <AuthFrame title="Choose a new password">
        <Notice tone="error">{linkProblem}</Notice>
        <p>A link works once, for an hour after it was sent. Ask for a new one.</p>
        <p>
          <Link to="/forgot-password">Send me a new link</Link>
        </p>
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthFrame>
    );
  }

  const busy = reset.isPending || isSubmitting;
  return (
    <AuthFrame title="Choose a new password">
      <p>Every device signed in with your old password will be signed out.</p>
      <AuthForm
        form={form}
        onSubmit={submit}
        message={message}
        busy={busy}
        label="Save the new password"
      >
        <PasswordField
          name="new_password"
          label="New password"
          hint="At least 8 characters."
          autoComplete="new-password"
        />
        <PasswordField
          name="new_password_confirm"
          label="New password again"
          autoComplete="new-password"
        />
      </AuthForm>
    </AuthFrame>
  );
}
