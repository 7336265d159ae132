/**
 * The shop's currency (issue 38): an ISO 4217 code such as "GBP", in which every amount of the
 * back office's contract is. Read from the storefront's public site settings
 * (`GET /pages/site-settings/`, its `currency`) with the shop client, so every member has it,
 * whatever their role (the owner's SiteSetup carries it too). Key {@link SHOP_CURRENCY_QUERY_KEY};
 * the settings screen refreshes it when the owner changes the currency. Below the features, so
 * any of them formats money with it (../components/format.ts `useFormatPrice`).
 */
import { queryOptions } from '@tanstack/react-query';
import { shopApi } from './shop-client';

export const SHOP_CURRENCY_QUERY_KEY = ['shop-currency'] as const;

/**
 * The shop's ISO 4217 code, or null when the storefront's settings carry none. Kept an hour: it
 * can change only before the shop's first order, and the change refreshes it.
 * @throws ApiError when the settings cannot be read (the amounts then show without a symbol).
 */
export const shopCurrencyQuery = () =>
  queryOptions({
    queryKey: SHOP_CURRENCY_QUERY_KEY,
    queryFn: async ({ signal }): Promise<string | null> => {
      const { data } = await shopApi.GET('/pages/site-settings/', { signal });
      return data?.currency ?? null;
    },
    staleTime: 60 * 60_000,
  });
