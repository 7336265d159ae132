/**
 * The shop's categories in the back office: the list with how many products each holds,
 * create, edit (name, slug, HTML description), reorder, and delete an empty one.
 *
 * Rules: a category's slug is unique in its shop (made from the name when not given, with
 * `-2`, `-3`... when that one is taken); its description is staff HTML, cleaned on save with
 * the policy the storefront shows it with (`sanitizeStaffHtml`), so what is stored is what
 * shows; `position` orders the shop's menu (lowest first, ties by name then id, as the
 * storefront sorts: ./categories.ts), and a new category goes last; a category holding
 * products cannot be deleted (409). Every change is written down through the door's journal
 * (`acting.journal`, server/platform/journal.ts) in its transaction with the fields it changed,
 * before and after. The caller forgets the shop's cached catalogue after the commit.
 *
 * A body is checked by ./category-input.ts (its limits and messages are there).
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import type { Database } from '../platform/db/database.ts';
import { isRowId, isUniqueViolation } from '../platform/db/errors.ts';
import { toBool, toCount } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import { shownShopPhotos } from '../media/photo-framing.ts';
import {
  CATEGORY_LIMITS,
  CATEGORY_MESSAGES,
  type CategoryInput,
  checkCategoryInput,
  invalidCategoryInput,
  slugFromName,
} from './category-input.ts';
import type { CatalogErrorCode } from './errors.ts';
import type { StockCategoryErrorCode } from './stock-category-errors.ts';

export type AdminCategory = Schemas['AdminCategory'];

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const notFound = () => new DomainError<CatalogErrorCode>('category_not_found', 'Not found.');

/** Sorts categories as the shop's menu shows them: position, then name, then id. */
export function inShopOrder<T extends { id: number; name: string; position: number }>(
  rows: T[],
): T[] {
  return rows.sort(
    (a, b) => a.position - b.position || byName.compare(a.name, b.name) || a.id - b.id,
  );
}

/** The shop's categories with their product counts, in the shop's order. */
async function categoriesOf(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: number,
): Promise<AdminCategory[]> {
  const rows = await db
    .selectFrom('categories as c')
    .select([
      'c.id',
      'c.slug',
      'c.name',
      'c.description',
      'c.position',
      'c.adults_only',
      'c.image_photo_id',
      (eb) =>
        eb
          .selectFrom('products as p')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('p.category_id', '=', 'c.id')
          .as('product_count'),
    ])
    .where('c.tenant_id', '=', tenantId)
    .execute();
  // The tile photo each category's owner chose, while the storefront shows it (./category-images.ts).
  const photos = await shownShopPhotos(
    db,
    tenantId,
    rows.map((row) => row.image_photo_id),
  );
  return inShopOrder(
    rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      position: row.position,
      product_count: toCount(row.product_count),
      adults_only: toBool(row.adults_only),
      image_photo: (row.image_photo_id !== null && photos.get(row.image_photo_id)) || null,
    })),
  );
}

/**
 * Shop `tenantId`'s categories in the shop's order, each with `product_count` (all its
 * products, whatever their status).
 */
export async function listAdminCategories(
  db: Kysely<Database>,
  tenantId: number,
): Promise<AdminCategory[]> {
  return categoriesOf(db, tenantId);
}

/** One category of the shop as the back office shows it, or `category_not_found`. */
async function oneCategory(db: Kysely<Database>, tenantId: number, id: number) {
  const found = (await categoriesOf(db, tenantId)).find((c) => c.id === id);
  if (!found) throw notFound();
  return found;
}

/** A slug of the shop free for a new category: `base`, else `base-2`, `base-3`... */
async function freeSlug(db: Kysely<Database>, tenantId: number, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('categories')
        .select('slug')
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Adds a category at the end of the menu of `acting`'s shop, written down as `category.create`
 * through `acting.journal`.
 * @throws DomainError `invalid_category_input` (400) on `name` (missing,
 *   blank, over 100 characters, control characters), `slug` (format, over 100, taken),
 *   `description` (over 20000 characters), or when the shop already has 1000 categories.
 */
export async function createCategory(
  db: Kysely<Database>,
  acting: Acting,
  input: CategoryInput,
  now: Date = new Date(),
): Promise<AdminCategory> {
  const fields = checkCategoryInput(input, true);
  const tenantId = acting.tenantId;
  const slug = fields.slug ?? (await freeSlug(db, tenantId, slugFromName(fields.name!)));
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('categories')
        .values({
          tenant_id: tenantId,
          slug,
          name: fields.name!,
          description: fields.description ?? '',
          adults_only: fields.adults_only ? 1 : 0,
          position: sql<number>`(select coalesce(max(position), 0) + 1 from categories where tenant_id = ${tenantId})`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const count = await trx
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow();
      if (toCount(count.n) > CATEGORY_LIMITS.count) {
        throw invalidCategoryInput({ non_field_errors: [CATEGORY_MESSAGES.tooMany] });
      }
      await acting.journal(
        trx,
        {
          action: 'category.create',
          objectType: 'category',
          objectId: row.id,
          after: {
            name: fields.name,
            slug,
            description: fields.description ?? '',
            ...(fields.adults_only ? { adults_only: true } : {}),
          },
        },
        now,
      );
      return row.id;
    });
    return oneCategory(db, tenantId, id);
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalidCategoryInput({ slug: [CATEGORY_MESSAGES.slugTaken] });
    throw error;
  }
}

/**
 * Changes the fields sent of category `categoryId` of `acting`'s shop, written down as
 * `category.update` (the fields that changed) through `acting.journal`.
 * @throws DomainError `invalid_category_input` (400) as on create, or
 *   nothing to change; `category_not_found` (404).
 */
export async function updateCategory(
  db: Kysely<Database>,
  acting: Acting,
  categoryId: number,
  input: CategoryInput,
  now: Date = new Date(),
): Promise<AdminCategory> {
  if (!isRowId(categoryId)) throw notFound();
  const fields = checkCategoryInput(input, false);
  const tenantId = acting.tenantId;
  try {
    const changed = await db.transaction().execute(async (trx) => {
      // A write first (on SQLite a transaction that read first fails when another wrote in
      // between), which also hands back the category as it was.
      const old = await trx
        .updateTable('categories')
        .set({ position: sql<number>`position` })
        .where('id', '=', categoryId)
        .where('tenant_id', '=', tenantId)
        .returning(['id', 'name', 'slug', 'description', 'adults_only'])
        .executeTakeFirst();
      if (!old) return null;
      const before: Record<string, string | boolean> = {};
      const after: Record<string, string | boolean> = {};
      for (const key of ['name', 'slug', 'description'] as const) {
        const value = fields[key];
        if (value !== undefined && value !== old[key]) {
          before[key] = old[key];
          after[key] = value;
        }
      }
      if (fields.adults_only !== undefined && fields.adults_only !== toBool(old.adults_only)) {
        before.adults_only = toBool(old.adults_only);
        after.adults_only = fields.adults_only;
      }
      if (Object.keys(after).length > 0) {
        const { adults_only: adultsOnly, ...texts } = after;
        await trx
          .updateTable('categories')
          .set({
            ...(texts as Record<string, string>),
            ...(adultsOnly === undefined ? {} : { adults_only: adultsOnly ? 1 : 0 }),
          })
          .where('id', '=', old.id)
          .execute();
        await acting.journal(
          trx,
          {
            action: 'category.update',
            objectType: 'category',
            objectId: old.id,
            before,
            after,
          },
          now,
        );
      }
      return old.id;
    });
    if (changed === null) throw notFound();
    return oneCategory(db, tenantId, changed);
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalidCategoryInput({ slug: [CATEGORY_MESSAGES.slugTaken] });
    throw error;
  }
}

/**
 * Puts the categories of `acting`'s shop in the order `ids` gives (positions 1, 2, 3...),
 * written down as `category.reorder` through `acting.journal`.
 * @throws DomainError `invalid_category_input` (400) on `ids` unless it
 *   names every category of the shop exactly once.
 */
export async function reorderCategories(
  db: Kysely<Database>,
  acting: Acting,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<AdminCategory[]> {
  const tenantId = acting.tenantId;
  const refuse = () => invalidCategoryInput({ ids: [CATEGORY_MESSAGES.order] });
  if (!Array.isArray(ids) || ids.length > CATEGORY_LIMITS.count || !ids.every(isRowId)) {
    throw refuse();
  }
  if (new Set(ids).size !== ids.length) throw refuse();
  // The log's "before": the order the shop showed, read just before the change.
  const previousOrder = (await categoriesOf(db, tenantId)).map((c) => c.id);
  await db.transaction().execute(async (trx) => {
    // Writes first; the positions are set, then checked against the shop's categories (one
    // added or deleted meanwhile makes the list wrong, and the whole change is undone).
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable('categories')
        .set({ position: index + 1 })
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .execute();
    }
    const current = await trx
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .execute();
    const known = new Set(current.map((r) => r.id));
    if (current.length !== ids.length || !ids.every((id) => known.has(id))) throw refuse();
    await acting.journal(
      trx,
      {
        action: 'category.reorder',
        objectType: 'category',
        objectId: 'order',
        before: { order: previousOrder },
        after: { order: [...ids] },
      },
      now,
    );
  });
  return categoriesOf(db, tenantId);
}

/**
 * Deletes category `categoryId` of `acting`'s shop when it holds no products, written down as
 * `category.delete` through `acting.journal`.
 * @throws DomainError `category_not_found` (404); `category_not_empty`
 *   (409) while it holds products ("This category holds 3 products; move them to another
 *   category first.").
 */
export async function deleteCategory(
  db: Kysely<Database>,
  acting: Acting,
  categoryId: number,
  now: Date = new Date(),
): Promise<void> {
  if (!isRowId(categoryId)) throw notFound();
  const tenantId = acting.tenantId;
  const notEmpty = (n: number) =>
    new DomainError<StockCategoryErrorCode>('category_not_empty', CATEGORY_MESSAGES.notEmpty(n));
  try {
    await db.transaction().execute(async (trx) => {
      const old = await trx
        .deleteFrom('categories')
        .where('id', '=', categoryId)
        .where('tenant_id', '=', tenantId)
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('products').select('id').where('category_id', '=', categoryId)),
          ),
        )
        .returning(['id', 'name', 'slug'])
        .executeTakeFirst();
      if (!old) {
        const exists = await trx
          .selectFrom('categories')
          .select('id')
          .where('id', '=', categoryId)
          .where('tenant_id', '=', tenantId)
          .executeTakeFirst();
        if (!exists) throw notFound();
        const n = await trx
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('category_id', '=', categoryId)
          .executeTakeFirstOrThrow();
        throw notEmpty(toCount(n.n));
      }
      await acting.journal(
        trx,
        {
          action: 'category.delete',
          objectType: 'category',
          objectId: old.id,
          before: { name: old.name, slug: old.slug },
        },
        now,
      );
    });
  } catch (error) {
    // A product was added to it between the check and the delete: the foreign key refuses.
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw notEmpty(1);
    throw error;
  }
}
