/**
 * The catalogue's products in the back office (openapi/admin.yaml, tag products): the list,
 * one product, create, update (publish, draft, archive, unarchive), duplicate. Each translates
 * the contract to server/catalog/product-*.ts and back; the member's permission
 * (`catalog.edit`) was checked before the handler runs (./permissions.ts), and a write hands the
 * domain the member as an `Acting` (`requireActing`). After every write the catalogue's caches are
 * forgotten in every process (`catalogCache.invalidate`: the storefront's answers, its rendered
 * pages and the sitemap listen to it), so the shop shows the change within a second.
 */
import { getAdminProduct, listAdminProducts } from '../../catalog/product-admin-read.ts';
import { duplicateProduct as duplicate } from '../../catalog/product-duplicate.ts';
import { createProduct as create, updateProduct as update } from '../../catalog/product-editing.ts';
import { bulkChangeProducts as bulkChange } from '../../catalog/product-bulk.ts';
import { attachNewPhotos } from '../../media/product-photos.ts';
import { listRecalls, publishRecall, withdrawRecall } from '../../catalog/recalls.ts';
import { getVariants, saveVariants } from '../../catalog/variants.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { pageAnswer } from './orders.ts';
import { forgetShop } from './shop-changes.ts';
import { requireActing, requireStaff } from './staff-auth.ts';

/** GET /products/?search=&category=&status=&stock=&page= -> AdminProductList (25 a page). */
export const listProducts: AdminOperationHandler<'listProducts'> = async (request) => {
  const actor = requireStaff(request);
  const query = request.query ?? {};
  const page = await listAdminProducts(request.server.db, actor.tenantId, {
    search: query.search,
    categoryId: query.category,
    status: query.status,
    stock: query.stock,
    page: query.page,
  });
  return pageAnswer(request, page);
};

/** GET /products/{product_id}/ -> AdminProduct; 404 for no such product in the shop. */
export const getProduct: AdminOperationHandler<'getProduct'> = async (request) => {
  const actor = requireStaff(request);
  return getAdminProduct(request.server.db, actor.tenantId, request.params.product_id);
};

/**
 * POST /products/ ProductCreate -> 201 AdminProduct; 400 with field errors. The photos chosen
 * with it (`photos`, uploads made while the form was filled) are attached in the same
 * transaction: one refused creates nothing.
 */
export const createProduct: AdminOperationHandler<'createProduct'> = async (request, reply) => {
  const acting = requireActing(request);
  const { photos, ...fields } = request.body;
  const id = await create(request.server.db, acting, fields, new Date(), {
    within: (trx, productId) => attachNewPhotos(trx, acting, productId, photos),
  });
  forgetShop(request, acting.tenantId);
  reply.code(201);
  return getAdminProduct(request.server.db, acting.tenantId, id);
};

/** PATCH /products/{product_id}/ ProductUpdate -> AdminProduct; 400, 404. */
export const updateProduct: AdminOperationHandler<'updateProduct'> = async (request) => {
  const acting = requireActing(request);
  const id = request.params.product_id;
  if (await update(request.server.db, acting, id, request.body)) {
    forgetShop(request, acting.tenantId);
  }
  return getAdminProduct(request.server.db, acting.tenantId, id);
};

/** POST /products/{product_id}/duplicate/ -> 201 AdminProduct (the draft copy); 404. */
export const duplicateProduct: AdminOperationHandler<'duplicateProduct'> = async (
  request,
  reply,
) => {
  const acting = requireActing(request);
  const id = await duplicate(request.server.db, acting, request.params.product_id);
  // A draft shows nowhere in the shop; forgotten anyway, as every catalogue write does.
  forgetShop(request, acting.tenantId);
  reply.code(201);
  return getAdminProduct(request.server.db, acting.tenantId, id);
};

// ~~ i40 products: bulk ~~
/**
 * POST /products/bulk/ {action, product_ids, stock?} -> ProductBulkResult; 400 (nothing
 * changed) for a bad field or a product the shop does not have.
 */
export const bulkChangeProducts: AdminOperationHandler<'bulkChangeProducts'> = async (request) => {
  const acting = requireActing(request);
  const done = await bulkChange(request.server.db, acting, request.body);
  if (done.changed > 0) forgetShop(request, acting.tenantId);
  // A stock set may have queued "back in stock" e-mails.
  if (done.changed > 0 && done.action === 'set_stock') request.server.emailOutbox.wake();
  return done;
};
// ~~ end i40 products: bulk ~~

// ~~ i41 safety: recalls ~~
/** GET /products/{product_id}/recalls/ -> ProductRecallList, newest first; 404. */
export const listProductRecalls: AdminOperationHandler<'listProductRecalls'> = async (request) => ({
  results: await listRecalls(
    request.server.db,
    requireStaff(request).tenantId,
    request.params.product_id,
  ),
});

/**
 * POST /products/{product_id}/recalls/ ProductRecallCreate -> 201 ProductRecall (owner only,
 * checked at the door): the notice, the product off sale when asked, every buyer e-mailed
 * once (server/catalog/recalls.ts); the outbox is woken after the commit. 400, 404, 409.
 */
export const publishProductRecall: AdminOperationHandler<'publishProductRecall'> = async (
  request,
  reply,
) => {
  const acting = requireActing(request);
  const { db, orders, emailOutbox } = request.server;
  const recall = await publishRecall(
    db,
    acting,
    request.params.product_id,
    request.body,
    orders.storefrontOrigin(acting.tenantId),
  );
  forgetShop(request, acting.tenantId);
  emailOutbox.wake();
  reply.code(201);
  return recall;
};

/** POST /products/{product_id}/recalls/{recall_id}/withdraw/ -> ProductRecall; 404. */
export const withdrawProductRecall: AdminOperationHandler<'withdrawProductRecall'> = async (
  request,
) => {
  const acting = requireActing(request);
  const recall = await withdrawRecall(
    request.server.db,
    acting,
    request.params.product_id,
    request.params.recall_id,
  );
  forgetShop(request, acting.tenantId);
  return recall;
};
// ~~ end i41 safety: recalls ~~

// ~~ i42 variants ~~
/** GET /products/{product_id}/variants/ -> ProductVariants; 404. */
export const getProductVariants: AdminOperationHandler<'getProductVariants'> = async (request) =>
  getVariants(request.server.db, requireStaff(request).tenantId, request.params.product_id);

/**
 * PUT /products/{product_id}/variants/ ProductVariantsUpdate -> ProductVariants (see
 * server/catalog/variants.ts `saveVariants`); 400 per field, 404. The shop's caches are
 * forgotten: prices, stock and the product page change.
 */
export const updateProductVariants: AdminOperationHandler<'updateProductVariants'> = async (
  request,
) => {
  const acting = requireActing(request);
  const saved = await saveVariants(
    request.server.db,
    acting,
    request.params.product_id,
    request.body,
  );
  forgetShop(request, acting.tenantId);
  return saved;
};
// ~~ end i42 variants ~~

/** The products' handlers by operationId. */
export const productHandlers: AdminHandlerMap = {
  listProducts,
  getProduct,
  createProduct,
  updateProduct,
  duplicateProduct,
  bulkChangeProducts,
  listProductRecalls,
  publishProductRecall,
  withdrawProductRecall,
  getProductVariants,
  updateProductVariants,
};
