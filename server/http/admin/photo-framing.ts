/**
 * How the shop frames its photos (openapi/admin.yaml: `listShopPhotos`, `setPhotoFocalPoint`,
 * `getPhotoDisplay`, `updatePhotoDisplay`, `setCategoryImage`): the role was checked before the
 * handler runs (./permissions.ts); the rules are server/media/photo-framing.ts,
 * server/settings/photo-display.ts and server/catalog/category-images.ts. After a change the
 * storefront (every process) forgets what it showed of the shop.
 */
import { setCategoryImage as chooseCategoryImage } from '../../catalog/category-images.ts';
import {
  listShopPhotos as readShopPhotos,
  setPhotoFocalPoint as setFocalPoint,
} from '../../media/photo-framing.ts';
import {
  getPhotoDisplay as readDisplay,
  updatePhotoDisplay as changeDisplay,
} from '../../settings/photo-display.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { changeShop } from './shop-changes.ts';
import { requireActing, requireStaff } from './staff-auth.ts';

/** GET /photos/ -> {results: ShopPhoto[]}. */
export const listShopPhotos: AdminOperationHandler<'listShopPhotos'> = async (request) => ({
  results: await readShopPhotos(request.server.db, requireStaff(request).tenantId),
});

/** PUT /products/{product_id}/photos/{photo_id}/focal-point/ {focal_x, focal_y} -> ProductPhoto[]; 400. */
export const setPhotoFocalPoint: AdminOperationHandler<'setPhotoFocalPoint'> = async (request) =>
  changeShop(request, (db, acting) =>
    setFocalPoint(
      db,
      acting,
      Number(request.params.product_id),
      Number(request.params.photo_id),
      request.body,
    ),
  );

/** GET /settings/photos/ -> PhotoDisplay. */
export const getPhotoDisplay: AdminOperationHandler<'getPhotoDisplay'> = async (request) =>
  readDisplay(request.server.db, requireStaff(request).tenantId);

/** PATCH /settings/photos/ {card_aspect?, hero_photo_id?} -> PhotoDisplay; 400. */
export const updatePhotoDisplay: AdminOperationHandler<'updatePhotoDisplay'> = async (request) =>
  changeDisplay(
    {
      db: request.server.db,
      acting: requireActing(request),
      changed: (tenantId) => request.server.catalogCache.invalidate(tenantId),
    },
    request.body,
  );

/** PUT /categories/{category_id}/image/ {photo_id} -> AdminCategory; 400. */
export const setCategoryImage: AdminOperationHandler<'setCategoryImage'> = async (request) =>
  changeShop(request, (db, acting) =>
    chooseCategoryImage(db, acting, Number(request.params.category_id), request.body.photo_id),
  );

/**
 * The photo framing operations by operationId, for the admin handler map
 * (./operations.ts spreads it in; `satisfies AdminHandlerMap` checks each against
 * openapi/admin.yaml's generated types). Each operation's access is in ./permissions.ts.
 */
export const photoFramingHandlers = {
  listShopPhotos,
  setPhotoFocalPoint,
  getPhotoDisplay,
  updatePhotoDisplay,
  setCategoryImage,
} satisfies AdminHandlerMap;
