/**
 * Full-text search of the catalogue on each database's own engine (decision 018), behind the
 * conditions the product list and the suggestions put into their queries. The words looked up
 * are made by ./search-terms.ts, the same for both engines:
 *
 * - SQLite: FTS5, an external-content table `products_fts` (name, description) over
 *   `products`, kept in step by triggers, tokenizer `unicode61 remove_diacritics 2`, prefix
 *   indexes of 2 and 3 characters (the header's suggestions type short prefixes).
 * - PostgreSQL: the stored `products.search_vector` (name weighted A, description B, `simple`
 *   configuration over `unaccent`) with a GIN index; a prefix query (`wal:*`). Weight A alone
 *   is the name.
 *
 * Every condition here narrows the `p` of ../product-rows.ts `productColumns` (the tenant's
 * active products); none of them can widen it to another shop.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../platform/db/connection.ts';

/** Which part of a product a search looks in. */
export type SearchField = 'name' | 'name-or-description';

/** One word's prefixes, any of which may match (./search-terms.ts `searchPrefixes`). */
type Word = readonly string[];

/**
 * FTS5's query: every word (AND), each as any of its prefixes (OR), in `field`. A prefix holds
 * letters and digits only, so quoting it is enough to keep it a word, never an operator.
 */
function ftsQuery(words: readonly Word[], field: SearchField): string {
  const all = words
    .map((word) => `(${word.map((prefix) => `"${prefix}"*`).join(' OR ')})`)
    .join(' AND ');
  return field === 'name' ? `name : (${all})` : all;
}

/** PostgreSQL's tsquery text, as {@link ftsQuery}; `:*A` restricts a prefix to the name. */
function tsQuery(words: readonly Word[], field: SearchField): string {
  const weight = field === 'name' ? 'A' : '';
  return words
    .map((word) => `(${word.map((prefix) => `${prefix}:*${weight}`).join(' | ')})`)
    .join(' & ');
}

/**
 * A condition true for the products (`p`) that hold, for every word of `words` (from
 * ./search-terms.ts `searchPrefixes`), a word of `field` starting with one of its prefixes.
 * With no word (a search of punctuation alone), true for none.
 */
export function matchesSearch(
  dialect: Dialect,
  words: readonly Word[],
  field: SearchField = 'name-or-description',
): Expression<SqlBool> {
  if (words.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'postgres') {
    return sql<SqlBool>`p.search_vector @@ to_tsquery('simple', ${tsQuery(words, field)})`;
  }
  return sql<SqlBool>`p.id in (select rowid from products_fts where products_fts match ${ftsQuery(words, field)})`;
}

/**
 * The search's rank of a product (`p`) that {@link matchesSearch}: 0 when its name holds every
 * word, 1 when only its description completes the match. The list orders by it, then by id,
 * so the same products come in the same order on both engines.
 */
export function searchRank(dialect: Dialect, words: readonly Word[]): Expression<number> {
  return sql<number>`case when ${matchesSearch(dialect, words, 'name')} then 0 else 1 end`;
}
