/**
 * What the back office's product moves (./product-editing.ts: create and update;
 * ./product-duplicate.ts) share inside their transaction: the category check, the status
 * columns (`is_active`, `archived_at`), the attributes written in their order, the JSON of the
 * options, a slug taken meanwhile answered as the field's error, and the fields the activity
 * log compares (the product as the form shows it).
 *
 * Errors: `invalid_product_input` (400) on `category_id` (not the shop's) and on `slug` (taken
 * by another product, the unique index caught it). Spec: openapi/admin.yaml, tag products.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import type { AdminProduct } from './product-admin-read.ts';
import { type CheckedProduct, invalidProduct, PRODUCT_MESSAGES } from './product-input.ts';

/** The fields the activity log compares (the product as the form shows it). */
export function snapshot(product: AdminProduct): Record<string, unknown> {
  return {
    name: product.name,
    slug: product.slug,
    status: product.status,
    category_id: product.category.id,
    price: product.price,
    price_before_discount: product.price_before_discount,
    low_stock_threshold: product.low_stock_threshold,
    attributes: product.attributes,
    description: product.description,
    long_html_description: product.long_html_description,
    options: product.options,
    made_to_order: product.made_to_order,
    lead_time_days_min: product.lead_time_days_min,
    lead_time_days_max: product.lead_time_days_max,
    age_restricted: product.age_restricted,
    cancellation_exempt: product.cancellation_exempt,
    safety: product.safety,
  };
}

/** Refuses a category that is not the shop's. */
export async function checkCategory(
  trx: Transaction<Database>,
  tenantId: number,
  categoryId: number,
): Promise<{ adultsOnly: boolean }> {
  const row = await trx
    .selectFrom('categories')
    .select(['id', 'adults_only'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!row) throw invalidProduct({ category_id: [PRODUCT_MESSAGES.noCategory] });
  return { adultsOnly: Boolean(row.adults_only) };
}

/** The columns of a status. */
export function statusColumns(
  status: 'active' | 'draft' | 'archived',
  at: Date,
  wasArchivedAt: unknown,
) {
  if (status === 'archived') {
    return {
      is_active: 0,
      archived_at: wasArchivedAt ? toIso(wasArchivedAt) : at.toISOString(),
    };
  }
  return { is_active: status === 'active' ? 1 : 0, archived_at: null };
}

/** A date column's value as ISO 8601 (SQLite hands back text, PostgreSQL a Date). */
function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Replaces the product's attributes with `attributes`, in their order. */
export async function writeAttributes(
  trx: Transaction<Database>,
  productId: number,
  attributes: { name: string; value: string }[],
): Promise<void> {
  await trx.deleteFrom('product_attributes').where('product_id', '=', productId).execute();
  if (attributes.length === 0) return;
  await trx
    .insertInto('product_attributes')
    .values(
      attributes.map((a, position) => ({
        product_id: productId,
        key: a.name,
        value: a.value,
        position,
      })),
    )
    .execute();
}

/** Runs `write`, answering a slug taken meanwhile (the unique index) as the field's error. */
export async function slugSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidProduct({ slug: [PRODUCT_MESSAGES.slugTaken] });
    throw error;
  }
}

/** The JSON `products.options` stores (null: no options). */
export function optionsJson(options: CheckedProduct['options']): string | null {
  return options && options.length > 0 ? JSON.stringify(options) : null;
}
