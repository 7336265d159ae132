/**
 * The account's two-step verification panel. When off: "Set up" asks the server for a secret;
 * the screen shows it as a QR code to scan (drawn here, ./totp-qr.tsx, loaded only now), as an
 * `otpauth://` link that opens the phone's authenticator app, and in groups of four for typing
 * by hand; then a code from the app (a numeric keyboard, pasting allowed) confirms it. The ten recovery
 * codes are shown once, right after. When on: it can be turned off with the password, unless
 * the shop requires it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { ErrorNotice, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { useSingleFlight } from '../../components/use-single-flight';
import { useMe } from '../auth/api';
import { useConfirmTotp, useDisableTotp, useStartTotp, type TotpSetup } from './api';
import {
  confirmCodeSchema,
  disableSchema,
  groupSecret,
  type ConfirmCodeInput,
  type ConfirmCodeValues,
  type DisableValues,
} from './schemas';

// The QR library loads with the set-up, never with the back office's first screen.
const TotpQrCode = lazy(() =>
  import('./totp-qr').then((module) => ({ default: module.TotpQrCode })),
);

export function TotpPanel() {
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
  const { InputField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, ['code'], async ({ code }) =>
    onConfirmed(await confirm.mutateAsync(code)),
  );
  return (
    <>
      <ol className="totp-steps">
        <li>
          Scan this code with your authenticator app (Google Authenticator, 1Password, Authy…):
          <div className="totp-qr-frame">
            <Suspense fallback={<span className="muted small">Drawing the QR code…</span>}>
              <TotpQrCode
                url={setup.otpauth_url}
                label="QR code to add this back office to your authenticator app"
              />
            </Suspense>
          </div>
          On this phone?{' '}
          <a href={setup.otpauth_url} className="button button-small">
            Open in your authenticator app
          </a>
        </li>
        <li>
          Or choose to enter a key by hand, and type this key (time-based):
          <p className="mono totp-key" aria-label="Key to type by hand">
            <strong>{groupSecret(setup.secret)}</strong>
          </p>
        </li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <Form
        form={form}
        idPrefix="totp"
        onSubmit={submit}
        aria-label="Confirm two-step verification"
      >
        {message ? <Notice tone="error">{message}</Notice> : null}
        <InputField
          name="code"
          label="Code from the app"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
        />
        <FormButtons busy={confirm.isPending} label="Turn on" busyLabel="Checking…" />
      </Form>
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
  const { PasswordField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, ['password'], ({ password }) =>
    disable.mutateAsync(password),
  );
  return (
    <Form form={form} idPrefix="totp" onSubmit={submit} aria-label="Turn two-step verification off">
      <p>You sign in with a code from your authenticator app.</p>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <PasswordField
        name="password"
        label="Password, to turn it off"
        autoComplete="current-password"
      />
      <FormButtons
        busy={disable.isPending}
        label="Turn off two-step verification"
        busyLabel="Turning off…"
        className="button"
      />
    </Form>
  );
}
