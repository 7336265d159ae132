/**
 * Uploaded images (table `media_uploads`): what the back office sent, already made into the
 * storefront's sizes (./images.ts) and kept in the media store, until a product photo, a blog
 * post or the site settings claims it ({@link claimUpload}).
 *
 * Files are named by the server from the SHA-256 of the uploaded bytes,
 * `<shop's media folder>/uploads/<hash>.webp` and `<hash>-whole-thumb.webp`, so the same photo
 * uploaded twice is stored once, a name never serves other bytes (the media route caches them
 * for a year), and nothing of the file's own name reaches a path.
 *
 * Files are never deleted when a photo is removed: two uploads of the same bytes share them,
 * and a post or the logo may show them too. An upload that nobody claimed within a day is
 * removed by {@link sweepUnclaimedUploads}, with its files when no other upload names them.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { MediaStore } from '../platform/media-store.ts';
import type { Acting } from '../platform/journal.ts';
import type { MediaErrorCode } from './errors.ts';
import { makeImages } from './images.ts';
import { MEDIA_MESSAGES } from './messages.ts';

/** What an upload needs besides the bytes. */
export interface UploadContext {
  db: Kysely<Database>;
  store: MediaStore;
  /** The API's path prefix (`/api`): files are served at `<it>/media/<key>`. */
  publicApiPath: string;
}

/** An upload as the back office sees it. */
export interface UploadedImage {
  id: number;
  /** Root-relative address of the full image (at most 800 x 800, WebP). */
  url: string;
  /** Root-relative address of the 320 x 320 thumbnail. */
  thumb_url: string;
  /** Pixel size of the full image. */
  width: number;
  height: number;
}

/**
 * Takes one image for the shop of `acting` (`catalog.edit`, checked at the door): checks and
 * converts it (./images.ts), stores both files, and records the upload unclaimed, made by
 * `acting.staff` (nothing goes to the activity log: an upload changes nothing the shop shows).
 * @param mediaSlug the shop's media folder (`tenants.media_slug`).
 * @throws DomainError an image refusal of ./images.ts.
 */
export async function uploadImage(
  context: UploadContext,
  acting: Acting,
  mediaSlug: string,
  bytes: Buffer,
): Promise<UploadedImage> {
  const made = await makeImages(bytes);
  const imageKey = `${mediaSlug}/uploads/${made.hash}.webp`;
  // `-whole-`: the thumbnails made before 2026-031 were centred squares under `-thumb.webp`, and
  // the media route tells browsers to keep a file for a year: a new name serves the whole photo.
  const thumbKey = `${mediaSlug}/uploads/${made.hash}-whole-thumb.webp`;
  await Promise.all([
    context.store.put(imageKey, made.full.bytes, 'image/webp'),
    context.store.put(thumbKey, made.thumb.bytes, 'image/webp'),
  ]);
  const base = `${context.publicApiPath}/media`;
  const row = {
    tenant_id: acting.tenantId,
    image_key: imageKey,
    thumb_key: thumbKey,
    image_path: `${base}/${imageKey}`,
    thumb_path: `${base}/${thumbKey}`,
    width: made.full.width,
    height: made.full.height,
    bytes: bytes.length,
    created_by: acting.staff.id,
    created_at: new Date().toISOString(),
  };
  const { id } = await context.db
    .insertInto('media_uploads')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id,
    url: row.image_path,
    thumb_url: row.thumb_path,
    width: row.width,
    height: row.height,
  };
}

/**
 * Claims upload `uploadId` of shop `tenantId` for something that shows it (a product photo, a
 * blog post's featured image, the site logo): marks it claimed inside `trx` (a conditional
 * UPDATE, so two claims of one upload cannot both win) and answers the root-relative URL paths
 * of its full image and its thumbnail, as `product_images` stores them
 * (`/api/media/<shop>/uploads/<hash>.webp`). An upload is claimed once: to show the same image
 * twice, upload it twice (the files are stored once).
 * @throws DomainError `upload_not_found` (400, field `upload_id`) when the shop has no such
 *   upload (another shop's included), or it was claimed already.
 */
export async function claimUpload(
  trx: Transaction<Database>,
  tenantId: number,
  uploadId: number,
): Promise<{ imagePath: string; thumbPath: string; width: number; height: number }> {
  const claimed = Number.isSafeInteger(uploadId)
    ? await trx
        .updateTable('media_uploads')
        .set({ claimed_at: new Date().toISOString() })
        .where('id', '=', uploadId)
        .where('tenant_id', '=', tenantId)
        .where('claimed_at', 'is', null)
        .returning(['image_path', 'thumb_path', 'width', 'height'])
        .executeTakeFirst()
    : undefined;
  if (claimed) {
    return {
      imagePath: claimed.image_path,
      thumbPath: claimed.thumb_path,
      width: claimed.width,
      height: claimed.height,
    };
  }
  const exists =
    Number.isSafeInteger(uploadId) &&
    (await trx
      .selectFrom('media_uploads')
      .select('id')
      .where('id', '=', uploadId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst());
  throw new DomainError<MediaErrorCode>(
    'upload_not_found',
    exists ? MEDIA_MESSAGES.uploadClaimed : MEDIA_MESSAGES.uploadNotFound,
    { field: 'upload_id' },
  );
}

/**
 * Removes uploads nobody claimed that were made before `before` (an abandoned form), and their
 * files when no other upload (claimed or not) names the same files. Answers how many uploads
 * went. Meant for a periodic sweep; safe to run from several processes at once.
 */
export async function sweepUnclaimedUploads(
  db: Kysely<Database>,
  store: MediaStore,
  before: Date,
): Promise<number> {
  const stale = await db
    .selectFrom('media_uploads')
    .select(['id', 'image_key', 'thumb_key'])
    .where('claimed_at', 'is', null)
    .where('created_at', '<', before.toISOString())
    .limit(500)
    .execute();
  let removed = 0;
  for (const upload of stale) {
    const gone = await db
      .deleteFrom('media_uploads')
      .where('id', '=', upload.id)
      .where('claimed_at', 'is', null)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) continue;
    removed++;
    const shared = await db
      .selectFrom('media_uploads')
      .select('id')
      .where('image_key', '=', upload.image_key)
      .executeTakeFirst();
    if (!shared)
      await Promise.all([store.delete(upload.image_key), store.delete(upload.thumb_key)]);
  }
  return removed;
}
