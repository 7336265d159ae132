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
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, listColumns } from '../../components/data-table';
import { FormField } from '../../components/form-field';
import { formatDateTime } from '../../components/format';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { useSingleFlight } from '../../components/use-single-flight';
import { useMe } from '../auth/api';
import {
  sessionsQuery,
  useChangePassword,
  useConfirmTotp,
  useDisableTotp,
  useRevokeSession,
  useStartTotp,
  type StaffSession,
  type TotpSetup,
} from './api';
import {
  changePasswordSchema,
  confirmCodeSchema,
  deviceName,
  disableSchema,
  groupSecret,
  type ChangePasswordValues,
  type ConfirmCodeInput,
  type ConfirmCodeValues,
  type DisableValues,
} from './schemas';

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
          <section className="panel" aria-labelledby="me-title">
            <h2 id="me-title">You</h2>
            <dl className="facts">
              <dt>Name</dt>
              <dd>{me.name}</dd>
              <dt>E-mail</dt>
              <dd>{me.email}</dd>
              <dt>Role</dt>
              <dd>{me.role === 'owner' ? 'Owner' : 'Staff'}</dd>
            </dl>
          </section>
          <PasswordPanel />
        </div>
      </div>
    </>
  );
}

function TotpPanel() {
  const me = useMe();
  const start = useStartTotp();
  const once = useSingleFlight();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <section className="panel" aria-labelledby="totp-title">
      <div className="panel-head">
        <h2 id="totp-title">Two-step verification</h2>
        <span className={me.totp_enabled ? 'badge badge-done' : 'badge badge-closed'}>
          {me.totp_enabled ? 'On' : 'Off'}
        </span>
      </div>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : me.totp_enabled ? (
        me.totp_required ? (
          <p>The shop requires two-step verification, so it stays on.</p>
        ) : (
          <DisableForm />
        )
      ) : setup ? (
        <ConfirmSetup
          setup={setup}
          onConfirmed={(recovery) => {
            setSetup(null);
            setCodes(recovery);
          }}
        />
      ) : (
        <>
          <p>
            Sign in with a code from an authenticator app on your phone as well as your password.
          </p>
          {start.isError ? <ErrorNotice error={start.error} /> : null}
          <button
            type="button"
            className="button button-primary"
            disabled={start.isPending}
            onClick={() =>
              void once(async () => {
                const started = await start.mutateAsync().catch(() => null);
                if (started) setSetup(started);
              })
            }
          >
            {start.isPending ? 'Starting…' : 'Set up two-step verification'}
          </button>
        </>
      )}
    </section>
  );
}

function ConfirmSetup({
  setup,
  onConfirmed,
}: {
  setup: TotpSetup;
  onConfirmed: (codes: string[]) => void;
}) {
  const confirm = useConfirmTotp();
  const form = useForm<ConfirmCodeInput, unknown, ConfirmCodeValues>({
    resolver: zodResolver(confirmCodeSchema),
    defaultValues: { code: '' },
  });
  const { submit, message } = useServerSubmit(form, ['code'], async ({ code }) =>
    onConfirmed(await confirm.mutateAsync(code)),
  );
  return (
    <>
      <ol className="small">
        <li>Open your authenticator app and add an account.</li>
        <li>
          If the app takes a link, give it this one:
          <FormField id="otpauth-url" label="Set-up link" className="small">
            <textarea
              id="otpauth-url"
              readOnly
              rows={3}
              className="mono"
              value={setup.otpauth_url}
            />
          </FormField>
        </li>
        <li>
          Otherwise choose to enter a key by hand, and type this key (time-based):
          <p className="mono" aria-label="Key to type by hand">
            <strong>{groupSecret(setup.secret)}</strong>
          </p>
        </li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <form
        className="form"
        onSubmit={submit}
        noValidate
        aria-label="Confirm two-step verification"
      >
        {message ? <Notice tone="error">{message}</Notice> : null}
        <FormField
          id="totp-code"
          label="Code from the app"
          error={form.formState.errors.code?.message}
        >
          <input
            id="totp-code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={10}
            {...form.register('code')}
          />
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={confirm.isPending}>
            {confirm.isPending ? 'Checking…' : 'Turn on'}
          </button>
        </div>
      </form>
    </>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Notice tone="success">Two-step verification is on.</Notice>
      <h3>Your recovery codes</h3>
      <p>
        Each signs you in once in place of a code, if you lose your phone. Keep them somewhere safe:
        they are shown only now.
      </p>
      <ul className="codes mono" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="button-row">
        {typeof navigator !== 'undefined' && navigator.clipboard ? (
          <button
            type="button"
            className="button"
            onClick={() =>
              void navigator.clipboard.writeText(codes.join('\n')).then(() => setCopied(true))
            }
          >
            {copied ? 'Copied' : 'Copy the codes'}
          </button>
        ) : null}
        <button type="button" className="button button-primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </>
  );
}

function DisableForm() {
  const disable = useDisableTotp();
  const form = useForm<DisableValues>({
    resolver: zodResolver(disableSchema),
    defaultValues: { password: '' },
  });
  const { submit, message } = useServerSubmit(form, ['password'], ({ password }) =>
    disable.mutateAsync(password),
  );
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Turn two-step verification off">
      <p>You sign in with a code from your authenticator app.</p>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField
        id="totp-password"
        label="Password, to turn it off"
        error={form.formState.errors.password?.message}
      >
        <input
          id="totp-password"
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </FormField>
      <div className="button-row">
        <button type="submit" className="button" disabled={disable.isPending}>
          {disable.isPending ? 'Turning off…' : 'Turn off two-step verification'}
        </button>
      </div>
    </form>
  );
}

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
  const { errors } = form.formState;
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
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form className="form" onSubmit={submit} noValidate aria-labelledby="password-title">
        {changed ? (
          <Notice tone="success">
            Your password is changed. Every other device you were signed in on is signed out.
          </Notice>
        ) : null}
        {message ? <Notice tone="error">{message}</Notice> : null}
        <FormField
          id="current-password"
          label="Current password"
          error={errors.current_password?.message}
        >
          <input
            id="current-password"
            type="password"
            autoComplete="current-password"
            {...form.register('current_password')}
          />
        </FormField>
        <FormField
          id="new-password"
          label="New password"
          hint="At least 8 characters. Every other device you are signed in on is signed out."
          error={errors.new_password?.message}
        >
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            {...form.register('new_password')}
          />
        </FormField>
        <FormField
          id="new-password-confirm"
          label="New password again"
          error={errors.new_password_confirm?.message}
        >
          <input
            id="new-password-confirm"
            type="password"
            autoComplete="new-password"
            {...form.register('new_password_confirm')}
          />
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}

const column = listColumns<StaffSession>();

function SessionsPanel() {
  const sessions = useQuery(sessionsQuery());
  const revoke = useRevokeSession();
  const once = useSingleFlight();
  const [revoking, setRevoking] = useState<StaffSession | null>(null);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('user_agent', {
          header: 'Device',
          meta: { cell: 'cell-title' },
          cell: (info) => (
            <>
              {deviceName(info.getValue())}
              {info.row.original.current ? <span className="muted"> (this device)</span> : null}
            </>
          ),
        }),
        column.accessor('ip', { header: 'Address', cell: (info) => info.getValue() ?? '—' }),
        column.accessor('created_at', {
          header: 'Signed in',
          cell: (info) => formatDateTime(info.getValue()),
        }),
        column.accessor('last_used_at', {
          header: 'Last used',
          cell: (info) => formatDateTime(info.getValue()),
        }),
        column.display({
          id: 'revoke',
          header: 'Sign out',
          cell: (info) => (
            <button
              type="button"
              className="button button-small"
              onClick={() => setRevoking(info.row.original)}
            >
              Sign out
              <span className="visually-hidden">
                {' '}
                {info.row.original.current
                  ? 'this device'
                  : deviceName(info.row.original.user_agent)}
              </span>
            </button>
          ),
        }),
      ]),
    [],
  );

  return (
    <section className="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Where you are signed in</h2>
      {revoke.isError ? <Notice tone="error">{errorMessage(revoke.error)}</Notice> : null}
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <ErrorNotice error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <DataTable
          caption="Your sessions"
          columns={columns}
          data={sessions.data}
          rowId={(session) => session.id}
          empty="No sessions."
        />
      )}
      {revoking ? (
        <ConfirmDialog
          title={
            revoking.current
              ? 'Sign out this device?'
              : `Sign out ${deviceName(revoking.user_agent)}?`
          }
          confirmLabel="Sign out"
          pending={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() =>
            void once(async () => {
              await revoke.mutateAsync(revoking).catch(() => undefined);
              setRevoking(null);
            })
          }
        >
          <p>
            {revoking.current
              ? 'You will need to sign in again here.'
              : 'That device will need to sign in again within a few minutes.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
