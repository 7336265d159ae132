/**
 * The shop's name for the sign-in screen: the storefront's public settings' `site_title`
 * (`GET /pages/settings/public/`, answered even while the shop is closed to shoppers), read with
 * the shop client and the page's tenant token, so it is known before anyone signs in. Key
 * `['shop', 'name']`, under the packing slip's `['shop']`: a change to the shop's facts marks
 * both stale. Below the features, so the sign-in screen (features/auth, the lowest) may use it.
 */
import { queryOptions } from '@tanstack/react-query';
import { shopApi } from './shop-client';

/**
 * The shop's name, or null when its settings carry none. Kept an hour; not retried (the card
 * then shows only "Back office").
 * @throws ApiError when the settings cannot be read (no shop at this address).
 */
export const shopNameQuery = () =>
  queryOptions({
    queryKey: ['shop', 'name'] as const,
    queryFn: async ({ signal }): Promise<string | null> => {
      const { data } = await shopApi.GET('/pages/settings/public/', { signal });
      return data?.site_title?.trim() || null;
    },
    staleTime: 60 * 60_000,
    retry: false,
  });
