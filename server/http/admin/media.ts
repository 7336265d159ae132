/**
 * The back office's images (openapi/admin.yaml, tag media): uploading one (the body is the
 * file's bytes, read by ./image-bodies.ts) and a product's photos. Each handler translates to
 * server/media/, handing it the signed-in member as an `Acting` (`requireActing`: the role was
 * checked before, ./permissions.ts), and after a photo change makes the catalogue
 * cache forget the shop's products (the product page and the lists show photos; other
 * processes are told through ../cache-sync.ts, and the page cache listens).
 */
import {
  addProductPhoto as addPhoto,
  listProductPhotos as listPhotos,
  removeProductPhoto as removePhoto,
  reorderProductPhotos as reorderPhotos,
  updateProductPhoto as updatePhoto,
} from '../../media/product-photos.ts';
import { MEDIA_MESSAGES } from '../../media/messages.ts';
import { uploadImage as upload } from '../../media/uploads.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { HttpError } from '../http-error.ts';
import { changeShop } from './shop-changes.ts';
import { requireActing, requireStaff } from './staff-auth.ts';

/** POST /media/uploads/ (the image's bytes) -> 201 MediaUpload; 400, 413, 415. */
export const uploadImage: AdminOperationHandler<'uploadImage'> = async (request, reply) => {
  const acting = requireActing(request);
  const body: unknown = request.body;
  // A JSON body, or none, reaches here too (the JSON parser takes the first; no parser runs
  // for the second): neither is an image.
  if (!Buffer.isBuffer(body)) {
    throw new HttpError(415, { detail: MEDIA_MESSAGES.wrongContentType });
  }
  const made = await upload(
    {
      db: request.server.db,
      store: request.server.mediaStore,
      publicApiPath: request.server.publicApiPath,
    },
    acting,
    request.tenant.mediaSlug,
    body,
  );
  reply.code(201);
  return made;
};

/** GET /products/{product_id}/photos/ -> ProductPhoto[]. */
export const listProductPhotos: AdminOperationHandler<'listProductPhotos'> = async (request) => {
  const { tenantId } = requireStaff(request);
  return listPhotos(request.server.db, tenantId, Number(request.params.product_id));
};

/** POST /products/{product_id}/photos/ {upload_id, alt_text} -> 201 ProductPhoto[]; 400, 409. */
export const addProductPhoto: AdminOperationHandler<'addProductPhoto'> = async (request, reply) => {
  const photos = await changeShop(request, (db, acting) =>
    addPhoto(db, acting, Number(request.params.product_id), {
      uploadId: request.body.upload_id,
      altText: request.body.alt_text,
    }),
  );
  reply.code(201);
  return photos;
};

/** PUT /products/{product_id}/photos/order/ {photo_ids} -> ProductPhoto[]; 400. */
export const reorderProductPhotos: AdminOperationHandler<'reorderProductPhotos'> = async (
  request,
) =>
  changeShop(request, (db, acting) =>
    reorderPhotos(db, acting, Number(request.params.product_id), request.body.photo_ids),
  );

/** PATCH /products/{product_id}/photos/{photo_id}/ {alt_text} -> ProductPhoto[]; 400. */
export const updateProductPhoto: AdminOperationHandler<'updateProductPhoto'> = async (request) =>
  changeShop(request, (db, acting) =>
    updatePhoto(db, acting, Number(request.params.product_id), Number(request.params.photo_id), {
      altText: request.body.alt_text,
    }),
  );

/** DELETE /products/{product_id}/photos/{photo_id}/ -> ProductPhoto[] (those left). */
export const removeProductPhoto: AdminOperationHandler<'removeProductPhoto'> = async (request) =>
  changeShop(request, (db, acting) =>
    removePhoto(db, acting, Number(request.params.product_id), Number(request.params.photo_id)),
  );

export const mediaHandlers = {
  uploadImage,
  listProductPhotos,
  addProductPhoto,
  reorderProductPhotos,
  updateProductPhoto,
  removeProductPhoto,
} satisfies AdminHandlerMap;
