/**
 * "E-mail me when it is back" (issue 42, decision 092): asking for a sold-out product and
 * confirming the e-mailed link. The rules are server/catalog/back-in-stock.ts; the throttles
 * (http/wiring/back-in-stock-throttle.ts) answer 429 here. The e-mails are queued with the
 * change, and the outbox is woken after it.
 */
import { confirmBackInStock, requestBackInStock } from '../../catalog/back-in-stock.ts';
import type { OperationHandler } from '../contract-types.ts';
import { throttled } from '../throttled.ts';

/**
 * POST /products/back-in-stock/ `{product, email}` -> 202 `{detail}`: the link was sent, or the
 * address is already on the list. Errors: 400 field errors; 404 not an active product of this
 * shop; 409 it can be ordered now; 429 past the client address's asks of the hour.
 */
export const requestBackInStockHandler: OperationHandler<'requestBackInStock'> = async (
  request,
  reply,
) => {
  try {
    const answer = await requestBackInStock(
      {
        db: request.server.db,
        tenantId: request.tenant.id,
        clientAddress: request.ip,
        userId: request.user?.id ?? null,
        origin: request.server.siteOrigin(request.tenant.id),
      },
      request.server.backInStockThrottles,
      request.body,
    );
    request.server.emailOutbox.wake();
    return reply.code(202).send(answer);
  } catch (error) {
    return throttled(reply, error);
  }
};

/**
 * POST /products/back-in-stock/confirm/ `{token}` -> 200 `{detail, product: {name, slug}}`.
 * Errors: 400 `{token: [...]}` for a link no longer valid; 429 past the client address's
 * confirmations of the hour.
 */
export const confirmBackInStockHandler: OperationHandler<'confirmBackInStock'> = async (
  request,
  reply,
) => {
  try {
    const answer = await confirmBackInStock(
      { db: request.server.db, tenantId: request.tenant.id, clientAddress: request.ip },
      request.server.backInStockThrottles,
      request.body.token,
    );
    request.server.emailOutbox.wake();
    return answer;
  } catch (error) {
    return throttled(reply, error);
  }
};
