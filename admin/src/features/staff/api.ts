/**
 * The shop's staff, invitations and security setting (owners only).
 *
 * Queries: `staffQuery` (`GET /staff/`, key `['staff','members']`), `invitationsQuery`
 * (`GET /staff/invitations/`, key `['staff','invitations']`), `securityQuery`
 * (`GET /settings/security/`, key `['settings','security']`).
 *
 * Mutations touch only what they change, plus the activity log (each adds an entry):
 * inviting and revoking an invitation refresh the invitations; a role change and a reset of a
 * member's two-step verification write the member the server answers into the list; removing a
 * member refreshes the list; the security setting stores the answer and refreshes `['me']`
 * (whose `totp_required` follows it).
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY } from '../../api/query-keys';
import { ME_QUERY_KEY } from '../auth/api';

export type StaffMember = Schemas['StaffMember'];
export type Invitation = Schemas['Invitation'];
export type Role = Schemas['Role'];
export type SecuritySettings = Schemas['SecuritySettings'];

export const ROLES = ['staff', 'owner'] as const satisfies readonly Role[];
export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', staff: 'Staff' };

const MEMBERS_KEY = ['staff', 'members'] as const;
const INVITATIONS_KEY = ['staff', 'invitations'] as const;
const SECURITY_KEY = ['settings', 'security'] as const;

export const staffQuery = () =>
  queryOptions({
    queryKey: MEMBERS_KEY,
    queryFn: async ({ signal }): Promise<StaffMember[]> => {
      const { data } = await api.GET('/staff/', { signal });
      return data ?? [];
    },
  });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: INVITATIONS_KEY,
    queryFn: async ({ signal }): Promise<Invitation[]> => {
      const { data } = await api.GET('/staff/invitations/', { signal });
      return data ?? [];
    },
  });

export const securityQuery = () =>
  getQuery(SECURITY_KEY, (signal) => dataOf(api.GET('/settings/security/', { signal })));

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['InvitationCreate']): Promise<Invitation> => {
      const { data } = await api.POST('/staff/invitations/', { body });
      return data as Invitation;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
      ]),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/staff/invitations/{id}/', { params: { path: { id } } });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
      ]),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, role }: { id: number; role: Role }): Promise<StaffMember> => {
      const { data } = await api.PATCH('/staff/{id}/', {
        params: { path: { id } },
        body: { role },
      });
      return data as StaffMember;
    },
    onSuccess: (member: StaffMember) => storeMember(queryClient, member),
  });
}

/** Puts a member the server answered into the members list, and reloads the activity log. */
async function storeMember(queryClient: QueryClient, member: StaffMember): Promise<void> {
  queryClient.setQueryData(MEMBERS_KEY, (members: StaffMember[] | undefined) =>
    members?.map((m) => (m.id === member.id ? member : m)),
  );
  await queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY });
}

/** `POST /staff/{id}/totp/reset/`: the member's two-step verification off, their sessions ended. */
export function useResetTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<StaffMember> => {
      const { data } = await api.POST('/staff/{id}/totp/reset/', { params: { path: { id } } });
      return data as StaffMember;
    },
    onSuccess: (member: StaffMember) => storeMember(queryClient, member),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/staff/{id}/', { params: { path: { id } } });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
      ]),
  });
}

export function useUpdateSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SecuritySettings): Promise<SecuritySettings> => {
      const { data } = await api.PUT('/settings/security/', { body });
      return data as SecuritySettings;
    },
    onSuccess: async (settings) => {
      queryClient.setQueryData(SECURITY_KEY, settings);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
      ]);
    },
  });
}
