/**
 * "Forgot your password?" (`/admin/forgot-password`, from the sign-in screen): the member's
 * e-mail; the server e-mails a link to choose a new password if the e-mail is a member's, and
 * says the same either way, which is what the screen shows (with the way back to sign in). A
 * throttled request shows the server's words.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../components/fields';
import { Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { useRequestPasswordReset } from './api';
import { AuthForm, AuthFrame } from './auth-frame';
import { forgotPasswordSchema, type ForgotPasswordValues } from './schemas';

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<{ email: string; words: string } | null>(null);
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { EmailField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, ['email'], async (values) => {
    const words = await request.mutateAsync(values);
    setSent({ email: values.email, words });
  });

  if (sent) {
    return (
      <AuthFrame title="Check your e-mail">
        <Notice tone="success">{sent.words}</Notice>
        <p>
          We sent it to <strong className="break">{sent.email}</strong> if that address belongs to a
          member of staff. The link works for an hour, once. Nothing there? Look in the spam folder,
          or ask again in a few minutes.
        </p>
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthFrame>
    );
  }

  const busy = request.isPending || form.formState.isSubmitting;
  return (
    <AuthFrame title="Forgot your password?">
      <p>Type the e-mail you sign in with. We will send you a link to choose a new password.</p>
      <AuthForm
        form={form}
        onSubmit={submit}
        message={message}
        busy={busy}
        label="Send the link"
        busyLabel="Sending…"
        foot={
          <p className="auth-foot">
            <Link to="/login">Back to sign in</Link>
          </p>
        }
      >
        <EmailField name="email" label="E-mail" autoComplete="username" />
      </AuthForm>
    </AuthFrame>
  );
}
