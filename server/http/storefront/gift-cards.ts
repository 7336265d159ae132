/**
 * The storefront's gift card operations (decision 090): the balance of a code, throttled per
 * client address (../wiring/gift-card-throttle.ts): over the limit, 429 with Retry-After.
 */
import { giftCardBalance } from '../../giftcards/balance.ts';
import type { OperationHandler } from '../contract-types.ts';
import { throttled } from '../throttled.ts';

/** POST /gift-cards/balance/ `{code}` -> GiftCardBalance; 404 for an unknown code, 429. */
export const getGiftCardBalance: OperationHandler<'getGiftCardBalance'> = async (
  request,
  reply,
) => {
  try {
    await request.server.giftCardThrottle.consume(request.tenant.id, request.ip);
    return await giftCardBalance(request.server.db, request.tenant.id, request.body.code);
  } catch (error) {
    return throttled(reply, error);
  }
};
