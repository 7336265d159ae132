/**
 * The calls of "E-mail me when it is back" (openapi/storefront.yaml `requestBackInStock`,
 * `confirmBackInStock`; issue 42, server/catalog/back-in-stock.ts). Loaded only with the form
 * (a sold-out piece's page) and the confirmation page, never on other pages.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';

/** Asks to be e-mailed once when product `product` is back; resolves to the words to show. */
export function useRequestBackInStock() {
  return useMutation({
    mutationFn: async (body: {
      product: number;
      variant?: number;
      email: string;
    }): Promise<string> => {
      const { data } = await api.POST('/products/back-in-stock/', { body });
      return data?.detail ?? '';
    },
  });
}

/** Follows a confirmation link; resolves to the words to show and the piece. */
export function useConfirmBackInStock() {
  return useMutation({
    mutationFn: async (token: string) => {
      const { data } = await api.POST('/products/back-in-stock/confirm/', { body: { token } });
      return data!;
    },
  });
}
