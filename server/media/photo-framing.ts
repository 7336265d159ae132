/**
 * How the shop frames its photos (migration 2026-031): each photo's focal point, the list of
 * the shop's photos the owner chooses the hero and the category tiles from, and the images the
 * storefront shows for them.
 *
 * - A focal point is the point of a photo that matters, as fractions of its width (from the
 *   left) and height (from the top), each a finite number from 0 to 1; 0.5, 0.5 (the centre)
 *   until the owner sets it. A card that crops the photo to the shop's aspect keeps it in view;
 *   the product page shows the photo whole.
 * - A chosen photo (hero, category tile) is one of the shop's products' photos. A choice whose
 *   photo was removed or whose product is archived reads as no choice, and the storefront falls
 *   back to the main photos of the oldest products with photos: stable, since a new product is
 *   never the oldest (a new product's photo silently took the hero and a category's tile when
 *   the fallback was the newest).
 */
import type { Kysely, Transaction } from 'kysely';
import {
  CARD_ASPECT_RATIOS,
  type CardAspectName,
  objectPosition,
} from '../../common/photo-framing.ts';
import type { Schemas as AdminSchemas } from '../../common/admin-contract.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import { isRowId } from '../platform/db/errors.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import type { MediaErrorCode } from './errors.ts';
import { listProductPhotos, type ProductPhoto } from './product-photos.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ShopPhoto = AdminSchemas['ShopPhoto'];
export type StorefrontImage = Schemas['MainImage'];

/** What the photo framing rules say when they refuse. */
export const FRAMING_MESSAGES = {
  focalRange: 'Enter a number from 0 to 1.',
  notShopPhoto: 'Choose one of the shop’s photos.',
} as const;

/** The most photos `listShopPhotos` answers. */
export const MAX_SHOP_PHOTOS = 1000;

/** How many photos the hero shows when the owner chose none. */
export const HERO_FALLBACK_COUNT = 3;

function invalid(fields: FieldErrors): DomainError<MediaErrorCode> {
  return new DomainError<MediaErrorCode>('invalid_photo_input', 'Invalid input.', { fields });
}

/** A focal coordinate as sent: a finite number from 0 to 1, or the field's message. */
function coordinate(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1
    ? value
    : null;
}

/**
 * Sets the focal point of photo `photoId` of product `productId` of `acting`'s shop, writes it
 * down through `acting.journal` (`product.photo_focal_point`, with the point before and after;
 * nothing when it did not move), and answers the product's photos.
 * @throws DomainError `invalid_photo_input` (400) on `focal_x` / `focal_y` (missing, not a
 *   finite number, outside 0..1), `media_product_not_found` (404: another shop's or no
 *   product), `photo_not_found` (404: not one of the product's photos).
 */
export async function setPhotoFocalPoint(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  photoId: number,
  input: { focal_x: unknown; focal_y: unknown },
): Promise<ProductPhoto[]> {
  const x = coordinate(input.focal_x);
  const y = coordinate(input.focal_y);
  const errors: FieldErrors = {};
  if (x === null) errors.focal_x = [FRAMING_MESSAGES.focalRange];
  if (y === null) errors.focal_y = [FRAMING_MESSAGES.focalRange];
  if (x === null || y === null) throw invalid(errors);
  return db.transaction().execute(async (trx) => {
    // A write first (the row lock on PostgreSQL, the write lock on SQLite), scoped to the shop.
    const product = isRowId(productId)
      ? await trx
          .updateTable('products')
          .set((eb) => ({ tenant_id: eb.ref('tenant_id') }))
          .where('id', '=', productId)
          .where('tenant_id', '=', acting.tenantId)
          .returning('id')
          .executeTakeFirst()
      : undefined;
    if (!product) throw new DomainError<MediaErrorCode>('media_product_not_found', 'Not found.');
    const photo = isRowId(photoId)
      ? await trx
          .selectFrom('product_images')
          .select(['id', 'focal_x', 'focal_y'])
          .where('id', '=', photoId)
          .where('product_id', '=', productId)
          .executeTakeFirst()
      : undefined;
    if (!photo) throw new DomainError<MediaErrorCode>('photo_not_found', 'Not found.');
    if (Number(photo.focal_x) !== x || Number(photo.focal_y) !== y) {
      await trx
        .updateTable('product_images')
        .set({ focal_x: x, focal_y: y })
        .where('id', '=', photoId)
        .execute();
      await acting.journal(trx, {
        action: 'product.photo_focal_point',
        objectType: 'product',
        objectId: productId,
        before: {
          photo_id: photoId,
          focal_x: Number(photo.focal_x),
          focal_y: Number(photo.focal_y),
        },
        after: { photo_id: photoId, focal_x: x, focal_y: y },
      });
    }
    return listProductPhotos(trx as unknown as Kysely<Database>, acting.tenantId, productId);
  });
}

/** The photo columns every read below takes, from `pi` joined to its product `p`. */
function photoRows(db: Db, tenantId: number) {
  return db
    .selectFrom('product_images as pi')
    .innerJoin('products as p', 'p.id', 'pi.product_id')
    .select([
      'pi.id',
      'pi.product_id',
      'p.name as product_name',
      'p.is_active as product_active',
      'pi.image_path',
      'pi.thumb_path',
      'pi.alt_text',
      'pi.width',
      'pi.height',
      'pi.focal_x',
      'pi.focal_y',
      'pi.position',
    ])
    .leftJoin('site_settings as s', 's.tenant_id', 'p.tenant_id')
    .select('s.card_aspect')
    .where('p.tenant_id', '=', tenantId);
}

type PhotoRow = Awaited<ReturnType<ReturnType<typeof photoRows>['execute']>>[number];

function toShopPhoto(row: PhotoRow): ShopPhoto {
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: row.product_name,
    product_active: toBool(row.product_active),
    image: row.image_path,
    thumbnail: row.thumb_path,
    alt_text: row.alt_text,
    width: row.width,
    height: row.height,
    focal_x: Number(row.focal_x),
    focal_y: Number(row.focal_y),
  };
}

/**
 * A photo as the storefront shows it: width and height only when known, its focal point, and
 * where a card of the shop's aspect (`card_aspect`, square when unknown) shows it (`card_x`,
 * `card_y`: common/photo-framing.ts), so the card is the crop the owner framed.
 */
export function toStorefrontImage(row: {
  image_path: string;
  thumb_path: string | null;
  alt_text: string;
  width: number | null;
  height: number | null;
  focal_x: number | string;
  focal_y: number | string;
  card_aspect: string | null;
}): StorefrontImage {
  const focal = { focal_x: Number(row.focal_x), focal_y: Number(row.focal_y) };
  const aspect = CARD_ASPECT_RATIOS[row.card_aspect as CardAspectName] ?? 1;
  const card = objectPosition({ width: row.width, height: row.height, ...focal }, aspect);
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return {
    image: row.image_path,
    thumb_image: row.thumb_path ?? row.image_path,
    alt_text: row.alt_text,
    ...(row.width && row.height ? { width: row.width, height: row.height } : {}),
    ...focal,
    card_x: round(card.x),
    card_y: round(card.y),
  };
}

/**
 * Every photo of shop `tenantId`'s products (archived ones too, marked), by product name, then
 * product, then position; at most MAX_SHOP_PHOTOS.
 */
export async function listShopPhotos(db: Db, tenantId: number): Promise<ShopPhoto[]> {
  const rows = await photoRows(db, tenantId)
    .orderBy('p.name')
    .orderBy('p.id')
    .orderBy('pi.position')
    .orderBy('pi.id')
    .limit(MAX_SHOP_PHOTOS)
    .execute();
  return rows.map(toShopPhoto);
}

/**
 * Of `photoIds` (nulls and ids no row can have are skipped), those that are shop `tenantId`'s
 * photos on an active product (what a choice may name, and what a stored choice still shows),
 * as rows by id: one query, whatever the count.
 */
async function shownPhotoRows(
  db: Db,
  tenantId: number,
  photoIds: readonly (number | null)[],
): Promise<Map<number, PhotoRow>> {
  const ids = [...new Set(photoIds.filter((id): id is number => id !== null && isRowId(id)))];
  if (ids.length === 0) return new Map();
  const rows = await photoRows(db, tenantId)
    .where('pi.id', 'in', ids)
    .where('p.is_active', '=', 1)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Photo `photoId` as a row if it is still shown (see `shownPhotoRows`), else undefined. */
async function shownShopPhotoRow(db: Db, tenantId: number, photoId: number | null) {
  if (photoId === null) return undefined;
  return (await shownPhotoRows(db, tenantId, [photoId])).get(photoId);
}

/**
 * Photo `photoId` if it is one of shop `tenantId`'s photos on an active product (what a choice
 * may name, and what a stored choice still shows), else null.
 */
export async function shownShopPhoto(
  db: Db,
  tenantId: number,
  photoId: number | null,
): Promise<ShopPhoto | null> {
  const row = await shownShopPhotoRow(db, tenantId, photoId);
  return row ? toShopPhoto(row) : null;
}

/** Of `photoIds`, those still shown (see `shownShopPhoto`), by id. */
export async function shownShopPhotos(
  db: Db,
  tenantId: number,
  photoIds: readonly (number | null)[],
): Promise<Map<number, ShopPhoto>> {
  const rows = await shownPhotoRows(db, tenantId, photoIds);
  return new Map([...rows].map(([id, row]) => [id, toShopPhoto(row)]));
}

/**
 * Checks that `photoId` may be chosen for the hero or a tile: null (no choice) or one of shop
 * `tenantId`'s photos on an active product.
 * @throws DomainError `invalid_photo_input` (400) on `field` otherwise.
 */
export async function checkChosenPhoto(
  db: Db,
  tenantId: number,
  photoId: unknown,
  field: string,
): Promise<number | null> {
  if (photoId === null) return null;
  const found = typeof photoId === 'number' ? await shownShopPhoto(db, tenantId, photoId) : null;
  if (!found) throw invalid({ [field]: [FRAMING_MESSAGES.notShopPhoto] });
  return found.id;
}

/** Main photos (lowest position) of active products of the shop, oldest product first. */
function oldestMainPhotos(db: Db, tenantId: number) {
  return photoRows(db, tenantId)
    .where('p.is_active', '=', 1)
    .where((eb) =>
      eb(
        'pi.id',
        '=',
        eb
          .selectFrom('product_images as first')
          .select('first.id')
          .whereRef('first.product_id', '=', 'p.id')
          .orderBy('first.position')
          .orderBy('first.id')
          .limit(1),
      ),
    )
    .orderBy('p.created_at')
    .orderBy('p.id');
}

/**
 * The home page's hero images of shop `tenantId`: the chosen photo (`site_settings
 * .hero_photo_id`) while it is shown, else the main photos of the HERO_FALLBACK_COUNT oldest
 * active products with photos; empty when none has one.
 */
export async function heroImages(
  db: Db,
  tenantId: number,
  chosenId: number | null,
): Promise<StorefrontImage[]> {
  const chosen = await shownShopPhotoRow(db, tenantId, chosenId);
  if (chosen) return [toStorefrontImage(chosen)];
  const rows = await oldestMainPhotos(db, tenantId).limit(HERO_FALLBACK_COUNT).execute();
  return rows.map(toStorefrontImage);
}

/**
 * Each category's tile image of shop `tenantId`, by category id (of category `only` alone when
 * given): its chosen photo (`categories.image_photo_id`) while it is shown, else the main photo
 * (lowest position) of its oldest active product with photos; categories with neither are
 * absent. Two queries whatever the shop's size: one row per category, each finding its fallback
 * in the `products_admin_category_idx` order (tenant, category, created_at, id) and stopping at
 * the first active product with a photo, then the chosen and fallback photos by id.
 */
export async function categoryImages(
  db: Db,
  tenantId: number,
  only?: number,
): Promise<Map<number, StorefrontImage>> {
  let categories = db
    .selectFrom('categories as c')
    .select(['c.id', 'c.image_photo_id'])
    .select((eb) =>
      eb
        .selectFrom('products as p')
        .innerJoin('product_images as pi', 'pi.product_id', 'p.id')
        .select('pi.id')
        .where('p.tenant_id', '=', tenantId)
        .whereRef('p.category_id', '=', 'c.id')
        .where('p.is_active', '=', 1)
        .orderBy('p.created_at')
        .orderBy('p.id')
        .orderBy('pi.position')
        .orderBy('pi.id')
        .limit(1)
        .as('fallback_photo_id'),
    )
    .where('c.tenant_id', '=', tenantId);
  if (only !== undefined) categories = categories.where('c.id', '=', only);
  const rows = await categories.execute();
  const photos = await shownPhotoRows(
    db,
    tenantId,
    rows.flatMap((row) => [row.image_photo_id, row.fallback_photo_id]),
  );
  const images = new Map<number, StorefrontImage>();
  for (const row of rows) {
    const photo =
      (row.image_photo_id !== null ? photos.get(row.image_photo_id) : undefined) ??
      (row.fallback_photo_id !== null ? photos.get(row.fallback_photo_id) : undefined);
    if (photo) images.set(row.id, toStorefrontImage(photo));
  }
  return images;
}

/** Category `categoryId`'s tile image of shop `tenantId` (see `categoryImages`), else null. */
export async function categoryImage(
  db: Db,
  tenantId: number,
  categoryId: number,
): Promise<StorefrontImage | null> {
  return (await categoryImages(db, tenantId, categoryId)).get(categoryId) ?? null;
}
