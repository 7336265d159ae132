/**
 * The shop's own door (issue 38, decision 079 "Launch"): `POST /shop/preview/ {password}`, the
 * preview password of a shop that has not launched yet. A right one answers 204 with the
 * preview cookie (../shop-open.ts), with which the storefront answers as if the shop were
 * open; a wrong one 400 `{"password": ["That password is not right."]}`; too many wrong ones
 * from one address 429 with Retry-After, as logins are throttled.
 */
import { SHOP_STATUS_MESSAGES } from '../../../common/shop-status.ts';
import type { OperationHandler } from '../contract-types.ts';
import { HttpError } from '../http-error.ts';
import { throttled } from '../throttled.ts';

/** POST /shop/preview/ -> 204 and the preview cookie; 400 on `password`; 429. */
export const previewShop: OperationHandler<'previewShop'> = async (request, reply) => {
  const gate = request.server.shopGate;
  const attempt = await gate.tryPassword(request, request.tenant.id, request.body.password);
  if (!attempt.ok && attempt.reason === 'throttled') return throttled(reply, attempt.error);
  if (!attempt.ok)
    throw new HttpError(400, { password: [SHOP_STATUS_MESSAGES.wrongPreviewPassword] });
  gate.setPassCookie(request, reply, attempt.pass);
  return reply.code(204).header('cache-control', 'no-store').send();
};
