/**
 * The shop's name and address for the packing slip, key `['shop']`: the site title
 * (`GET /pages/settings/public/`) and the head office's address (`GET /contact/info/`, the branch
 * marked `is_hq`, else the first). Either may be missing; the slip prints without it.
 */
import { queryOptions } from '@tanstack/react-query';
import { shopApi } from '../../api/shop-client';

export interface ShopFacts {
  name: string | null;
  address: string | null;
}

export const shopQuery = () =>
  queryOptions({
    queryKey: ['shop'] as const,
    queryFn: async ({ signal }): Promise<ShopFacts> => {
      const [settings, contact] = await Promise.all([
        shopApi.GET('/pages/settings/public/', { signal }).catch(() => null),
        shopApi.GET('/contact/info/', { signal }).catch(() => null),
      ]);
      const branches = contact?.data?.branch_locations ?? [];
      const office = branches.find((branch) => branch.is_hq) ?? branches[0];
      return {
        name: settings?.data?.site_title?.trim() || null,
        address: office?.address?.trim() || null,
      };
    },
    staleTime: 60 * 60_000,
  });
