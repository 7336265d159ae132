/**
 * The staff page's invitations: those still open, each revocable (its link stops working at
 * once), and the form that invites someone by e-mail with a role (owners only, as the page).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DataTable, listColumns } from '../../components/data-table';
import { FormField } from '../../components/form-field';
import { formatDateTime } from '../../components/format';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { useSingleFlight } from '../../components/use-single-flight';
import {
  invitationsQuery,
  ROLE_LABELS,
  ROLES,
  useInvite,
  useRevokeInvitation,
  type Invitation,
} from './api';
import { inviteSchema, type InviteValues } from './schemas';

export function InvitationsPanel() {
  const invitations = useQuery(invitationsQuery());
  const revoke = useRevokeInvitation();
  const once = useSingleFlight();
  const [revoking, setRevoking] = useState<number | null>(null);

  const columns = useMemo(() => {
    const column = listColumns<Invitation>();
    return column.columns([
      column.accessor('email', {
        header: 'E-mail',
        meta: { cell: 'cell-title' },
        cell: (info) => <span className="break">{info.getValue()}</span>,
      }),
      column.accessor('role', { header: 'Role', cell: (info) => ROLE_LABELS[info.getValue()] }),
      column.accessor('invited_by', {
        header: 'Invited by',
        cell: (info) => info.getValue() ?? '—',
      }),
      column.accessor('expires_at', {
        header: 'Link',
        cell: (info) =>
          info.row.original.status === 'expired'
            ? 'Expired'
            : `Works until ${formatDateTime(info.getValue())}`,
      }),
      column.display({
        id: 'revoke',
        header: 'Revoke',
        cell: (info) => (
          <button
            type="button"
            className="button button-small"
            disabled={revoke.isPending && revoking === info.row.original.id}
            onClick={() =>
              void once(async () => {
                setRevoking(info.row.original.id);
                await revoke.mutateAsync(info.row.original.id).catch(() => undefined);
              })
            }
          >
            Revoke
            <span className="visually-hidden"> the invitation of {info.row.original.email}</span>
          </button>
        ),
      }),
    ]);
  }, [revoke, once, revoking]);

  return (
    <section className="panel" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations</h2>
      {revoke.isError ? <ErrorNotice error={revoke.error} /> : null}
      {invitations.isPending ? (
        <Loading />
      ) : invitations.isError ? (
        <ErrorNotice error={invitations.error} onRetry={() => void invitations.refetch()} />
      ) : (
        <DataTable
          caption="Open invitations"
          columns={columns}
          data={invitations.data}
          rowId={(invitation) => String(invitation.id)}
          empty="No open invitations."
        />
      )}
    </section>
  );
}

export function InvitePanel() {
  const invite = useInvite();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'staff' },
  });
  const { errors } = form.formState;
  const { submit, message } = useServerSubmit(form, ['email', 'role'], async (values) => {
    setSent(null);
    const invitation = await invite.mutateAsync(values);
    setSent(`Invitation sent to ${invitation.email}. The link works for 72 hours.`);
    form.reset({ email: '', role: values.role });
  });
  return (
    <section className="panel" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <form className="form" onSubmit={submit} noValidate aria-labelledby="invite-title">
        {sent ? <Notice tone="success">{sent}</Notice> : null}
        {message ? <Notice tone="error">{message}</Notice> : null}
        <FormField id="invite-email" label="E-mail" error={errors.email?.message}>
          <input
            id="invite-email"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('email')}
          />
        </FormField>
        <FormField
          id="invite-role"
          label="Role"
          hint="Staff run the order desk; owners can also refund, manage staff and see the activity log."
          error={errors.role?.message}
        >
          <select id="invite-role" {...form.register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </button>
        </div>
      </form>
    </section>
  );
}
