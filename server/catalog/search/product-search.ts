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
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../platform/db/connection.ts';
import type { Database } from '../../platform/db/database.ts';

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
 *
 * `use`: `lookup` (default) lets the database start from the text index (all the matches,
 * then whatever order the query asks for); `check` tests rows the query reads another way, in
 * an index's order, so a query that stops at its LIMIT reads only as far as it needs (on SQLite
 * the match list is still built once from the index, but the planner may no longer drive the
 * read from it; PostgreSQL's planner chooses either way).
 */
export function matchesSearch(
  dialect: Dialect,
  words: readonly Word[],
  field: SearchField = 'name-or-description',
  use: 'lookup' | 'check' = 'lookup',
): Expression<SqlBool> {
  if (words.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'postgres') {
    return sql<SqlBool>`p.search_vector @@ to_tsquery('simple', ${tsQuery(words, field)})`;
  }
  // A unary + keeps SQLite from reading the products by the list's ids.
  const id = use === 'check' ? sql`+p.id` : sql`p.id`;
  return sql<SqlBool>`${id} in (select rowid from products_fts where products_fts match ${ftsQuery(words, field)})`;
}

/**
 * PostgreSQL only: the products (`p`) whose name holds, for every word of `words`, a word
 * starting with one of its prefixes, as the index of the names' words alone reads it
 * (migration 2026_024: `products_name_words_idx`). The same products as `matchesSearch(...,
 * 'name')`, which tests the weighted search vector: this form finds them without reading the
 * products whose descriptions alone hold the word.
 */
export function nameWordsMatch(words: readonly Word[]): Expression<SqlBool> {
  if (words.length === 0) return sql<SqlBool>`1 = 0`;
  // Unweighted: this vector holds the name's words alone.
  const query = tsQuery(words, 'name-or-description');
  return sql<SqlBool>`to_tsvector('simple'::regconfig, storefront_unaccent(p.name)) @@ to_tsquery('simple', ${query})`;
}

/**
 * SQLite only: how many products, of any shop and active or not, FTS5's index finds for
 * `words` in `field`, counted only up to `atMost` (more reads as `atMost`). It reads the index
 * alone, never a product, so it costs little however common the words: the suggestions ask it
 * whether sorting every match is cheap (../product-suggestions.ts).
 */
export async function countIndexMatches(
  db: Kysely<Database>,
  words: readonly Word[],
  field: SearchField,
  atMost: number,
): Promise<number> {
  if (words.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from products_fts
    where products_fts match ${ftsQuery(words, field)} limit ${atMost}) as found`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
