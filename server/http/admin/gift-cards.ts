/**
 * The back office's gift cards (decision 090; owners: `orders.money`, ./permissions.ts): the
 * list, one card with its history, store credit issued as a gift card (its code e-mailed at
 * once, never answered), and a card cancelled. The domain is server/giftcards/gift-cards-admin.ts.
 */
import {
  cancelCard,
  giftCardDetail,
  issueCredit,
  listGiftCards as listCards,
} from '../../giftcards/gift-cards-admin.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { requireActing, requireStaff } from './staff-auth.ts';

/** GET /gift-cards/ -> AdminGiftCardList, newest first. */
export const listGiftCards: AdminOperationHandler<'listGiftCards'> = async (request) =>
  listCards(request.server.db, requireStaff(request).tenantId);

/** GET /gift-cards/{gift_card_id}/ -> AdminGiftCardDetail; 404 for no such card in the shop. */
export const getGiftCard: AdminOperationHandler<'getGiftCard'> = async (request) =>
  giftCardDetail(request.server.db, requireStaff(request).tenantId, request.params.gift_card_id);

/** POST /gift-cards/ StoreCreditCreate -> 201 AdminGiftCard; the code goes by e-mail only. */
export const issueStoreCredit: AdminOperationHandler<'issueStoreCredit'> = async (
  request,
  reply,
) => {
  const acting = requireActing(request);
  const { db, orders, emailOutbox } = request.server;
  const card = await issueCredit(db, acting, request.body, {
    origin: (tenantId) => orders.storefrontOrigin(tenantId),
    now: orders.now(),
  });
  emailOutbox.wake();
  reply.code(201);
  return card;
};

/** POST /gift-cards/{gift_card_id}/cancel/ `{reason}` -> AdminGiftCard; 404; 409 if cancelled. */
export const cancelGiftCard: AdminOperationHandler<'cancelGiftCard'> = async (request) =>
  cancelCard(
    request.server.db,
    requireActing(request),
    request.params.gift_card_id,
    request.body.reason,
    request.server.orders.now(),
  );

/** The gift cards' handlers by operationId. */
export const giftCardHandlers: AdminHandlerMap = {
  listGiftCards,
  getGiftCard,
  issueStoreCredit,
  cancelGiftCard,
};
