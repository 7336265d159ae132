/**
 * The shopper's account: `GET /accounts/me/` and the saved delivery addresses
 * (`/accounts/addresses/`). User-specific, so they load in the browser while logged in
 * (architecture convention 13). Keys start with `['account']`; every address mutation puts
 * the server's answer into the list (or refetches it) and touches nothing else.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { components } from '../../../common/storefront-api';
import { countryName } from '../../components/countries';
import { ACCOUNT_QUERY_KEY } from '../auth/api';

export type SavedAddress = components['schemas']['SavedAddress'];
export type DeliveryAddress = components['schemas']['DeliveryAddress'];

/** Addresses a shopper may keep (the API's limit). */
export const MAX_SAVED_ADDRESSES = 20;

const ADDRESSES_KEY = [...ACCOUNT_QUERY_KEY, 'addresses'] as const;

/** The saved addresses, the default first. Key `['account','addresses']`. */
export const addressesQuery = () =>
  queryOptions({
    queryKey: ADDRESSES_KEY,
    queryFn: async ({ signal }): Promise<SavedAddress[]> => {
      const { data } = await api.GET('/accounts/addresses/', { signal });
      return Array.isArray(data) ? data : [];
    },
    staleTime: 30_000,
  });

/** The default address of a list, or undefined. */
export function defaultAddress(addresses: readonly SavedAddress[] | undefined) {
  return addresses?.find((address) => address.is_default);
}

/** True when two addresses have the same six fields (trimmed). */
export function sameAddress(a: DeliveryAddress, b: DeliveryAddress): boolean {
  const keys: (keyof DeliveryAddress)[] = [
    'fullname',
    'contact_number',
    'street',
    'city',
    'postalCode',
    'country',
  ];
  return keys.every((key) => a[key].trim() === b[key].trim());
}

/**
 * One line for an address in a list or a picker: 'Ada Lovelace, 7 Wren Close, York YO1 7HH,
 * United Kingdom' (the country by name, whether it was saved as a code or as free text).
 */
export function addressSummary(address: DeliveryAddress): string {
  return `${address.fullname}, ${address.street}, ${address.city} ${address.postalCode}, ${countryName(address.country)}`;
}

/**
 * Saves an address (`POST /accounts/addresses/`); the list is refetched, since a new default
 * changes the others. Rejects with the `ApiError` (400 field errors, or the limit's detail).
 */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeliveryAddress & { is_default?: boolean }) => {
      const { data } = await api.POST('/accounts/addresses/', { body });
      return data as SavedAddress;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}

/** Edits an address or makes it the default (`PATCH /accounts/addresses/{id}/`). */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      ...body
    }: Partial<DeliveryAddress> & { id: number; is_default?: boolean }) => {
      const { data } = await api.PATCH('/accounts/addresses/{id}/', {
        params: { path: { id } },
        body,
      });
      return data as SavedAddress;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}

/** Deletes an address (`DELETE /accounts/addresses/{id}/`); the default passes to another one. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/accounts/addresses/{id}/', { params: { path: { id } } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}

/** The name of the data file when the answer does not say (`my-data-YYYY-MM-DD.json`, today in UTC). */
export function dataFileName(contentDisposition: string | null, now = new Date()): string {
  const named = /filename="([^"\\/]+)"/.exec(contentDisposition ?? '')?.[1];
  return named ?? `my-data-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * Downloads the shopper's data (`GET /accounts/me/data/`, UK GDPR art. 15 and 20) as the JSON
 * file the server names. The call needs the bearer token, so it goes through the API client
 * (which refreshes the token) and the answer is saved from a Blob, not opened as a link.
 * Rejects with the `ApiError` of a refusal.
 */
export async function downloadAccountData(): Promise<void> {
  const { data, response } = await api.GET('/accounts/me/data/', { parseAs: 'blob' });
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = dataFileName(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // After this task: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Sends the signed-in shopper a link that verifies their address
 * (`POST /accounts/me/email/verify/`); resolves to the server's words naming the address.
 * Rejects with the `ApiError` (400 already verified, 429 too many links this hour).
 */
export function useRequestEmailVerification() {
  return useMutation({
    mutationFn: async (): Promise<string> => {
      const { data } = await api.POST('/accounts/me/email/verify/');
      return data?.detail ?? '';
    },
  });
}
