/**
 * Products' slugs in the back office: made from a name, checked, kept unique in the shop, and
 * the slug history (`product_slug_redirects`, migration 2026_011): a renamed product's former
 * slugs answer 301 to its current one on the storefront's API and pages.
 *
 * The invariant: a slug is never both a product's current slug and a redirect. Taking a slug
 * (a new product, a rename, a product taking back its old slug) removes it from the redirects.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { slugify } from '../platform/slug.ts';

/** The longest slug (the storefront's path parameter allows 120). */
export const MAX_SLUG_LENGTH = 120;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The slug a name makes: accents dropped, lowercase, every run of other characters one hyphen,
 * at most {@link MAX_SLUG_LENGTH} characters (`"Gyūto 210 mm (Walnut)"` -> `gyuto-210-mm-walnut`);
 * `product` when nothing is left (a name of symbols only).
 */
export function slugFromName(name: string, maxLength = MAX_SLUG_LENGTH): string {
  return slugify(name, maxLength, 'product');
}

/** The products of shop `tenantId` but `exceptId` (every one when it is undefined). */
function otherProducts(db: Db, tenantId: number, exceptId: number | undefined) {
  const all = db.selectFrom('products').where('tenant_id', '=', tenantId);
  return exceptId === undefined ? all : all.where('id', '!=', exceptId);
}

/** True when another product of the shop (not `exceptId`) has `slug` as its current slug. */
export async function slugTaken(
  db: Db,
  tenantId: number,
  slug: string,
  exceptId?: number,
): Promise<boolean> {
  const found = await otherProducts(db, tenantId, exceptId)
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * `base` when no product of the shop (but `exceptId`) has it, else `base-2`, `base-3`... (the
 * suffix fitting in {@link MAX_SLUG_LENGTH}): one query for the taken slugs of that family.
 */
export async function freeSlug(
  db: Db,
  tenantId: number,
  base: string,
  exceptId?: number,
): Promise<string> {
  // The product being renamed may keep a slug it already has.
  const rows = await otherProducts(db, tenantId, exceptId)
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Records that product `productId` now has `slug` (created or renamed), in the caller's
 * transaction: `slug` stops being a redirect (the product took back a former slug, or another
 * product's former slug is claimed), and `previousSlug`, when given and different, becomes
 * one, answering 301 to the product's current slug.
 */
export async function recordSlug(
  trx: Db,
  tenantId: number,
  productId: number,
  slug: string,
  previousSlug?: string,
): Promise<void> {
  await trx
    .deleteFrom('product_slug_redirects')
    .where('tenant_id', '=', tenantId)
    .where('old_slug', '=', slug)
    .execute();
  if (previousSlug !== undefined && previousSlug !== slug) {
    await trx
      .insertInto('product_slug_redirects')
      .values({ tenant_id: tenantId, old_slug: previousSlug, product_id: productId })
      .execute();
  }
}

/**
 * The current slug of the active product a former slug of the shop answers 301 to, or null
 * (not a former slug, or its product is not active: the old address is then simply not found).
 * One lookup through the redirects' unique (tenant, old slug) index.
 */
export async function redirectedSlug(
  db: Kysely<Database>,
  tenantId: number,
  oldSlug: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('product_slug_redirects as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select('p.slug')
    .where('r.tenant_id', '=', tenantId)
    .where('r.old_slug', '=', oldSlug)
    .where('p.tenant_id', '=', tenantId)
    .where('p.is_active', '=', 1)
    .executeTakeFirst();
  return row?.slug ?? null;
}
