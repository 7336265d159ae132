/**
 * The photo of a category's tile on the storefront's home page (openapi/admin.yaml
 * `setCategoryImage`): one of the shop's photos the owner chose (`categories.image_photo_id`),
 * or none, when the tile shows the main photo of the category's oldest product with photos
 * (server/media/photo-framing.ts). Written down through the door's journal (`category.image`,
 * the photo before and after) in the transaction that changes it; the caller forgets the
 * shop's cached catalogue after the commit.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isRowId } from '../platform/db/errors.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import { checkChosenPhoto } from '../media/photo-framing.ts';
import { type AdminCategory, listAdminCategories } from './category-editing.ts';
import type { CatalogErrorCode } from './errors.ts';

/**
 * Chooses photo `photoId` (null: none) for the tile of category `categoryId` of `acting`'s
 * shop, and answers the category.
 * @throws DomainError `category_not_found` (404: another shop's or no category),
 *   `invalid_photo_input` (400 on `photo_id`: not one of the shop's photos on an active
 *   product).
 */
export async function setCategoryImage(
  db: Kysely<Database>,
  acting: Acting,
  categoryId: number,
  photoId: unknown,
): Promise<AdminCategory> {
  const notFound = () => new DomainError<CatalogErrorCode>('category_not_found', 'Not found.');
  if (!isRowId(categoryId)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .updateTable('categories')
      .set((eb) => ({ image_photo_id: eb.ref('image_photo_id') }))
      .where('id', '=', categoryId)
      .where('tenant_id', '=', acting.tenantId)
      .returning(['image_photo_id'])
      .executeTakeFirst();
    if (!before) throw notFound();
    const chosen = await checkChosenPhoto(trx, acting.tenantId, photoId, 'photo_id');
    if (chosen === before.image_photo_id) return;
    await trx
      .updateTable('categories')
      .set({ image_photo_id: chosen })
      .where('id', '=', categoryId)
      .execute();
    await acting.journal(trx, {
      action: 'category.image',
      objectType: 'category',
      objectId: categoryId,
      before: { photo_id: before.image_photo_id },
      after: { photo_id: chosen },
    });
  });
  const category = (await listAdminCategories(db, acting.tenantId)).find(
    (c) => c.id === categoryId,
  );
  if (!category) throw notFound();
  return category;
}
