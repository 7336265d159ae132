/**
 * The header's search suggestions (decision 010): a few of the tenant's active products whose
 * name holds the typed term, with a price and a thumbnail each.
 */
import { sql } from 'kysely';
import { formatMinorUnits } from '../lib/money.ts';
import type { Schemas } from '../handlers/types.ts';
import { binary, likePattern, nameKey } from './name-matching.ts';
import { type CatalogScope, productColumns } from './product-rows.ts';

/** Most suggestions one answer holds (contract: maxItems). */
export const MAX_SUGGESTIONS = 6;

/**
 * At most {@link MAX_SUGGESTIONS} active products whose name holds `term` (already trimmed and
 * lowered; LIKE wildcards in it are literal). Names that start with the term first, then the
 * rest, each by name as the list's `name` ordering sorts, then by id. `price` is a decimal
 * string; `thumbnail` the first image's thumbnail (or the image), null without images.
 */
export async function loadSuggestions(
  scope: CatalogScope,
  term: string,
): Promise<Schemas['ProductSuggestion'][]> {
  const { db, dialect, tenantId } = scope;
  const contains = likePattern(term);
  const prefix = contains.slice(1);
  const rows = await productColumns(db, tenantId)
    .select((eb) => [
      'p.id',
      'p.name',
      'p.slug',
      'p.price_cents',
      eb
        .selectFrom('product_images as i')
        .select(sql<string>`coalesce(i.thumb_path, i.image_path)`.as('thumb'))
        .whereRef('i.product_id', '=', 'p.id')
        .orderBy('i.position')
        .orderBy('i.id')
        .limit(1)
        .as('thumbnail'),
    ])
    .where(sql<boolean>`lower(p.name) like ${contains} escape '\\'`)
    .orderBy(sql`case when lower(p.name) like ${prefix} escape '\\' then 0 else 1 end`)
    .orderBy(nameKey(dialect))
    .orderBy(binary(dialect, sql`p.name`))
    .orderBy('p.id')
    .limit(MAX_SUGGESTIONS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    price: formatMinorUnits(row.price_cents),
    thumbnail: row.thumbnail ?? null,
  }));
}
