/**
 * The shop's categories (spec section 7): the list the shop's menu shows, and one by its slug,
 * each with its tile picture (`image`: the owner's choice, else its oldest product's main photo).
 */
import type { Schemas } from '../../common/storefront-contract.ts';
import { categoryImage, categoryImages } from '../media/photo-framing.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { CatalogErrorCode } from './errors.ts';
import type { CatalogScope } from './product-rows.ts';

type Category = Schemas['Category'];

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * All the tenant's categories in the shop's order: by `position` (the order an owner set in the
 * back office; every category starts at 0), then by name (numbers in names in numeric order,
 * case and accents ignored), then by id. Sorted here, not in SQL, because SQLite and PostgreSQL
 * collate text differently.
 */
export async function loadCategories(scope: Pick<CatalogScope, 'db' | 'tenantId'>) {
  const rows = await scope.db
    .selectFrom('categories')
    .select(['id', 'slug', 'name', 'description', 'position'])
    .where('tenant_id', '=', scope.tenantId)
    .orderBy('id')
    .execute();
  rows.sort((a, b) => a.position - b.position || byName.compare(a.name, b.name) || a.id - b.id);
  // Each tile's picture: the owner's choice, else its oldest product's (../media/photo-framing.ts).
  const images = await categoryImages(scope.db, scope.tenantId);
  return rows.map(({ id, slug, name, description }): Category => ({
    id,
    slug,
    name,
    description,
    image: images.get(id) ?? null,
  }));
}

/**
 * The tenant's category `slug`.
 * @throws DomainError `category_not_found` ("Not found.") when the shop has none by that slug.
 */
export async function loadCategory(
  scope: Pick<CatalogScope, 'db' | 'tenantId'>,
  slug: string,
): Promise<Category> {
  const category = await scope.db
    .selectFrom('categories')
    .select(['id', 'slug', 'name', 'description'])
    .where('tenant_id', '=', scope.tenantId)
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!category) throw new DomainError<CatalogErrorCode>('category_not_found', 'Not found.');
  return { ...category, image: await categoryImage(scope.db, scope.tenantId, category.id) };
}
