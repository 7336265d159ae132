/**
 * Duplicating a product in the back office (`catalog.edit`, checked at the door): a new draft of
 * the acting member's shop with the same fields, no stock, a fresh slug and the same photos
 * (their rows copied, their files shared), written down as `product.duplicate` through the
 * door's journal (`acting.journal`, server/platform/journal.ts). The caller forgets the catalogue's
 * caches after the commit. Errors: `product_not_found` (404). Spec: openapi/admin.yaml, tag
 * products.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { Acting } from '../platform/journal.ts';
import { getAdminProduct } from './product-admin-read.ts';
import { recordPrice } from './price-history.ts';
import { freeSlug, recordSlug, slugFromName } from './product-slugs.ts';
import { slugSafe, writeAttributes } from './product-writes.ts';

/**
 * Copies product `productId` of `acting`'s shop into a new draft: "<name> (copy)", a fresh
 * slug (`<slug>-copy`, `-copy-2`...), no stock, every other field the same, and copies of its
 * photo rows (the same files: a photo's files are shared until one of the two replaces them),
 * written down as `product.duplicate` through `acting.journal` in the same transaction.
 * @returns the copy's id.
 * @throws DomainError `product_not_found` (404).
 */
export async function duplicateProduct(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  now: Date = new Date(),
): Promise<number> {
  const tenantId = acting.tenantId;
  return slugSafe(() =>
    db.transaction().execute(async (trx) => {
      const source = await getAdminProduct(trx, tenantId, productId);
      const row = await trx
        .selectFrom('products')
        .selectAll()
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      const name = `${source.name.slice(0, 193)} (copy)`;
      const slug = await freeSlug(trx, tenantId, slugFromName(`${source.slug}-copy`));
      const { id } = await trx
        .insertInto('products')
        .values({
          tenant_id: tenantId,
          slug,
          name,
          category_id: row.category_id,
          price_cents: row.price_cents,
          price_before_discount_cents: row.price_before_discount_cents,
          stock: 0,
          description: row.description,
          long_html_description: row.long_html_description,
          options: row.options,
          made_to_order: row.made_to_order ? 1 : 0,
          lead_time_days_min: row.lead_time_days_min,
          lead_time_days_max: row.lead_time_days_max,
          age_restricted: row.age_restricted ? 1 : 0,
          cancellation_exempt: row.cancellation_exempt ? 1 : 0,
          safety: row.safety,
          low_stock_threshold: row.low_stock_threshold,
          is_active: 0,
          archived_at: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAttributes(trx, id, source.attributes);
      // A new product: its price history starts now (the original's is not its own).
      await recordPrice(trx, { tenantId, productId: id, priceCents: row.price_cents, at: now });
      const images = await trx
        .selectFrom('product_images')
        .select(['image_path', 'thumb_path', 'alt_text', 'position'])
        .select(['width', 'height', 'focal_x', 'focal_y'])
        .where('product_id', '=', productId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      if (images.length > 0) {
        await trx
          .insertInto('product_images')
          .values(images.map((image) => ({ ...image, product_id: id })))
          .execute();
      }
      await recordSlug(trx, tenantId, id, slug);
      await acting.journal(
        trx,
        {
          action: 'product.duplicate',
          objectType: 'product',
          objectId: id,
          before: null,
          after: { duplicated_from: productId, name, slug, status: 'draft' },
        },
        now,
      );
      return id;
    }),
  );
}
