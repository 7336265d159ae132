/**
 * The storefront's gift card calls (decision 090): a gift card added to the cart with its
 * amount, recipient, message and date (`POST /orders/cart/add-item/` with `gift_card`; the cart's
 * answer replaces the cached cart), and a code's balance (`POST /gift-cards/balance/`, throttled
 * by the server: 429 past 10 codes in 15 minutes).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { components } from '../../../common/storefront-api';
import { replaceCartLocally } from '../cart/api';

export type GiftCardChoice = components['schemas']['GiftCardChoice'];
export type GiftCardOffer = components['schemas']['GiftCardOffer'];
export type GiftCardBalance = components['schemas']['GiftCardBalance'];

/** Adds a gift card line; the server checks the choice (400 `gift_card.*` per field). */
export function useAddGiftCard(onSuccess: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { productId: number; giftCard: GiftCardChoice }) => {
      const { data } = await api.POST('/orders/cart/add-item/', {
        body: { product_id: input.productId, quantity: 1, gift_card: input.giftCard },
      });
      return data!;
    },
    onSuccess: (cart) => {
      replaceCartLocally(queryClient, cart);
      onSuccess();
    },
  });
}

/** A code's balance; 404 "This gift card code is not valid." for a code no card has. */
export function useGiftCardBalance() {
  return useMutation({
    mutationFn: async (code: string) => {
      const { data } = await api.POST('/gift-cards/balance/', { body: { code } });
      return data!;
    },
  });
}
