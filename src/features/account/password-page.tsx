/** /account/password: the change-password form inside the account frame. */
import { ChangePasswordForm } from '../auth/change-password-form';
import { AccountFrame } from './account-frame';

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
