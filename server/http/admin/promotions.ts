/**
 * The shop's sales in the back office (openapi/admin.yaml, tag promotions; issue 42, decision
 * 089): each handler hands the body to server/catalog/sale-editing.ts as the signed-in owner
 * (the role was checked at the door, ./permissions.ts), which writes the change and its activity
 * entry in one transaction; after a change the storefront forgets what it showed of the shop
 * (`changeShop`: prices change everywhere, in every process).
 */
import { createSale, endSale, getSale, listSales, updateSale } from '../../catalog/sale-editing.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { changeShop } from './shop-changes.ts';
import { requireStaff } from './staff-auth.ts';

/** GET /promotions/sales/ -> AdminSale[], newest start first. */
export const listPromotionSales: AdminOperationHandler<'listPromotionSales'> = async (request) =>
  listSales(request.server.db, requireStaff(request).tenantId);

/** POST /promotions/sales/ SaleCreate -> 201 AdminSale. */
export const createPromotionSale: AdminOperationHandler<'createPromotionSale'> = async (
  request,
  reply,
) => {
  const sale = await changeShop(request, (db, acting) => createSale(db, acting, request.body));
  reply.code(201);
  return sale;
};

/** GET /promotions/sales/{sale_id}/ -> AdminSale; 404 for another shop's. */
export const getPromotionSale: AdminOperationHandler<'getPromotionSale'> = async (request) =>
  getSale(request.server.db, requireStaff(request).tenantId, Number(request.params.sale_id));

/** PATCH /promotions/sales/{sale_id}/ SaleUpdate -> AdminSale; 409 once ended. */
export const updatePromotionSale: AdminOperationHandler<'updatePromotionSale'> = async (request) =>
  changeShop(request, (db, acting) =>
    updateSale(db, acting, Number(request.params.sale_id), request.body),
  );

/** POST /promotions/sales/{sale_id}/end/ -> AdminSale, ended now; 409 once ended. */
export const endPromotionSale: AdminOperationHandler<'endPromotionSale'> = async (request) =>
  changeShop(request, (db, acting) => endSale(db, acting, Number(request.params.sale_id)));

/** The sales' handlers by operationId. */
export const promotionHandlers: AdminHandlerMap = {
  listPromotionSales,
  createPromotionSale,
  getPromotionSale,
  updatePromotionSale,
  endPromotionSale,
};
