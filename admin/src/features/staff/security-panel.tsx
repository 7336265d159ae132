/**
 * The shop's security setting on the staff page: "require two-step verification" for every
 * member. Lifting it takes a session signed in with a code: the server says so, and the panel
 * shows its words.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { QueryView } from '../../components/query-view';
import { placeServerErrors } from '../../components/server-errors';
import { useSingleFlight } from '../../components/use-single-flight';
import { securityQuery, useUpdateSecurity, type SecuritySettings } from './api';
import { securitySchema, type SecurityValues } from './schemas';

export function SecurityPanel() {
  const settings = useQuery(securityQuery());
  return (
    <Panel titleId="security-title" title="Security">
      <QueryView query={settings}>{(data) => <SecurityForm settings={data} />}</QueryView>
    </Panel>
  );
}

function SecurityForm({ settings }: { settings: SecuritySettings }) {
  const update = useUpdateSecurity();
  const once = useSingleFlight();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<SecurityValues>({
    resolver: zodResolver(securitySchema),
    values: settings,
  });
  const submit = form.handleSubmit((values) =>
    once(async () => {
      setMessage(null);
      try {
        const saved = await update.mutateAsync(values);
        setMessage({
          tone: 'success',
          text: saved.require_totp
            ? 'Two-step verification is now required for everyone.'
            : 'Two-step verification is now optional.',
        });
      } catch (error) {
        setMessage({
          tone: 'error',
          text: placeServerErrors(error, form.setError, []) ?? errorMessage(error),
        });
      }
    }),
  );
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="security-title">
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <div className="check">
        <input
          id="require-totp"
          type="checkbox"
          aria-describedby="require-totp-hint"
          {...form.register('require_totp')}
        />
        <div>
          <label htmlFor="require-totp">
            <strong>Require two-step verification</strong>
          </label>
          <p id="require-totp-hint" className="field-hint">
            Everyone signs in with a code from an authenticator app. Members without it are asked to
            set it up at their next sign-in, and no one can turn theirs off. Turning this off again
            takes an owner signed in with their code.
          </p>
        </div>
      </div>
      <div className="button-row">
        <button
          type="submit"
          className="button button-primary"
          disabled={update.isPending || !form.formState.isDirty}
        >
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
