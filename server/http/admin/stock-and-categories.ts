/**
 * Stock and categories in the back office (openapi/admin.yaml, tags stock and categories). Each
 * handler translates the contract's snake_case body to server/catalog/stock.ts or
 * server/catalog/category-editing.ts, handing them the signed-in member as an `Acting`
 * (`requireActing`: the role was checked before, ./permissions.ts), which make the change in one
 * transaction with its activity entry (through the Acting's journal), and refuse with a DomainError
 * the error handler answers (server/http/domain-errors.ts). After a change the storefront's caches
 * forget what it made stale, in this process and (through ../cache-sync.ts) in every other: a stock
 * change only the product's pages and the lists (`invalidateProducts`), a category change the
 * shop's whole catalogue (`invalidate`: menus, category pages, the sitemap).
 */
import type { FastifyRequest } from 'fastify';
import {
  createCategory as create,
  deleteCategory as remove,
  listAdminCategories,
  reorderCategories as reorder,
  updateCategory as update,
} from '../../catalog/category-editing.ts';
import { changeProductStock, setStockThreshold } from '../../catalog/stock.ts';
import {
  getProductStock as stockOf,
  listLowStock as lowStockOf,
} from '../../catalog/stock-reads.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { pageAnswer, pageLinks } from './orders.ts';
import { changeShop } from './shop-changes.ts';
import { requireActing, requireStaff } from './staff-auth.ts';

/** The product's stock with page `page` of its history, as the contract shapes it. */
async function stockAnswer(request: FastifyRequest, productId: number, page = 1) {
  const { tenantId } = requireStaff(request);
  const { nextPage, previousPage, ...stock } = await stockOf(
    request.server.db,
    tenantId,
    productId,
    page,
  );
  return {
    ...stock,
    movements: { ...stock.movements, ...pageLinks(request, { nextPage, previousPage }) },
  };
}

/** GET /products/{product_id}/stock/?page= -> ProductStock; 404 for another shop's product. */
export const getProductStock: AdminOperationHandler<'getProductStock'> = async (request) =>
  stockAnswer(request, Number(request.params.product_id), request.query?.page ?? 1);

/**
 * POST /products/{product_id}/stock/ {mode, quantity, expected_stock?, reason, note?} ->
 * ProductStock; 409 `{detail, stock}` below zero, when the count moved, or made to order.
 */
export const adjustProductStock: AdminOperationHandler<'adjustProductStock'> = async (request) => {
  const acting = requireActing(request);
  const body = request.body;
  const done = await changeProductStock(
    request.server.db,
    acting,
    Number(request.params.product_id),
    {
      mode: body.mode,
      quantity: body.quantity,
      expectedStock: body.expected_stock,
      reason: body.reason,
      note: body.note,
    },
  );
  request.server.catalogCache.invalidateProducts(acting.tenantId, [done.slug]);
  // Back from 0: "back in stock" e-mails were queued with the change.
  if (done.before <= 0 && done.after > 0) request.server.emailOutbox.wake();
  return stockAnswer(request, done.productId);
};

/** PATCH /products/{product_id}/stock/ {low_stock_threshold} -> ProductStock. */
export const updateStockThreshold: AdminOperationHandler<'updateStockThreshold'> = async (
  request,
) => {
  const done = await setStockThreshold(
    request.server.db,
    requireActing(request),
    Number(request.params.product_id),
    request.body.low_stock_threshold,
  );
  return stockAnswer(request, done.productId);
};

/** GET /stock/low/?page= -> LowStockList (50 a page, emptiest first). */
export const listLowStock: AdminOperationHandler<'listLowStock'> = async (request) => {
  const { tenantId } = requireStaff(request);
  const page = await lowStockOf(request.server.db, tenantId, request.query?.page ?? 1);
  return pageAnswer(request, page);
};

/** GET /categories/ -> AdminCategory[] in the shop's order. */
export const listCategories: AdminOperationHandler<'listCategories'> = async (request) =>
  listAdminCategories(request.server.db, requireStaff(request).tenantId);

/** POST /categories/ {name, slug?, description?} -> 201 AdminCategory. */
export const createCategory: AdminOperationHandler<'createCategory'> = async (request, reply) => {
  const category = await changeShop(request, (db, acting) => create(db, acting, request.body));
  reply.code(201);
  return category;
};

/** PATCH /categories/{category_id}/ {name?, slug?, description?} -> AdminCategory. */
export const updateCategory: AdminOperationHandler<'updateCategory'> = async (request) =>
  changeShop(request, (db, acting) =>
    update(db, acting, Number(request.params.category_id), request.body),
  );

/** PUT /categories/order/ {ids} -> AdminCategory[] in the new order. */
export const reorderCategories: AdminOperationHandler<'reorderCategories'> = async (request) =>
  changeShop(request, (db, acting) => reorder(db, acting, request.body.ids));

/** DELETE /categories/{category_id}/ -> 204; 409 while it holds products. */
export const deleteCategory: AdminOperationHandler<'deleteCategory'> = async (request, reply) => {
  await changeShop(request, (db, acting) => remove(db, acting, Number(request.params.category_id)));
  return reply.code(204).send();
};

/** Stock and categories' handlers by operationId. */
export const stockAndCategoryHandlers: AdminHandlerMap = {
  getProductStock,
  adjustProductStock,
  updateStockThreshold,
  listLowStock,
  listCategories,
  createCategory,
  updateCategory,
  reorderCategories,
  deleteCategory,
};
