/**
 * Logging out (spec section 2's account links): `POST /accounts/logout/` with the refresh
 * token; the tokens are cleared locally whatever the server says, the shopper's private
 * queries (cart, orders, account) are dropped, then the router goes to /. The navigation
 * belongs to the mutation, not to the button: the button may unmount first (the mobile menu
 * closes), and callbacks given to `mutate()` do not run after an unmount.
 *
 * Apart from ./api.ts because the header needs it on every page; the other account calls load
 * with the pages that make them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { api } from '../../api/client';
import { clearTokens, getRefreshToken } from '../../api/token-storage';

/** The logout mutation; `mutate()` takes no arguments. */
export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: async () => {
      const refresh = getRefreshToken();
      try {
        if (refresh) await api.POST('/accounts/logout/', { body: { refresh } });
      } catch {
        // The server may already consider the token dead; the shopper still leaves.
      } finally {
        clearTokens();
        // The shopper's private data must not outlive the session in this tab.
        queryClient.removeQueries({ queryKey: ['cart'] });
        queryClient.removeQueries({ queryKey: ['orders'] });
        queryClient.removeQueries({ queryKey: ['account'] });
      }
    },
    onSettled: () => router.navigate({ to: '/' }),
  });
}
