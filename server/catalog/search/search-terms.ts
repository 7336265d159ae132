/**
 * A shopper's search text made into the words both engines look up (decision 018): the same
 * words on SQLite's FTS5 and PostgreSQL's text search, so a search finds the same products on
 * either database.
 *
 * Both indexes hold the words of a product's name and description lowered and without
 * diacritics (FTS5's `unicode61 remove_diacritics 2`; PostgreSQL's `simple` configuration over
 * `unaccent`), unstemmed. A query word is then looked up as a prefix of an indexed word
 * (`bowl` finds "bowls", `wal` finds "walnut"), after its English plural ending is taken off
 * (`bowls` -> `bowl`, `knives` -> `knives` or `knif`, `berries` -> `berr`), so a plural finds
 * the singular. Neither engine's stemmer is used: Porter (SQLite) and Snowball (PostgreSQL) stem
 * some words differently, and a shop must not find other products after moving database.
 */

/** Most words of one search that are looked up; the rest of a very long text is ignored. */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words of `text` (letters and digits, split at anything else), lowered and without
 * diacritics ("Café-Zürich 210mm" -> ["cafe", "zurich", "210mm"]), at most
 * {@link MAX_SEARCH_WORDS}, duplicates dropped. Empty when the text holds no letter or digit.
 */
export function searchWords(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const words = plain.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * The prefixes under which `word` (from {@link searchWords}) is looked up, any of which may
 * match: the word without its English plural ending when at least three letters stay, which
 * also covers the plural itself (`bowls` -> `bowl`, `boxes` -> `box`, `berries` -> `berr`),
 * and for `-ves` both the word and its singular in `f` (`knives` -> `knives`, `knif`). A word
 * ending in `ss`, `us` or `is` ("glass", "walrus", "iris"), or of three letters or fewer, is
 * looked up as it is.
 */
export function wordPrefixes(word: string): string[] {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return [word];
  const stem = (suffix: number) => word.slice(0, -suffix);
  if (word.endsWith('ies') && word.length - 3 >= 3) return [stem(3)];
  if (word.endsWith('ves') && word.length - 3 >= 2) return [word, `${stem(3)}f`];
  if (/(s|x|z|ch|sh)es$/.test(word) && word.length - 2 >= 3) return [stem(2)];
  if (word.endsWith('s')) return [stem(1)];
  return [word];
}

/**
 * What a search looks up: one list of prefixes per word, every word needed (AND), any prefix of
 * a word enough (OR). Empty when the text holds no word.
 */
export function searchPrefixes(text: string): string[][] {
  return searchWords(text).map(wordPrefixes);
}
