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
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
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

/** The LIKE pattern of a prefix: it holds letters and digits only, so nothing needs escaping. */
const startsWith = (prefix: string) => `${prefix}%`;

/**
 * PostgreSQL only: the ids (`product_id`) of the tenant's active products whose name holds, for
 * every word of `words`, a word starting with one of its prefixes, read from the index of
 * `product_name_words` alone (migration 2026_025: the words of the names, the same words the
 * search vector weights A). A product is named once per word it matches: ask for distinct ids
 * where it matters. With no word, no id.
 */
export function nameMatchIds(
  db: Kysely<Database>,
  tenantId: number,
  words: readonly Word[],
): SelectQueryBuilder<Database, 'product_name_words', { product_id: number }> {
  const ofWord = (word: Word) =>
    db
      .selectFrom('product_name_words')
      .select('product_id')
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or(word.map((prefix) => eb('word', 'like', startsWith(prefix)))));
  const [first, ...rest] = words;
  if (first === undefined) return ofWord([]).where(sql.lit(false));
  return rest.reduce((query, word) => query.intersect(ofWord(word)), ofWord(first));
}

/**
 * PostgreSQL only: a condition true for the products (`p`) of {@link nameMatchIds}: the same
 * products as `matchesSearch(..., 'name')`, found without reading any product.
 */
export function nameWordsMatch(
  db: Kysely<Database>,
  tenantId: number,
  words: readonly Word[],
): Expression<SqlBool> {
  if (words.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`p.id in (${nameMatchIds(db, tenantId, words)})`;
}

/** Past every character a text can hold after a prefix (UTF-8 F4 8F BF BF, compared as bytes). */
export const LAST_CHARACTER = '\u{10FFFF}';

/**
 * PostgreSQL only: the ids of the first `count` of the tenant's active products, in name order
 * (the name index's key, then the name's bytes, then the id), whose name holds a word starting
 * with one of `prefixes` (one word's: ./search-terms.ts `wordPrefixes`). Read from the B-tree of
 * `product_name_words` alone: each distinct word of the prefixes' ranges is found by one probe
 * (a skip scan), and each word's first `count` products in name order by another, so "kn" in
 * 12,000 names at 100,000 products costs a few dozen probes instead of 12,000 rows.
 */
export async function firstNamesWithWordStart(
  db: Kysely<Database>,
  tenantId: number,
  prefixes: readonly string[],
  count: number,
): Promise<number[]> {
  if (prefixes.length === 0 || count <= 0) return [];
  const ranges = sql.join(
    prefixes.map(
      (prefix) => sql`(${prefix}::text collate "C", ${prefix + LAST_CHARACTER}::text collate "C")`,
    ),
  );
  const { rows } = await sql<{ product_id: number }>`
    with recursive words (word, below) as (
      select (select n.word from product_name_words n
                where n.tenant_id = ${tenantId} and n.word >= r.low and n.word < r.below
                order by n.word limit 1),
             r.below
        from (values ${ranges}) as r (low, below)
      union all
      select (select n.word from product_name_words n
                where n.tenant_id = ${tenantId} and n.word > w.word and n.word < w.below
                order by n.word limit 1),
             w.below
        from words w where w.word is not null
    )
    select m.product_id from words w cross join lateral (
      select n.product_id, n.name_key, n.name from product_name_words n
        where n.tenant_id = ${tenantId} and n.word = w.word
        order by n.name_key, n.name, n.product_id limit ${count}
    ) as m
    where w.word is not null
    group by m.product_id
    order by min(m.name_key), min(m.name), m.product_id
    limit ${count}`.execute(db);
  return rows.map((row) => row.product_id);
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
