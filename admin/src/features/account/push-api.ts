/**
 * The signed-in member's push notifications (openapi/admin.yaml, tag me), in a file of their own
 * beside ./api.ts:
 *
 * - `pushSettingsQuery`: `GET /me/push/`, key `['push-settings']` → `{public_key, events,
 *   devices}` (the server's VAPID key, null when push is off on the server);
 * - `useUpdatePushEvents`: `PATCH /me/push/` with the switches changed; the answer replaces the
 *   query's data;
 * - `useAddPushSubscription`: `POST /me/push/subscriptions/` with this device's subscription;
 * - `useRemovePushSubscription`: `POST /me/push/subscriptions/remove/` with its endpoint.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';

export type PushSettings = Schemas['PushSettings'];
export type PushEvents = Schemas['PushEvents'];
export type PushSubscriptionInput = Schemas['PushSubscriptionInput'];

const PUSH_SETTINGS_KEY = ['push-settings'] as const;

export const pushSettingsQuery = () =>
  queryOptions({
    queryKey: PUSH_SETTINGS_KEY,
    queryFn: async ({ signal }): Promise<PushSettings> => {
      const { data } = await api.GET('/me/push/', { signal });
      return data as PushSettings;
    },
  });

/** Saves the answer as the settings' data. */
function usePushSettingsMutation<T>(send: (input: T) => Promise<PushSettings | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => {
      if (settings) queryClient.setQueryData(PUSH_SETTINGS_KEY, settings);
      else void queryClient.invalidateQueries({ queryKey: PUSH_SETTINGS_KEY });
    },
  });
}

export function useUpdatePushEvents() {
  return usePushSettingsMutation(async (events: Partial<PushEvents>) => {
    const { data } = await api.PATCH('/me/push/', { body: events });
    return data;
  });
}

export function useAddPushSubscription() {
  return usePushSettingsMutation(async (subscription: PushSubscriptionInput) => {
    const { data } = await api.POST('/me/push/subscriptions/', { body: subscription });
    return data;
  });
}

export function useRemovePushSubscription() {
  return usePushSettingsMutation(async (endpoint: string) => {
    await api.POST('/me/push/subscriptions/remove/', { body: { endpoint } });
    return undefined;
  });
}
