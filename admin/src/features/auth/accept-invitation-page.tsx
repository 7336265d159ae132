/**
 * Accept an invitation (`/admin/accept-invitation?token=…`, the link of the e-mail): the new
 * member's name and password; the server creates them with the invitation's e-mail and role
 * and signs them in, and they land on Today. A link that is unknown, used or expired says so
 * (400 on `token`), with no form to fill in vain.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldErrors } from '../../api/errors';
import { fieldsOf } from '../../components/fields';
import { Notice } from '../../components/notice';
import { placeServerErrors } from '../../components/server-errors';
import { useAcceptInvitation } from './api';
import { AuthForm, AuthFrame } from './auth-frame';
import { acceptInvitationSchema, type AcceptInvitationValues } from './schemas';

export function AcceptInvitationPage() {
  const { token } = useSearch({ from: '/accept-invitation' });
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [linkProblem, setLinkProblem] = useState<string | null>(
    token ? null : 'This invitation link is incomplete. Open the link from the e-mail again.',
  );
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<AcceptInvitationValues>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { name: '', password: '', password_confirm: '' },
  });
  const { InputField, PasswordField } = fieldsOf(form);
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await accept.mutateAsync({ ...values, token });
    } catch (error) {
      const tokenError = fieldErrors(error).token;
      if (tokenError) setLinkProblem(tokenError.join(' '));
      else setMessage(placeServerErrors(error, form.setError, ['name', 'password']));
      return;
    }
    await navigate({ to: '/', replace: true });
  });

  if (linkProblem) {
    return (
      <AuthFrame title="Join the back office">
        <Notice tone="error">{linkProblem}</Notice>
        <p>Ask the shop owner to send you a new invitation.</p>
        <p>
          <Link to="/login">Go to sign in</Link>
        </p>
      </AuthFrame>
    );
  }

  const busy = accept.isPending || isSubmitting;
  return (
    <AuthFrame title="Join the back office">
      <p>Choose the name your colleagues will see and a password for signing in.</p>
      <AuthForm
        form={form}
        onSubmit={submit}
        message={message}
        busy={busy}
        label="Join and sign in"
        busyLabel="Joining…"
      >
        <InputField name="name" label="Your name" type="text" autoComplete="name" />
        <PasswordField
          name="password"
          label="Password"
          hint="At least 8 characters."
          autoComplete="new-password"
        />
        <PasswordField name="password_confirm" label="Password again" autoComplete="new-password" />
      </AuthForm>
    </AuthFrame>
  );
}
