/**
 * The owner's settings (owners only): the site, shipping zones and methods, the workshop, and
 * payments.
 *
 * Queries (keys start with `['settings']`): `siteQuery` (`GET /settings/site/`, key
 * `['settings','site']`), `zonesQuery` (`['settings','zones']`), `methodsQuery`
 * (`['settings','methods']`), `workshopQuery` (`['settings','workshop']`), `paymentsQuery`
 * (`['settings','payments']`), `safetyDefaultQuery` (`['settings','product-safety']`).
 *
 * Each mutation stores what the server answers where it can, refreshes what it changed, and
 * marks the activity log stale (every change adds an entry).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY, SHOP_LAUNCH_QUERY_KEY } from '../../api/query-keys';
import { SHOP_CURRENCY_QUERY_KEY } from '../../api/shop-currency';

export type SiteSetup = Schemas['SiteSetup'];
export type SiteSetupChange = Schemas['SiteSetupChange'];
export type ShippingZone = Schemas['ShippingZone'];
export type ShippingZoneInput = Schemas['ShippingZoneInput'];
export type ShippingMethod = Schemas['ShippingMethod'];
export type ShippingMethodInput = Schemas['ShippingMethodInput'];
export type WorkshopSettings = Schemas['WorkshopSettings'];
export type PaymentSetup = Schemas['PaymentSetup'];
export type PaymentSetupChange = Schemas['PaymentSetupChange'];
export type CardCredentialsInput = Schemas['CardCredentialsInput'];
export type SafetyInfo = Schemas['SafetyInfo'];
export type SafetyInfoInput = Schemas['SafetyInfoInput'];

const SITE_KEY = ['settings', 'site'] as const;
const ZONES_KEY = ['settings', 'zones'] as const;
const METHODS_KEY = ['settings', 'methods'] as const;
const WORKSHOP_KEY = ['settings', 'workshop'] as const;
const PAYMENTS_KEY = ['settings', 'payments'] as const;
const SAFETY_KEY = ['settings', 'product-safety'] as const;

export const siteQuery = () =>
  getQuery(SITE_KEY, (signal) => dataOf(api.GET('/settings/site/', { signal })));

export const zonesQuery = () =>
  queryOptions({
    queryKey: ZONES_KEY,
    queryFn: async ({ signal }): Promise<ShippingZone[]> => {
      const { data } = await api.GET('/settings/shipping/zones/', { signal });
      return data?.results ?? [];
    },
  });

export const methodsQuery = () =>
  queryOptions({
    queryKey: METHODS_KEY,
    queryFn: async ({ signal }): Promise<ShippingMethod[]> => {
      const { data } = await api.GET('/settings/shipping/methods/', { signal });
      return data?.results ?? [];
    },
  });

export const workshopQuery = () =>
  getQuery(WORKSHOP_KEY, (signal) => dataOf(api.GET('/settings/workshop/', { signal })));

export const paymentsQuery = () =>
  getQuery(PAYMENTS_KEY, (signal) => dataOf(api.GET('/settings/payments/', { signal })));

/** A mutation that stores its answer under `key` (when given) and marks `stale` and the log stale. */
function useSettingsMutation<Input, Output>(
  send: (input: Input) => Promise<Output>,
  key: readonly string[] | null,
  stale: readonly (readonly string[])[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      if (key) queryClient.setQueryData(key, answer);
      await Promise.all([
        ...stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
      ]);
    },
  });
}

/** Saves site settings; the shop's currency, which every amount of the back office shows, too. */
export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useSettingsMutation(async (body: SiteSetupChange) => {
    const { data } = await api.PATCH('/settings/site/', { body });
    const site = data as SiteSetup;
    queryClient.setQueryData(SHOP_CURRENCY_QUERY_KEY, site.currency);
    return site;
  }, SITE_KEY);
}

/** `GET /settings/product-safety/`: the shop's default product safety information (GPSR art. 19). */
export const safetyDefaultQuery = () =>
  getQuery(SAFETY_KEY, (signal) => dataOf(api.GET('/settings/product-safety/', { signal })));

/** Saves the shop's default; every product's editor (which shows it) is stale after. */
export function useUpdateSafetyDefault() {
  return useSettingsMutation(
    async (body: SafetyInfoInput) => {
      const { data } = await api.PUT('/settings/product-safety/', { body });
      return data as SafetyInfo;
    },
    SAFETY_KEY,
    [['products']],
  );
}

export function useUpdateWorkshop() {
  return useSettingsMutation(async (body: WorkshopSettings) => {
    const { data } = await api.PUT('/settings/workshop/', { body });
    return data as WorkshopSettings;
  }, WORKSHOP_KEY);
}

export function useUpdatePayments() {
  return useSettingsMutation(async (body: PaymentSetupChange) => {
    const { data } = await api.PATCH('/settings/payments/', { body });
    return data as PaymentSetup;
  }, PAYMENTS_KEY);
}

export function useReplaceCredentials() {
  return useSettingsMutation(async (body: CardCredentialsInput) => {
    const { data } = await api.PUT('/settings/payments/card-provider/', { body });
    return data as PaymentSetup;
  }, PAYMENTS_KEY);
}

/**
 * Tests the saved card credentials with their provider; the answer says when and whether the
 * keys are live. Today's launch checklist counts only live keys the provider accepted, so it is
 * read again after a test, accepted or refused (a refusal takes back an earlier test).
 */
export function useCheckCredentials() {
  const queryClient = useQueryClient();
  const refresh = (keys: readonly (readonly string[])[]) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: async () => {
      const { data } = await api.POST('/settings/payments/card-provider/check/');
      return data as PaymentSetup;
    },
    onSuccess: async (answer) => {
      queryClient.setQueryData(PAYMENTS_KEY, answer);
      await refresh([SHOP_LAUNCH_QUERY_KEY, ACTIVITY_QUERY_KEY]);
    },
    onError: () => refresh([SHOP_LAUNCH_QUERY_KEY, PAYMENTS_KEY, ACTIVITY_QUERY_KEY]),
  });
}

/** Zone moves: each refreshes the zones (and the methods, which name their zone). */
export function useZoneMoves() {
  const stale = [ZONES_KEY, METHODS_KEY];
  return {
    create: useSettingsMutation(
      async (body: ShippingZoneInput) => {
        const { data } = await api.POST('/settings/shipping/zones/', { body });
        return data as ShippingZone;
      },
      null,
      stale,
    ),
    update: useSettingsMutation(
      async ({ id, body }: { id: number; body: Partial<ShippingZoneInput> }) => {
        const { data } = await api.PATCH('/settings/shipping/zones/{zone_id}/', {
          params: { path: { zone_id: id } },
          body,
        });
        return data as ShippingZone;
      },
      null,
      stale,
    ),
    remove: useSettingsMutation(
      async (id: number) => {
        await api.DELETE('/settings/shipping/zones/{zone_id}/', {
          params: { path: { zone_id: id } },
        });
      },
      null,
      stale,
    ),
    reorder: useSettingsMutation(async (ids: number[]) => {
      const { data } = await api.POST('/settings/shipping/zones/reorder/', { body: { ids } });
      return data?.results ?? [];
    }, ZONES_KEY),
  };
}

/** Method moves: each refreshes the methods. */
export function useMethodMoves() {
  const stale = [METHODS_KEY];
  return {
    create: useSettingsMutation(
      async (body: ShippingMethodInput) => {
        const { data } = await api.POST('/settings/shipping/methods/', { body });
        return data as ShippingMethod;
      },
      null,
      stale,
    ),
    update: useSettingsMutation(
      async ({ id, body }: { id: number; body: Partial<ShippingMethodInput> }) => {
        const { data } = await api.PATCH('/settings/shipping/methods/{method_id}/', {
          params: { path: { method_id: id } },
          body,
        });
        return data as ShippingMethod;
      },
      null,
      stale,
    ),
    remove: useSettingsMutation(
      async (id: number) => {
        await api.DELETE('/settings/shipping/methods/{method_id}/', {
          params: { path: { method_id: id } },
        });
      },
      null,
      stale,
    ),
    reorder: useSettingsMutation(async (ids: number[]) => {
      const { data } = await api.POST('/settings/shipping/methods/reorder/', { body: { ids } });
      return data?.results ?? [];
    }, METHODS_KEY),
  };
}
