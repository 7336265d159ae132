/**
 * Discount codes in the back office (openapi/admin.yaml `listDiscountCodes`,
 * `createDiscountCode`, `updateDiscountCode`, `getDiscountReport`; issue 42): the owner's only
 * (./permissions.ts), checked before the handler runs. The rules are
 * server/discounts/code-editing.ts and server/orders/discount-report.ts.
 */
import { createCode, listCodes, updateCode } from '../../discounts/code-editing.ts';
import { discountReport } from '../../orders/discount-report.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { requireActing, requireStaff } from './staff-auth.ts';

/** GET /discount-codes/ -> {results: DiscountCode[]}. */
export const listDiscountCodes: AdminOperationHandler<'listDiscountCodes'> = async (request) => ({
  results: await listCodes(request.server.db, requireStaff(request).tenantId),
});

/** POST /discount-codes/ DiscountCodeCreate -> 201 DiscountCode; 400. */
export const createDiscountCode: AdminOperationHandler<'createDiscountCode'> = async (
  request,
  reply,
) => {
  const code = await createCode(request.server.db, requireActing(request), request.body);
  reply.code(201);
  return code;
};

/** PATCH /discount-codes/{code_id}/ DiscountCodeUpdate -> DiscountCode; 400, 404. */
export const updateDiscountCode: AdminOperationHandler<'updateDiscountCode'> = async (request) =>
  updateCode(
    request.server.db,
    requireActing(request),
    Number(request.params.code_id),
    request.body,
  );

/** GET /discount-codes/report/ -> DiscountReport. */
export const getDiscountReport: AdminOperationHandler<'getDiscountReport'> = async (request) =>
  discountReport(request.server.db, requireStaff(request).tenantId);

/** The discount operations by operationId, for ./operations.ts. */
export const discountHandlers = {
  listDiscountCodes,
  createDiscountCode,
  updateDiscountCode,
  getDiscountReport,
} satisfies AdminHandlerMap;
