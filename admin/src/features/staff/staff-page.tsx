/**
 * Staff (owners only): the members with their role, two-step verification and last sign-in;
 * change a role, reset the two-step verification of a member who lost their phone, remove a
 * member (each after a confirm step: their sessions end at once); invite someone by e-mail with
 * a role; the invitations still open, each revocable; and the shop's security setting,
 * "require two-step verification" (lifting it takes a session signed in with a code: the
 * server says so, and the screen shows its words).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, listColumns } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { useServerSubmit } from '../../components/use-server-submit';
import { useSingleFlight } from '../../components/use-single-flight';
import { useMe } from '../auth/api';
import {
  ROLE_LABELS,
  ROLES,
  staffQuery,
  useChangeRole,
  useRemoveMember,
  useResetTwoStep,
  type StaffMember,
} from './api';
import { roleSchema, type RoleValues } from './schemas';
import { InvitationsPanel, InvitePanel } from './invitation-panels';
import { SecurityPanel } from './security-panel';

export function StaffPage() {
  return (
    <>
      <title>Staff · Back office</title>
      <div className="page-head">
        <h1>Staff</h1>
      </div>
      <MembersPanel />
      <div className="grid-2">
        <InvitationsPanel />
        <div>
          <InvitePanel />
          <SecurityPanel />
        </div>
      </div>
    </>
  );
}

function MembersPanel() {
  const me = useMe();
  const members = useQuery(staffQuery());
  const remove = useRemoveMember();
  const resetTwoStep = useResetTwoStep();
  const once = useSingleFlight();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const columns = useMemo(() => {
    const column = listColumns<StaffMember>();
    return column.columns([
      column.accessor('name', {
        header: 'Name',
        meta: { cell: 'cell-title' },
        cell: (info) => (
          <>
            {info.getValue() || info.row.original.email}
            {info.row.original.id === me.id ? <span className="muted"> (you)</span> : null}
          </>
        ),
      }),
      column.accessor('email', {
        header: 'E-mail',
        cell: (info) => <span className="break">{info.getValue()}</span>,
      }),
      column.accessor('role', {
        header: 'Role',
        cell: (info) => <RoleForm member={info.row.original} />,
      }),
      column.accessor('totp_enabled', {
        header: 'Two-step',
        cell: (info) =>
          info.getValue() && info.row.original.id !== me.id ? (
            <span className="button-row">
              On
              <button
                type="button"
                className="button button-small"
                onClick={() => {
                  setMessage(null);
                  setResetting(info.row.original);
                }}
              >
                Reset
                <span className="visually-hidden">
                  {' '}
                  the two-step verification of {info.row.original.name || info.row.original.email}
                </span>
              </button>
            </span>
          ) : info.getValue() ? (
            'On'
          ) : (
            'Off'
          ),
      }),
      column.accessor('last_login_at', {
        header: 'Last sign-in',
        cell: (info) => formatDateTime(info.getValue()) || 'Never',
      }),
      column.display({
        id: 'remove',
        header: 'Remove',
        cell: (info) =>
          info.row.original.id === me.id ? (
            <span className="muted small">—</span>
          ) : (
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                setMessage(null);
                setRemoving(info.row.original);
              }}
            >
              Remove<span className="visually-hidden"> {info.row.original.name}</span>
            </button>
          ),
      }),
    ]);
  }, [me.id]);

  return (
    <Panel titleId="members-title" title="Members">
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <ErrorNotice error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <DataTable
          caption="Members of staff"
          columns={columns}
          data={members.data}
          rowId={(member) => String(member.id)}
          empty="No members."
        />
      )}
      {resetting ? (
        <ConfirmDialog
          title={`Reset the two-step verification of ${resetting.name || resetting.email}?`}
          confirmLabel="Reset two-step"
          cancelLabel="Keep it"
          pending={resetTwoStep.isPending}
          onCancel={() => setResetting(null)}
          onConfirm={() =>
            void once(async () => {
              const who = resetting.name || resetting.email;
              try {
                await resetTwoStep.mutateAsync(resetting.id);
                setMessage({
                  tone: 'success',
                  text: `${who}’s two-step verification was reset. They were e-mailed, and sign in with their password next.`,
                });
              } catch (error) {
                setMessage({ tone: 'error', text: errorMessage(error) });
              } finally {
                setResetting(null);
              }
            })
          }
        >
          <p>
            Do this when they have lost their phone. Their authenticator app and recovery codes stop
            working, and every session of theirs ends now. They sign in with their password and set
            two-step verification up again; they are told by e-mail.
          </p>
        </ConfirmDialog>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={`Remove ${removing.name || removing.email}?`}
          confirmLabel="Remove"
          cancelLabel="Keep them"
          pending={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            void once(async () => {
              try {
                await remove.mutateAsync(removing.id);
                setMessage({
                  tone: 'success',
                  text: `${removing.name || removing.email} was removed.`,
                });
              } catch (error) {
                setMessage({ tone: 'error', text: errorMessage(error) });
              } finally {
                setRemoving(null);
              }
            })
          }
        >
          <p>
            They can no longer sign in, and every session of theirs ends now. What they did stays in
            the activity log.
          </p>
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}

function RoleForm({ member }: { member: StaffMember }) {
  const change = useChangeRole();
  const form = useForm<RoleValues>({
    resolver: zodResolver(roleSchema),
    values: { role: member.role },
  });
  const id = `role-${member.id}`;
  const chosen = useWatch({ control: form.control, name: 'role' });
  const { submit, message } = useServerSubmit(form, ['role'], (values) =>
    change.mutateAsync({ id: member.id, role: values.role }),
  );
  return (
    <form className="button-row" onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        Role of {member.name || member.email}
      </label>
      <select
        id={id}
        className="button button-small"
        aria-invalid={form.formState.errors.role || message ? true : undefined}
        aria-describedby={message || form.formState.errors.role ? `${id}-error` : undefined}
        {...form.register('role')}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {chosen !== member.role ? (
        <button
          type="submit"
          className="button button-small button-primary"
          disabled={change.isPending}
        >
          Save<span className="visually-hidden"> the role of {member.name || member.email}</span>
        </button>
      ) : null}
      {message || form.formState.errors.role ? (
        <p id={`${id}-error`} className="field-error">
          {message ?? form.formState.errors.role?.message}
        </p>
      ) : null}
    </form>
  );
}
