/**
 * The staff page's invitations: those still open, each revocable (its link stops working at
 * once), and the form that invites someone by e-mail with a role (owners only, as the page).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DataTable, listColumns } from '../../components/data-table';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { formatDateTime } from '../../components/format';
import { ErrorNotice, FormNotices, Loading } from '../../components/notice';
import { Panel } from '../../components/panel';
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
    <Panel titleId="invitations-title" title="Invitations">
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
    </Panel>
  );
}

export function InvitePanel() {
  const invite = useInvite();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'staff' },
  });
  const { EmailField, SelectField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, ['email', 'role'], async (values) => {
    setSent(null);
    const invitation = await invite.mutateAsync(values);
    setSent(`Invitation sent to ${invitation.email}. The link works for 72 hours.`);
    form.reset({ email: '', role: values.role });
  });
  return (
    <Panel titleId="invite-title" title="Invite someone">
      <Form form={form} idPrefix="invite" onSubmit={submit} aria-labelledby="invite-title">
        <FormNotices done={sent} error={message} />
        <EmailField name="email" label="E-mail" autoComplete="off" />
        <SelectField
          name="role"
          label="Role"
          hint="Staff work the orders, the catalogue, moderation, the inbox and the content; owners can also refund, manage staff and see the activity log."
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <FormButtons busy={invite.isPending} label="Send invitation" busyLabel="Sending…" />
      </Form>
    </Panel>
  );
}
