/**
 * The account's password panel: the current password and the new one twice; the server's words
 * show beside the field they are about. Changing it signs every other device out; this one stays
 * signed in with the new tokens the server answers.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { useServerSubmit } from '../../components/use-server-submit';
import { useChangePassword } from './api';
import { changePasswordSchema, type ChangePasswordValues } from './schemas';

const NO_PASSWORDS: ChangePasswordValues = {
  current_password: '',
  new_password: '',
  new_password_confirm: '',
};

/** Change my password: the current one, the new one twice. */
export function PasswordPanel() {
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: NO_PASSWORDS,
  });
  const { PasswordField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(
    form,
    ['current_password', 'new_password', 'new_password_confirm'],
    async (values) => {
      setChanged(false);
      await change.mutateAsync(values);
      form.reset(NO_PASSWORDS);
      setChanged(true);
    },
  );
  return (
    <Panel titleId="password-title" title="Password">
      <Form form={form} idPrefix="account" onSubmit={submit} aria-labelledby="password-title">
        {changed ? (
          <Notice tone="success">
            Your password is changed. Every other device you were signed in on is signed out.
          </Notice>
        ) : null}
        {message ? <Notice tone="error">{message}</Notice> : null}
        <PasswordField
          name="current_password"
          label="Current password"
          autoComplete="current-password"
        />
        <PasswordField
          name="new_password"
          label="New password"
          hint="At least 8 characters. Every other device you are signed in on is signed out."
          autoComplete="new-password"
        />
        <PasswordField
          name="new_password_confirm"
          label="New password again"
          autoComplete="new-password"
        />
        <FormButtons busy={change.isPending} label="Change password" busyLabel="Changing…" />
      </Form>
    </Panel>
  );
}
