/** /account/password: the change-password form inside the account frame. */
import { deferredForm } from '../../components/deferred-form';
import { AccountFrame } from './account-frame';

const ChangePasswordForm = deferredForm(() =>
  import('../auth/change-password-form').then((m) => m.ChangePasswordForm),
);

export function PasswordPage() {
  return (
    <AccountFrame title="Change password" path="/account/password">
      {() => (
        <div className="account-card account-password">
          <ChangePasswordForm />
        </div>
      )}
    </AccountFrame>
  );
}
