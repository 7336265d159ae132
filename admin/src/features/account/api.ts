/**
 * The signed-in member's own two-step verification and sessions.
 *
 * - `useStartTotp`: `POST /me/totp/` → `{secret, otpauth_url}` (a new secret each time);
 * - `useConfirmTotp`: `POST /me/totp/confirm/` `{code}` → the ten recovery codes, shown once;
 *   `['me']` is refreshed (its `totp_enabled` is now true);
 * - `useDisableTotp`: `POST /me/totp/disable/` `{password}`; refreshes `['me']`;
 * - `sessionsQuery`: `GET /me/sessions/`, key `['sessions']`; `useRevokeSession`:
 *   `DELETE /me/sessions/{id}/` refreshes it, and revoking this device's own session signs it
 *   out here at once.
 * - `useChangePassword`: `POST /me/password/` `{current_password, new_password,
 *   new_password_confirm}` → a new token pair for this device, stored at once (the server ended
 *   every session, this one's too); the sessions list is refreshed (only this device is left).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { clearTokens, setTokens } from '../../api/tokens';
import { ME_QUERY_KEY } from '../auth/api';

export type TotpSetup = Schemas['TotpSetup'];
export type StaffSession = Schemas['StaffSession'];

const SESSIONS_KEY = ['sessions'] as const;

export function useStartTotp() {
  return useMutation({
    mutationFn: async (): Promise<TotpSetup> => {
      const { data } = await api.POST('/me/totp/');
      return data as TotpSetup;
    },
  });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string): Promise<string[]> => {
      const { data } = await api.POST('/me/totp/confirm/', { body: { code } });
      return data?.recovery_codes ?? [];
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      await api.POST('/me/totp/disable/', { body: { password } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['StaffPasswordChange']) => {
      const { data } = await api.POST('/me/password/', { body });
      const pair = data as Schemas['StaffRefreshResponse'];
      setTokens(pair.access, pair.refresh);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export const sessionsQuery = () =>
  queryOptions({
    queryKey: SESSIONS_KEY,
    queryFn: async ({ signal }): Promise<StaffSession[]> => {
      const { data } = await api.GET('/me/sessions/', { signal });
      return data ?? [];
    },
  });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (session: Pick<StaffSession, 'id' | 'current'>) => {
      await api.DELETE('/me/sessions/{id}/', { params: { path: { id: session.id } } });
      return session;
    },
    onSuccess: async (session) => {
      if (session.current) {
        clearTokens();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}
