/**
 * Who is signed in, and signing in and out.
 *
 * - `meQuery`: `GET /me/`, key `['me']`: the staff member and their role, which the navigation
 *   and every owner-only screen read.
 * - `useSignIn`: `POST /auth/login/` `{email, password, otp?}`; stores the token pair and
 *   primes `['me']` with the answer's staff member. A 400 `{otp: [...]}` means the second step
 *   (the screen asks for the code and sends all three again).
 * - `useSignOut`: `POST /auth/logout/` with the refresh token; the tokens and every cached
 *   query are dropped whatever the server says (a sign-out never fails in the back office).
 * - `useAcceptInvitation`: `POST /staff/invitations/accept/` `{token, name, password}`: the new
 *   staff member is signed in at once.
 * - `useRequestPasswordReset`: `POST /auth/password/reset/` `{email}` → the server's words
 *   (the same whether or not the e-mail is a member's); `useConfirmPasswordReset`:
 *   `POST /auth/password/reset/confirm/` `{token, new_password, new_password_confirm}` → the
 *   server's words. Neither signs anyone in: a reset ends every session, and the member signs
 *   in afterwards (with their code when two-step verification is on).
 */
import {
  queryOptions,
  useMutation,
  useQueryClient,
  useSuspenseQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { clearTokens, getRefreshToken, setTokens } from '../../api/tokens';
import type {
  AcceptInvitationValues,
  ForgotPasswordValues,
  ResetPasswordValues,
  SignInValues,
} from './schemas';

export type Staff = Schemas['Staff'];
export type StaffRole = Staff['role'];
type StaffTokens = Schemas['StaffTokens'];

export const ME_QUERY_KEY = ['me'] as const;

/** The signed-in staff member. */
export const meQuery = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: async ({ signal }): Promise<Staff> => {
      const { data } = await api.GET('/me/', { signal });
      return data as Staff;
    },
    staleTime: 60_000,
  });

/** True for the shop's owners, who may do everything (refunds, staff, security, activity). */
export function isOwner(staff: Pick<Staff, 'role'> | undefined | null): boolean {
  return staff?.role === 'owner';
}

function keep(queryClient: QueryClient, tokens: StaffTokens): Staff {
  setTokens(tokens.access, tokens.refresh);
  queryClient.setQueryData(ME_QUERY_KEY, tokens.staff);
  return tokens.staff;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: SignInValues & { otp?: string }): Promise<Staff> => {
      const { data } = await api.POST('/auth/login/', { body: values });
      return keep(queryClient, data as StaffTokens);
    },
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: AcceptInvitationValues & { token: string }): Promise<Staff> => {
      const { data } = await api.POST('/staff/invitations/accept/', {
        body: { token: values.token, name: values.name, password: values.password },
      });
      return keep(queryClient, data as StaffTokens);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (values: ForgotPasswordValues): Promise<string> => {
      const { data } = await api.POST('/auth/password/reset/', { body: { email: values.email } });
      return data?.detail ?? '';
    },
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: async (values: ResetPasswordValues & { token: string }): Promise<string> => {
      const { data } = await api.POST('/auth/password/reset/confirm/', {
        body: {
          token: values.token,
          new_password: values.new_password,
          new_password_confirm: values.new_password_confirm,
        },
      });
      return data?.detail ?? '';
    },
  });
}

/**
 * Tells the server (waiting at most 5 seconds: a sign-out never hangs on the network), then
 * forgets the tokens and every cached query whatever it answered.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const refresh = getRefreshToken();
      if (refresh) {
        await api
          .POST('/auth/logout/', { body: { refresh }, signal: AbortSignal.timeout(5_000) })
          .catch(() => undefined);
      }
      clearTokens();
      queryClient.clear();
    },
  });
}

/**
 * The signed-in member, for screens behind sign-in (the `_auth` route has loaded it before they
 * render, so this never waits there).
 */
export function useMe(): Staff {
  return useSuspenseQuery(meQuery()).data;
}
