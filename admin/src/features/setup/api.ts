/**
 * The first-run set-up of a deployment without a shop (issue 38, openapi/admin.yaml tag `setup`):
 *
 * - `setupQuery`: `GET /setup/`, key `['setup']`: `{required}`, true while the deployment has no
 *   shop at all. Needs no token.
 * - `useSetUpShop`: `POST /setup/` with the set-up code from the server's log, the shop and its
 *   owner → the shop made (its name, domain, currency and tenant token), the owner's e-mail and
 *   the shop's addresses. 403 on `code` for a wrong code, 400 on each wrong field, 409 once the
 *   deployment has a shop, 429 after too many wrong codes.
 * - `setupDue`: what the guards ask before sending a visitor to sign in: the page's word when it
 *   has one (api/config.ts `setup`), else `GET /setup/`; a failed call means no set-up.
 *   `pageAsksForSetup`: the page's word alone (the sign-in page asks no more).
 */
import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { config } from '../../api/config';
import type { SetupValues } from './schemas';

export type ShopSetupResult = Schemas['ShopSetupResult'];

export const SETUP_QUERY_KEY = ['setup'] as const;

/** Whether the deployment still waits for its first shop. */
export const setupQuery = () =>
  queryOptions({
    queryKey: SETUP_QUERY_KEY,
    queryFn: async ({ signal }): Promise<boolean> => {
      const { data } = await api.GET('/setup/', { signal });
      return data?.required ?? false;
    },
    staleTime: 60_000,
  });

/**
 * Whether a visitor should be shown the set-up rather than the sign-in: `required` from the page
 * says so at once, a shop's page says not, and a page with neither asks the server (any failure
 * reads as "no set-up", so signing in is never blocked by it).
 */
export async function setupDue(
  queryClient: QueryClient,
  page: 'required' | 'none' | 'unknown' = config.setup,
): Promise<boolean> {
  if (page !== 'unknown') return page === 'required';
  try {
    return await queryClient.ensureQueryData(setupQuery());
  } catch {
    return false;
  }
}

/** Whether the page itself says the deployment waits for its first shop (no call made). */
export function pageAsksForSetup(): boolean {
  return config.setup === 'required';
}

/** Sends the set-up; the answer names the shop made and where it answers. */
export function useSetUpShop() {
  return useMutation({
    mutationFn: async (values: SetupValues): Promise<ShopSetupResult> => {
      const { data } = await api.POST('/setup/', {
        body: {
          code: values.code,
          shop_name: values.shop_name,
          domain: values.domain,
          currency: values.currency,
          country: values.country,
          owner_email: values.owner_email,
          ...(values.owner_name ? { owner_name: values.owner_name } : {}),
          password: values.password,
        },
      });
      return data as ShopSetupResult;
    },
  });
}
