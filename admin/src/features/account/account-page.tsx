/**
 * Account: who I am, my password, my two-step verification and my sessions.
 *
 * Password: the current one and the new one twice; the server's words show beside the field
 * they are about. Changing it signs every other device out; this one stays signed in with the
 * new tokens the server answers.
 *
 * Two-step verification, when off: "Set up" asks the server for a secret; the screen shows its
 * `otpauth://` address as text (for apps that take a link) and the secret in groups of four for
 * typing by hand, then a code from the app confirms it. The ten recovery codes are shown once,
 * right after. When on: it can be turned off with the password, unless the shop requires it.
 * A member whose shop requires it and who has not set it up lands here and sees only this.
 *
 * Sessions: every device signed in, with Revoke (this device's own: signs out here).
 *
 * Notifications (./push-panel.tsx): on or off for this device, and which events to be told of.
 */
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { useMe } from '../auth/api';
import { PasswordPanel } from './password-panel';
import { PushPanel } from './push-panel';
import { SessionsPanel } from './sessions-panel';
import { TotpPanel } from './totp-panel';

export function AccountPage() {
  const me = useMe();
  const mustSetUp = me.totp_required && !me.totp_enabled;
  return (
    <>
      <title>Account · Back office</title>
      <div className="page-head">
        <h1>Account</h1>
      </div>
      {mustSetUp ? (
        <Notice tone="info">
          This shop requires two-step verification. Set it up below to use the back office.
        </Notice>
      ) : null}
      <div className="grid-2">
        <div>
          <TotpPanel />
          {mustSetUp ? null : <SessionsPanel />}
        </div>
        <div>
          <Panel titleId="me-title" title="You">
            <dl className="facts">
              <dt>Name</dt>
              <dd>{me.name}</dd>
              <dt>E-mail</dt>
              <dd>{me.email}</dd>
              <dt>Role</dt>
              <dd>{me.role === 'owner' ? 'Owner' : 'Staff'}</dd>
            </dl>
          </Panel>
          <PasswordPanel />
          {mustSetUp ? null : <PushPanel />}
        </div>
      </div>
    </>
  );
}
