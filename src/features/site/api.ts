import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { components } from '../../../common/storefront-api';
import { readInlinedSiteSettings, type SiteSettings } from './site-settings';

export type CompanyInfo = components['schemas']['CompanyInfo'];

// Read once: the inlined element does not change after the page loaded.
let inlined: { value: SiteSettings | undefined } | undefined;
function inlinedSettings(): SiteSettings | undefined {
  inlined ??= {
    value: typeof document === 'undefined' ? undefined : readInlinedSiteSettings(document),
  };
  return inlined.value;
}

/**
 * The tenant's site settings (spec sections 1 and 3). Key `['site-settings']`.
 * Seeded from the JSON the server inlines into index.html, so with `npm start` no request is
 * made; without it (dev server, Prism) it is `GET /pages/site-settings/`. Throws `ApiError`
 * on non-2xx (client middleware).
 */
export const siteSettingsQuery = () =>
  queryOptions({
    queryKey: ['site-settings'] as const,
    queryFn: async ({ signal }): Promise<SiteSettings> => {
      const { data } = await api.GET('/pages/site-settings/', { signal });
      return data as SiteSettings;
    },
    initialData: inlinedSettings,
    // Settings change rarely and drive the whole frame; refetching on focus would only flicker.
    staleTime: 30 * 60_000,
  });

/**
 * The about page's company info: `GET /pages/company-info/` (tagline, history_summary,
 * mission_statement, vision_statement, core_values). Key `['company-info']`. Throws `ApiError`.
 */
export const companyInfoQuery = () =>
  queryOptions({
    queryKey: ['company-info'] as const,
    queryFn: async ({ signal }): Promise<CompanyInfo> => {
      const { data } = await api.GET('/pages/company-info/', { signal });
      return data as CompanyInfo;
    },
    staleTime: 10 * 60_000,
  });

/**
 * The settings for the start-up rules: the cached record when there is one, else one fetch.
 * Resolves undefined instead of rejecting, because the page must still start (with the
 * meta-description fallback) when the settings cannot be loaded.
 */
export async function loadSiteSettingsForStartUp(
  queryClient: QueryClient,
): Promise<SiteSettings | undefined> {
  try {
    return await queryClient.ensureQueryData(siteSettingsQuery());
  } catch {
    return undefined;
  }
}

/**
 * The shop's currency (SiteSettings `currency`, an ISO 4217 code such as "GBP"): every amount
 * the API gives is in it. Read from the settings the frame loaded (inlined at start-up, the
 * root loader's on the server: each render has its own query client, so two shops rendered at
 * once never share it); no request of its own. Null while the settings are unknown. Amounts are
 * written with common/money.ts `formatPrice(amount, currency)`, or ./format-price.tsx's
 * `useFormatPrice` (kept apart, so the first page's scripts carry only this hook).
 */
export function useCurrency(): string | null {
  return useQuery({ ...siteSettingsQuery(), enabled: false }).data?.currency ?? null;
}

/**
 * Whether the shop is on holiday (issue 38: browsing stays, ordering stops). Its words and
 * banner are ./holiday-banner.tsx, loaded only then, so the first page's scripts carry only this.
 */
export function useOnHoliday(): boolean {
  return useQuery({ ...siteSettingsQuery(), enabled: false }).data?.status === 'holiday';
}

/*
 * The head helpers other features' routes build their metadata with, and the readings of the
 * settings record the app shell's logo and footer show. They are part of the site feature's
 * surface, so they are exported here (convention 12), not imported from its internals.
 */
export {
  absoluteUrl,
  breadcrumbJsonLd,
  mediaUrl,
  originFor,
  pageHead,
  shopNameFor,
  siteTitleFor,
  summarize,
  type HeadMatch,
  type HeadResult,
} from './seo';
export { siteTitleOf, socialLinksOf, type SiteSettings } from './site-settings';
