/**
 * Today's lists: `GET /today/`, key `['today']`. Every move on an order may change them, so the
 * order moves invalidate this key (orders/api.ts).
 *
 * Whether the shop sells (issue 38): `GET /shop/`, key `['shop-launch']`, its state and set-up
 * checklist; the owner's moves (launch, close for a holiday, reopen, the preview password)
 * store the shop's answer under that key and mark the activity log stale; `useStartPreview`
 * sets the storefront's preview cookie for the member and answers where the shop is.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY, SHOP_LAUNCH_QUERY_KEY } from '../../api/query-keys';

export type Today = Schemas['Today'];
export type ShopLaunch = Schemas['ShopLaunch'];
export type ChecklistItem = Schemas['ChecklistItem'];

export const TODAY_QUERY_KEY = ['today'] as const;

export const todayQuery = () =>
  getQuery(TODAY_QUERY_KEY, (signal) => dataOf(api.GET('/today/', { signal })));

export const shopLaunchQuery = () =>
  getQuery(SHOP_LAUNCH_QUERY_KEY, (signal) => dataOf(api.GET('/shop/', { signal })));

/** A move on the shop: its answer replaces the shop's state; the log gains an entry. */
function useShopMove<Input>(send: (input: Input) => Promise<ShopLaunch>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (shop) => {
      queryClient.setQueryData(SHOP_LAUNCH_QUERY_KEY, shop);
      await queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY });
    },
    // A refused launch: the checklist may have changed since it was read.
    onError: () => queryClient.invalidateQueries({ queryKey: SHOP_LAUNCH_QUERY_KEY }),
  });
}

/** Launch: 409 with `missing`, the checklist items left, when the shop is not ready. */
export function useLaunchShop() {
  return useShopMove(async () => dataOf(api.POST('/shop/launch/')));
}

/** Close for a holiday with `message` (null: the storefront's own words). */
export function useCloseShop() {
  return useShopMove(async (message: string | null) =>
    dataOf(api.POST('/shop/close/', { body: { message } })),
  );
}

export function useReopenShop() {
  return useShopMove(async () => dataOf(api.POST('/shop/reopen/')));
}

/** Sets the preview password, or clears it with null. */
export function useSetPreviewPassword() {
  return useShopMove(async (password: string | null) =>
    dataOf(api.PUT('/shop/preview-password/', { body: { password } })),
  );
}

/** Lets this browser see the shop before it launches; answers where the shop is. */
export function useStartPreview() {
  return useMutation({
    mutationFn: async () => dataOf(api.POST('/shop/preview-session/')),
  });
}
