/**
 * A product's photos in the back office (table `product_images`, which the storefront reads):
 * list, add an upload with its alt text, change an alt text, reorder (the first is the main
 * image) and remove. At most ten a product; every alt text required.
 *
 * Each change runs in one transaction that first writes to the product's row (on PostgreSQL the
 * row lock until the commit, on SQLite the write lock), so two members adding the tenth and an
 * eleventh photo at once take turns and the second is refused; it is written down through the
 * door's journal (`acting.journal`, server/platform/journal.ts: the activity log; object
 * `product`) with the photos' state before and after. Positions are kept 1..n in
 * display order. The caller makes the storefront forget the product after the commit
 * (`catalogCache.invalidate`).
 *
 * Removing a photo leaves its files in the media store (./uploads.ts says why).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import type { MediaErrorCode } from './errors.ts';
import { MAX_ALT_TEXT, MAX_PHOTOS } from './limits.ts';
import { MEDIA_MESSAGES } from './messages.ts';
import { claimUpload } from './uploads.ts';

/** One photo as the back office shows it. */
export interface ProductPhoto {
  id: number;
  /** Root-relative address of the full image. */
  image: string;
  /** Root-relative address of the thumbnail. */
  thumbnail: string;
  alt_text: string;
  /** 1 for the main image, then in display order. */
  position: number;
  /** Pixel size of the full image; null when unknown. */
  width: number | null;
  height: number | null;
  /** The focal point, fractions of the width and height (./photo-framing.ts). */
  focal_x: number;
  focal_y: number;
}

type Trx = Transaction<Database>;

/** Writes `product.photo_<verb>` on product `productId` down in `trx`, through `acting`. */
async function logPhotoChange(
  trx: Trx,
  acting: Acting,
  productId: number,
  verb: 'add' | 'update' | 'reorder' | 'remove',
  before: Record<string, unknown>,
  after: Record<string, unknown> | null,
): Promise<void> {
  await acting.journal(trx, {
    action: `product.photo_${verb}`,
    objectType: 'product',
    objectId: productId,
    before,
    after,
  });
}

const notFound = (code: 'media_product_not_found' | 'photo_not_found') =>
  new DomainError<MediaErrorCode>(code, 'Not found.');

function invalid(fields: FieldErrors): DomainError<MediaErrorCode> {
  return new DomainError<MediaErrorCode>('invalid_photo_input', 'Invalid input.', { fields });
}

/** The alt text trimmed, or the field's error. */
function checkAlt(raw: string): string {
  const alt = raw.replace(/\s+/g, ' ').trim();
  if (alt.length === 0) throw invalid({ alt_text: [MEDIA_MESSAGES.altRequired] });
  // eslint-disable-next-line no-control-regex -- an alt text holds no control characters
  if (alt.length > MAX_ALT_TEXT || /[\u0000-\u001F\u007F]/.test(raw.replace(/[\t\n\r]/g, ''))) {
    throw invalid({
      alt_text: [
        alt.length > MAX_ALT_TEXT
          ? MEDIA_MESSAGES.altTooLong(MAX_ALT_TEXT)
          : 'Null characters are not allowed.',
      ],
    });
  }
  return alt;
}

/** The photos of a product (already known to be the shop's), in display order. */
async function photosOf(db: Kysely<Database> | Trx, productId: number): Promise<ProductPhoto[]> {
  const rows = await db
    .selectFrom('product_images')
    .select(['id', 'image_path', 'thumb_path', 'alt_text', 'position'])
    .select(['width', 'height', 'focal_x', 'focal_y'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row, index) => ({
    id: row.id,
    image: row.image_path,
    thumbnail: row.thumb_path,
    alt_text: row.alt_text,
    position: index + 1,
    width: row.width,
    height: row.height,
    focal_x: Number(row.focal_x),
    focal_y: Number(row.focal_y),
  }));
}

/** Locks the product of the shop for the rest of `trx`; `media_product_not_found` otherwise. */
async function lockProduct(trx: Trx, tenantId: number, productId: number): Promise<void> {
  // A write first, never a read (see server/orders/order-lock.ts).
  const row = Number.isSafeInteger(productId)
    ? await trx
        .updateTable('products')
        .set({ tenant_id: sql<number>`tenant_id` })
        .where('id', '=', productId)
        .where('tenant_id', '=', tenantId)
        .returning('id')
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound('media_product_not_found');
}

/** Writes positions 1..n in the given order. */
async function renumber(trx: Trx, ids: number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await trx
      .updateTable('product_images')
      .set({ position: index + 1 })
      .where('id', '=', id)
      .execute();
  }
}

/** What the activity log keeps of the photos: id and alt text, in order. */
const summary = (photos: ProductPhoto[]) => photos.map((p) => ({ id: p.id, alt_text: p.alt_text }));

/**
 * The photos of product `productId` of shop `tenantId`, in display order.
 * @throws DomainError `media_product_not_found` (404) for another shop's or no product.
 */
export async function listProductPhotos(
  db: Kysely<Database>,
  tenantId: number,
  productId: number,
): Promise<ProductPhoto[]> {
  const product = Number.isSafeInteger(productId)
    ? await db
        .selectFrom('products')
        .select('id')
        .where('id', '=', productId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst()
    : undefined;
  if (!product) throw notFound('media_product_not_found');
  return photosOf(db, productId);
}

type ClaimedUpload = Awaited<ReturnType<typeof claimUpload>>;

/**
 * Writes claimed `upload` as photo `position` of product `productId`, with alt text `alt`
 * (already checked) and the upload's pixel size (the storefront frames cards and keeps the
 * page's whole-photo aspect from it: ./photo-framing.ts); answers the new photo's id. The one
 * place a photo row is made, for a photo added later and for one chosen with a new product.
 */
async function insertPhoto(
  trx: Trx,
  productId: number,
  upload: ClaimedUpload,
  alt: string,
  position: number,
): Promise<number> {
  const { id } = await trx
    .insertInto('product_images')
    .values({
      product_id: productId,
      image_path: upload.imagePath,
      thumb_path: upload.thumbPath,
      width: upload.width,
      height: upload.height,
      alt_text: alt,
      position,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Adds upload `uploadId` (./uploads.ts) as the last photo of product `productId` of `acting`'s
 * shop, with its alt text, writes it down through `acting.journal` (`product.photo_add`), and
 * answers the photos afterwards.
 * @throws DomainError `media_product_not_found` (404), `invalid_photo_input` (400, alt_text),
 *   `too_many_photos` (409) when it has ten already, `upload_not_found` (400, upload_id).
 */
export async function addProductPhoto(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  input: { uploadId: number; altText: string },
): Promise<ProductPhoto[]> {
  const alt = checkAlt(input.altText);
  return db.transaction().execute(async (trx) => {
    await lockProduct(trx, acting.tenantId, productId);
    const before = await photosOf(trx, productId);
    if (before.length >= MAX_PHOTOS) {
      throw new DomainError<MediaErrorCode>('too_many_photos', MEDIA_MESSAGES.tooManyPhotos);
    }
    const upload = await claimUpload(trx, acting.tenantId, input.uploadId);
    const id = await insertPhoto(trx, productId, upload, alt, before.length + 1);
    await renumber(trx, [...before.map((p) => p.id), id]);
    const after = await photosOf(trx, productId);
    await logPhotoChange(
      trx,
      acting,
      productId,
      'add',
      { photos: summary(before) },
      { photos: summary(after) },
    );
    return after;
  });
}

/** Finds photo `photoId` among `photos`; `photo_not_found` otherwise. */
function photoIn(photos: ProductPhoto[], photoId: number): ProductPhoto {
  const photo = photos.find((p) => p.id === photoId);
  if (!photo) throw notFound('photo_not_found');
  return photo;
}

/**
 * Changes the alt text of photo `photoId` of product `productId` of `acting`'s shop, writes it
 * down through `acting.journal` (`product.photo_update`, only when it changed), and answers the
 * photos afterwards.
 * @throws DomainError `media_product_not_found`, `photo_not_found` (404), `invalid_photo_input`.
 */
export async function updateProductPhoto(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  photoId: number,
  input: { altText: string },
): Promise<ProductPhoto[]> {
  const alt = checkAlt(input.altText);
  return db.transaction().execute(async (trx) => {
    await lockProduct(trx, acting.tenantId, productId);
    const photo = photoIn(await photosOf(trx, productId), photoId);
    if (photo.alt_text === alt) return photosOf(trx, productId);
    await trx
      .updateTable('product_images')
      .set({ alt_text: alt })
      .where('id', '=', photoId)
      .execute();
    await logPhotoChange(
      trx,
      acting,
      productId,
      'update',
      { photo_id: photoId, alt_text: photo.alt_text },
      { photo_id: photoId, alt_text: alt },
    );
    return photosOf(trx, productId);
  });
}

/**
 * Puts the photos of product `productId` of `acting`'s shop in the order of `photoIds` (each of
 * its photos exactly once; the first becomes the main image), writes it down through
 * `acting.journal` (`product.photo_reorder`, only when the order changed), and answers them.
 * @throws DomainError `media_product_not_found` (404), `invalid_photo_input` (photo_ids).
 */
export async function reorderProductPhotos(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  photoIds: number[],
): Promise<ProductPhoto[]> {
  return db.transaction().execute(async (trx) => {
    await lockProduct(trx, acting.tenantId, productId);
    const before = await photosOf(trx, productId);
    const current = new Set(before.map((p) => p.id));
    if (
      photoIds.length !== before.length ||
      new Set(photoIds).size !== photoIds.length ||
      !photoIds.every((id) => current.has(id))
    ) {
      throw invalid({ photo_ids: [MEDIA_MESSAGES.orderMismatch] });
    }
    if (photoIds.every((id, index) => before[index]!.id === id)) return before;
    await renumber(trx, photoIds);
    const after = await photosOf(trx, productId);
    await logPhotoChange(
      trx,
      acting,
      productId,
      'reorder',
      { photo_ids: before.map((p) => p.id) },
      { photo_ids: after.map((p) => p.id) },
    );
    return after;
  });
}

/**
 * Removes photo `photoId` of product `productId` of `acting`'s shop (its files stay in the media
 * store), writes it down through `acting.journal` (`product.photo_remove`), and answers the
 * photos left.
 * @throws DomainError `media_product_not_found`, `photo_not_found` (404).
 */
export async function removeProductPhoto(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  photoId: number,
): Promise<ProductPhoto[]> {
  return db.transaction().execute(async (trx) => {
    await lockProduct(trx, acting.tenantId, productId);
    const before = await photosOf(trx, productId);
    const photo = photoIn(before, photoId);
    await trx.deleteFrom('product_images').where('id', '=', photoId).execute();
    await renumber(
      trx,
      before.filter((p) => p.id !== photoId).map((p) => p.id),
    );
    await logPhotoChange(
      trx,
      acting,
      productId,
      'remove',
      { photo: { id: photo.id, alt_text: photo.alt_text, image: photo.image } },
      null,
    );
    return photosOf(trx, productId);
  });
}

// ~~ i40 products: photos chosen with a new product ~~

/** A photo chosen on the new-product form: an upload (./uploads.ts) and its alt text. */
export interface NewPhotoInput {
  upload_id: number;
  alt_text: string;
}

/**
 * Attaches `photos` (uploads made while the owner typed, in the order chosen: the first is the
 * main image) to product `productId`, just created inside `trx` by the same save
 * (server/catalog/product-editing.ts `createProduct`'s `within`), and writes them down through
 * `acting.journal` (`product.photo_add`). Every photo is checked before any is claimed; a
 * refusal undoes the product too (one save, all or nothing). An upload never attached is
 * swept after a day (./uploads.ts `sweepUnclaimedUploads`), so an abandoned form leaves nothing.
 * @throws DomainError `invalid_photo_input` (400) on `photos` (not a list, more than
 *   MAX_PHOTOS, an upload twice), `photos.<i>.alt_text` (blank, too long, control characters)
 *   or `photos.<i>.upload_id` (not a whole number, another shop's, unknown, or used already).
 */
export async function attachNewPhotos(
  trx: Trx,
  acting: Acting,
  productId: number,
  photos: readonly NewPhotoInput[] | undefined,
): Promise<void> {
  if (photos === undefined || photos.length === 0) return;
  if (!Array.isArray(photos)) throw invalid({ photos: ['Expected a list of items.'] });
  if (photos.length > MAX_PHOTOS) throw invalid({ photos: [MEDIA_MESSAGES.tooManyPhotos] });
  const errors: FieldErrors = {};
  const alts: string[] = [];
  const seen = new Set<number>();
  photos.forEach((photo, i) => {
    try {
      alts.push(checkAlt(typeof photo.alt_text === 'string' ? photo.alt_text : ''));
    } catch (error) {
      errors[`photos.${i}.alt_text`] = (error as DomainError).fields?.alt_text ?? [
        MEDIA_MESSAGES.altRequired,
      ];
    }
    if (!Number.isSafeInteger(photo.upload_id) || photo.upload_id < 1) {
      errors[`photos.${i}.upload_id`] = [MEDIA_MESSAGES.uploadNotFound];
    } else if (seen.has(photo.upload_id)) {
      errors[`photos.${i}.upload_id`] = ['This photo is listed twice.'];
    } else seen.add(photo.upload_id);
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const ids: number[] = [];
  for (const [i, photo] of photos.entries()) {
    let upload: ClaimedUpload;
    try {
      upload = await claimUpload(trx, acting.tenantId, photo.upload_id);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'upload_not_found') {
        throw invalid({ [`photos.${i}.upload_id`]: [error.message] });
      }
      throw error;
    }
    ids.push(await insertPhoto(trx, productId, upload, alts[i]!, i + 1));
  }
  const after = await photosOf(trx, productId);
  await logPhotoChange(trx, acting, productId, 'add', { photos: [] }, { photos: summary(after) });
}
// ~~ end i40 products ~~
