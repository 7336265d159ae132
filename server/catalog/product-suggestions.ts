/**
 * The header's search suggestions (decisions 033 and 018): a few of the tenant's active
 * products for what a shopper is typing, with a price and a thumbnail each.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { DomainError } from '../platform/domain-error.ts';
import type { CatalogErrorCode } from './errors.ts';
import { toDecimal } from '../../common/money.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import { binary, nameKey } from './name-matching.ts';
import { type CatalogScope, productColumns, salesTableIn } from './product-rows.ts';
import { saleOf, salePrice } from './sales.ts';
import {
  countIndexMatches,
  firstNamesWithWordStart,
  LAST_CHARACTER,
  matchesSearch,
  nameMatchIds,
} from './search/product-search.ts';
import { searchPrefixes, searchWords } from './search/search-terms.ts';

/** Most suggestions one answer holds (contract: maxItems). */
export const MAX_SUGGESTIONS = 6;

/**
 * The term suggestions are looked up by: trimmed and lowered (the match ignores case, so "Gyu"
 * and "gyu" are one term, and one cache entry).
 * @throws DomainError `search_term_too_short` (field `q`: "Ensure this field has at least 2
 *   characters.") when fewer than 2 characters are left; the contract refuses a missing, long
 *   or NUL-holding one before this runs.
 */
export function suggestionTerm(q: string): string {
  const term = q.trim().toLowerCase();
  if (term.length < 2) {
    throw new DomainError<CatalogErrorCode>(
      'search_term_too_short',
      'Ensure this field has at least 2 characters.',
      { field: 'q' },
    );
  }
  return term;
}

/** A suggestion as read, before its price is made a decimal string. */
interface SuggestionRow {
  id: number;
  name: string;
  slug: string;
  category_id: number;
  price_cents: number;
  thumbnail: string | null;
}

/**
 * The next suggestions of the tenant's active products matching `where`, none of those found
 * already, in the suggestions' order (by `similarTo`'s word similarity first when given), as
 * many as places are left.
 */
type SuggestionPage = (where: Expression<SqlBool>, similarTo?: string) => Promise<SuggestionRow[]>;

/**
 * Most name matches the second group reads and sorts by name. Past it, the group reads the name
 * index in order and checks each product against the match instead, stopping at the last
 * place: a two-letter word start ("kn", "bo") matches 10,000-20,000 names at 100,000 products,
 * 35 ms (SQLite) to 100 ms (PostgreSQL) to read and sort, and a fraction of that to find six in
 * name order. Whether a term is past it is counted from an index alone (FTS5's on SQLite, the
 * names' words table's on PostgreSQL), up to one more than it. (On PostgreSQL a term of one
 * word needs neither: its names come in name order from that table.)
 */
export const SORTED_MATCHES_AT_MOST = 300;

/**
 * The second group: names with a word starting with each word of the term
 * (./search/product-search.ts `matchesSearch` on the name), by name, at most `places`. Which
 * way it is read depends on the engine and how common the words are (decision 018,
 * "Suggestions that stop at their last place" and "Name words in a table of their own"): on
 * PostgreSQL one word's first names are read in name order; otherwise few matches are read
 * from the text index and sorted, and many are found by reading the name index in order until
 * the places are filled.
 */
async function nameWordMatches(
  scope: CatalogScope,
  prefixes: string[][],
  page: SuggestionPage,
): Promise<SuggestionRow[]> {
  const { db, dialect, tenantId } = scope;
  if (dialect === 'sqlite') {
    const matches = await countIndexMatches(db, prefixes, 'name', SORTED_MATCHES_AT_MOST + 1);
    const use = matches > SORTED_MATCHES_AT_MOST ? 'check' : 'lookup';
    return page(matchesSearch(dialect, prefixes, 'name', use));
  }
  // PostgreSQL, one word: its first names in name order, straight from the B-tree of the names'
  // words (0.3 ms for "kn" in 12,000 names at 100,000 products). As many as the suggestions
  // hold, so that the places left are filled whichever of them the first group already found.
  if (prefixes.length === 1) {
    const ids = await firstNamesWithWordStart(db, tenantId, prefixes[0]!, MAX_SUGGESTIONS);
    return ids.length === 0 ? [] : page(sql<SqlBool>`p.id = any(${ids})`);
  }
  // Several words: the matches' ids, up to one more than are sorted, from the same table...
  const ids = (
    await nameMatchIds(db, tenantId, prefixes)
      .limit(SORTED_MATCHES_AT_MOST + 1)
      .execute()
  ).map((row) => row.product_id);
  if (ids.length === 0) return [];
  // ...sorted when they are few; past that, found by reading the name order, testing each
  // product, to the last place.
  if (ids.length <= SORTED_MATCHES_AT_MOST) return page(sql<SqlBool>`p.id = any(${ids})`);
  return page(matchesSearch(dialect, prefixes, 'name'));
}

/** Lowers ASCII letters only, as SQLite's lower() and ./name-matching.ts `nameKey` do. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * At most {@link MAX_SUGGESTIONS} active products for `term` (trimmed), in three groups, each
 * group read from an index and only while places are left:
 * 1. names that start with the term (case of ASCII letters ignored), by name;
 * 2. names with a word starting with each word of the term (./search/search-terms.ts: accents
 *    and case ignored, a plural finds the singular), by name;
 * 3. on PostgreSQL only, names with a word close to the term (pg_trgm's word similarity, so a
 *    typo such as "walnot" still suggests walnut), closest first. SQLite has no trigram
 *    similarity; a typo finds nothing there.
 * Then by the name's bytes and the id. `price` is a decimal string (reduced while a sale runs); `thumbnail` the first
 * image's thumbnail (or the image), null without images.
 */
export async function loadSuggestions(
  scope: CatalogScope,
  term: string,
): Promise<Schemas['ProductSuggestion'][]> {
  const { db, dialect, tenantId } = scope;
  const found: SuggestionRow[] = [];
  const page: SuggestionPage = (where, similarTo) => {
    let query = productColumns(db, tenantId)
      .select((eb) => [
        'p.id',
        'p.name',
        'p.slug',
        'p.category_id',
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
      .where(where);
    if (found.length > 0)
      query = query.where(
        'p.id',
        'not in',
        found.map((row) => row.id),
      );
    if (similarTo !== undefined)
      query = query.orderBy(
        sql`public.word_similarity(${similarTo}, lower(storefront_unaccent(p.name)))`,
        'desc',
      );
    return query
      .orderBy(nameKey(dialect))
      .orderBy(binary(dialect, sql`p.name`))
      .orderBy('p.id')
      .limit(MAX_SUGGESTIONS - found.length)
      .execute();
  };

  const start = asciiLower(term);
  found.push(
    ...(await page(
      sql<SqlBool>`${nameKey(dialect)} >= ${start} and ${nameKey(dialect)} < ${start + LAST_CHARACTER}`,
    )),
  );
  const prefixes = searchPrefixes(term);
  if (found.length < MAX_SUGGESTIONS && prefixes.length > 0)
    found.push(...(await nameWordMatches(scope, prefixes, page)));
  if (found.length < MAX_SUGGESTIONS && dialect === 'postgres' && prefixes.length > 0) {
    const typed = searchWords(term).join(' ');
    found.push(
      ...(await page(
        sql<SqlBool>`${typed} operator(public.<%) lower(storefront_unaccent(p.name))`,
        typed,
      )),
    );
  }
  // A product on sale is suggested at its reduced price (./sales.ts), as its card shows it.
  const sales = found.length ? await salesTableIn(scope) : { sales: [] };
  const now = Date.now();
  return found.map((row) => {
    const sale = saleOf(sales, row, now);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      price: toDecimal(sale ? salePrice(row.price_cents, sale.percent) : row.price_cents),
      thumbnail: row.thumbnail ?? null,
    };
  });
}
