/**
 * The shopper's data rights (UK GDPR / GDPR art. 15, 17 and 20): a copy of their data as a
 * download, and erasing their account. The rules are server/accounts/my-data.ts and
 * server/accounts/erasure.ts.
 *
 * - exportAccountData: 200 AccountDataExport with `Content-Disposition: attachment;
 *   filename="my-data-YYYY-MM-DD.json"`, never cached.
 * - deleteAccount: 204 (the shop's catalogue cache is dropped, so product pages show the reviews
 *   under the former customer's name at once); 400 `{password: [...]}` for a wrong password; 429
 *   past the account's failed logins (the login throttle).
 */
import { eraseAccount } from '../../accounts/erasure.ts';
import { exportAccountData as exportData, exportFileName } from '../../accounts/my-data.ts';
import { shopperMoveFacts } from '../../orders/shopper-moves.ts';
import { accountScope } from '../account-scope.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';
import { throttled } from '../throttled.ts';

/** GET /accounts/me/data/ -> 200 the customer's data file (an attachment). */
export const exportAccountData: OperationHandler<'exportAccountData'> = async (request, reply) => {
  const user = requireUser(request);
  // The orders' `actions` read the shop's card provider; `moves.now` is the export's time.
  const moves = await shopperMoveFacts(request.server.orders, request.tenant.id);
  const data = await exportData(
    request.server.db,
    { tenantId: request.tenant.id, userId: user.id },
    moves,
  );
  reply
    .header('content-disposition', `attachment; filename="${exportFileName(moves.now)}"`)
    .header('cache-control', 'no-store');
  return data;
};

/** POST /accounts/me/delete/ -> 204 once the account is erased. */
export const deleteAccount: OperationHandler<'deleteAccount'> = async (request, reply) => {
  const user = requireUser(request);
  try {
    await eraseAccount(
      accountScope(request),
      request.server.auth,
      request.log,
      user.id,
      request.body.password,
    );
  } catch (error) {
    return throttled(reply, error);
  }
  // The product pages show the reviews' authors: the next answer names the former customer.
  request.server.catalogCache.invalidate(request.tenant.id);
  return reply.code(204).send();
};
