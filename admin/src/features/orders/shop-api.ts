/**
 * The shop's name for the packing slip, key `['shop']`: the site title
 * (`GET /pages/settings/public/`). It may be missing; the slip prints without it. The address
 * the slip prints comes with the order (`return_address`, as the owner chose it).
 */
import { queryOptions } from '@tanstack/react-query';
import { shopApi } from '../../api/shop-client';

export interface ShopFacts {
  name: string | null;
}

export const shopQuery = () =>
  queryOptions({
    queryKey: ['shop'] as const,
    queryFn: async ({ signal }): Promise<ShopFacts> => {
      const settings = await shopApi.GET('/pages/settings/public/', { signal }).catch(() => null);
      return { name: settings?.data?.site_title?.trim() || null };
    },
    staleTime: 60 * 60_000,
  });
