/**
 * The back office's gift card calls (decision 090; owners).
 *
 * Queries (keys start with `['gift-cards']`):
 * - `giftCardsQuery()`: `GET /gift-cards/`, key `['gift-cards','list']`, newest first;
 * - `giftCardQuery(id)`: `GET /gift-cards/{id}/`, key `['gift-cards','card',id]`, with its
 *   history.
 * Mutations: `issueStoreCredit` (`POST /gift-cards/`) and `cancelGiftCard`
 * (`POST /gift-cards/{id}/cancel/`); both refresh the list.
 */
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery } from '../../api/queries';

export type AdminGiftCard = Schemas['AdminGiftCard'];
export type AdminGiftCardDetail = Schemas['AdminGiftCardDetail'];
export type StoreCreditCreate = Schemas['StoreCreditCreate'];

export const GIFT_CARDS_QUERY_KEY = ['gift-cards'] as const;

export const giftCardsQuery = () =>
  getQuery([...GIFT_CARDS_QUERY_KEY, 'list'] as const, (signal) =>
    dataOf(api.GET('/gift-cards/', { signal })),
  );

export const giftCardQuery = (id: number) =>
  getQuery([...GIFT_CARDS_QUERY_KEY, 'card', id] as const, (signal) =>
    dataOf(
      api.GET('/gift-cards/{gift_card_id}/', { params: { path: { gift_card_id: id } }, signal }),
    ),
  );

/** Issues store credit; the code goes to the recipient by e-mail only. */
export const issueStoreCredit = (body: StoreCreditCreate) =>
  dataOf(api.POST('/gift-cards/', { body }));

/** Cancels a card with the owner's reason. */
export const cancelGiftCard = (id: number, reason: string) =>
  dataOf(
    api.POST('/gift-cards/{gift_card_id}/cancel/', {
      params: { path: { gift_card_id: id } },
      body: { reason },
    }),
  );
