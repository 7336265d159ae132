/**
 * Account mutations (spec sections 4, 7 and 8).
 * - login: `POST /accounts/login/` with `{login_id, password}`; stores the token pair. A failed
 *   login clears the tokens; an answer without a token pair fails with
 *   'Invalid token response from server.'
 * - register: `POST /accounts/register/` with `{email, password, password_confirm}`.
 * - logout: `POST /accounts/logout/` with the refresh token; the tokens are cleared locally
 *   whatever the server says, the shopper's private queries (the cart) are dropped, then the
 *   router goes to /. The navigation belongs to the mutation, not to the button: the button
 *   may unmount first (the mobile menu closes), and callbacks given to `mutate()` do not
 *   run after an unmount.
 * - change password: `POST /accounts/password/change/`; the server ends every
 *   session of the shopper and answers a new token pair for this one, which is stored.
 * - forgot password: `POST /accounts/password/reset/` with `{email}` (202, the same answer for
 *   every e-mail); reset: `POST /accounts/password/reset/confirm/` with the link's token.
 * - delete account: `POST /accounts/me/delete/` with `{password}` (204); the tokens are then
 *   cleared (every tab of this browser hears it) and the shopper's private queries dropped.
 * And who is logged in (`accountQuery`, `GET /accounts/me/`): one query under one key for every
 * feature that shows the shopper's own details (the account pages, the e-mail prefilled in the
 * back-in-stock form and in an order's cancellation). User-specific, so it loads in the browser
 * while logged in (architecture convention 13); logging out drops it (./logout.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { components } from '../../../common/storefront-api';
import { clearTokens, setTokens } from '../../api/token-storage';
import type {
  ChangePasswordValues,
  DeleteAccountValues,
  ForgotPasswordValues,
  LoginValues,
  RegisterValues,
  ResetPasswordValues,
} from './schemas';

export { useLogout } from './logout';

export type AccountUser = components['schemas']['Account'];

/** The prefix of every account query (the account's addresses are under it too). */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

/** Who is logged in. Key `['account','me']`, fresh for a minute. */
export const accountQuery = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'me'] as const,
    queryFn: async ({ signal }): Promise<AccountUser> => {
      const { data } = await api.GET('/accounts/me/', { signal });
      return data as AccountUser;
    },
    staleTime: 60_000,
  });

/** Thrown when the login answer lacks the access or the refresh token. */
export const INVALID_TOKEN_RESPONSE = 'Invalid token response from server.';

export function useLogin() {
  return useMutation({
    mutationFn: async (values: LoginValues) => {
      try {
        const { data } = await api.POST('/accounts/login/', {
          body: { login_id: values.login_id, password: values.password },
        });
        if (
          !data ||
          typeof data.access !== 'string' ||
          !data.access ||
          typeof data.refresh !== 'string' ||
          !data.refresh
        ) {
          throw new Error(INVALID_TOKEN_RESPONSE);
        }
        setTokens(data.access, data.refresh);
        return data.user;
      } catch (error) {
        clearTokens();
        throw error;
      }
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async (values: RegisterValues) => {
      const { data } = await api.POST('/accounts/register/', { body: values });
      return data;
    },
  });
}

/**
 * Changes the password and keeps this tab logged in with the fresh token pair the
 * server answers; every other session of the shopper ends. Rejects with the `ApiError` of a
 * refused change (400 field errors, 429) or 'Invalid token response from server.'.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (values: ChangePasswordValues) => {
      const { data } = await api.POST('/accounts/password/change/', { body: values });
      if (!data?.access || !data.refresh) throw new Error(INVALID_TOKEN_RESPONSE);
      setTokens(data.access, data.refresh);
      return data.user;
    },
  });
}

/** Asks for a reset link by e-mail; resolves with the server's `detail` (the same for any e-mail). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (values: ForgotPasswordValues) => {
      const { data } = await api.POST('/accounts/password/reset/', { body: values });
      return data?.detail;
    },
  });
}

/** Sets a new password with a reset link's token; resolves with the server's `detail`. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: async ({ token, ...values }: ResetPasswordValues & { token: string }) => {
      const { data } = await api.POST('/accounts/password/reset/confirm/', {
        body: { token, ...values },
      });
      return data?.detail;
    },
  });
}

/**
 * Erases the shopper's account (UK GDPR art. 17), confirmed with their password. Once the
 * server has erased it, this browser is logged out: the tokens are cleared (other tabs hear
 * the storage event) and the cart, orders and account queries are dropped. Rejects with the
 * `ApiError` of a refusal (400 `{password: [...]}`, 429), and then changes nothing here.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: DeleteAccountValues) => {
      await api.POST('/accounts/me/delete/', { body: { password: values.password } });
      clearTokens();
      queryClient.removeQueries({ queryKey: ['cart'] });
      queryClient.removeQueries({ queryKey: ['orders'] });
      queryClient.removeQueries({ queryKey: ['account'] });
    },
  });
}

/**
 * Verifies the address a link was sent to (`POST /accounts/email/verify/confirm/`, no sign-in
 * needed); the signed-in account, if any, is read again so the page shows it verified.
 * Resolves to the server's words; rejects with the `ApiError` of an invalid or used link.
 */
export function useConfirmEmailVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<string> => {
      const { data } = await api.POST('/accounts/email/verify/confirm/', { body: { token } });
      return data?.detail ?? '';
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', 'me'] }),
  });
}
