/**
 * "Delete my account", on /account (UK GDPR art. 17): the shopper's password, then a
 * confirmation dialog, then the erasure. A wrong password shows beside the field; past the
 * failed attempts the login allows, the server's 429 message shows at the top. `onDeleted`
 * runs once the account is erased and this browser logged out.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDeleteAccount } from './api';
import { deleteAccountSchema, type DeleteAccountValues } from './schemas';
import { placeServerErrors } from './server-errors';
import './auth.css';
import { AuthForm, PasswordField } from './auth-form-parts';

export const DELETE_ACCOUNT_MESSAGES = {
  confirmTitle: 'Delete your account for good?',
  confirmText:
    'This cannot be undone. Your account, saved addresses and cart are erased and you are logged out; your orders are kept for the shop’s accounts.',
  fallback: 'Could not delete your account. Please try again.',
} as const;

const FIELDS = ['password'] as const;

export function DeleteAccountForm({ onDeleted }: { onDeleted: () => void }) {
  const remove = useDeleteAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<DeleteAccountValues | null>(null);
  const form = useForm<DeleteAccountValues>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;
  const busy = remove.isPending;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    setConfirming(values);
  });

  async function erase(values: DeleteAccountValues) {
    setConfirming(null);
    try {
      await remove.mutateAsync(values);
      onDeleted();
    } catch (error) {
      setFormError(
        placeServerErrors(error, form.setError, FIELDS, DELETE_ACCOUNT_MESSAGES.fallback),
      );
      form.setFocus('password');
    }
  }

  return (
    <AuthForm onSubmit={onSubmit} error={formError} label="Delete my account">
      <PasswordField
        id="delete-account-password"
        label="Your password"
        error={errors.password?.message}
        autoComplete="current-password"
        field={form.register('password')}
      />
      <button type="submit" className="button-danger" disabled={busy}>
        {busy ? 'Deleting…' : 'Delete my account'}
      </button>
      {confirming && (
        <ConfirmDialog
          title={DELETE_ACCOUNT_MESSAGES.confirmTitle}
          message={DELETE_ACCOUNT_MESSAGES.confirmText}
          confirmLabel="Delete my account"
          cancelLabel="Keep my account"
          onConfirm={() => void erase(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </AuthForm>
  );
}
