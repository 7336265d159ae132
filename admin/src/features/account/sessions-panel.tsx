/**
 * The account's sessions panel: every device the member is signed in on, with Sign out (after a
 * confirm step; this device's own signs out here).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, listColumns } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { useSingleFlight } from '../../components/use-single-flight';
import { sessionsQuery, useRevokeSession, type StaffSession } from './api';
import { deviceName } from '../../../../common/device-name';

const column = listColumns<StaffSession>();

export function SessionsPanel() {
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
    <Panel titleId="sessions-title" title="Where you are signed in">
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
    </Panel>
  );
}
