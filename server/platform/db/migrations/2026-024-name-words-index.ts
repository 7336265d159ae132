/**
 * Migration 2026_024_name_words_index: on PostgreSQL, a text index of the words of products'
 * names alone. Shipped once released; never edit it then, add a later migration instead.
 *
 * The suggestions look a typed word start up among the words of names
 * (server/catalog/product-suggestions.ts). The search vector of 2026_009 holds the names' words
 * and the descriptions' together, weighted: a start common in descriptions ("ga", for
 * "garden") made its GIN index return thousands of products whose name then had to be checked
 * on the table, 85 ms at 100,000 products for none to suggest. This index holds the names'
 * words only, so a start that no name holds costs a lookup of nothing, and the planner knows,
 * from the index's statistics, how many names hold it. SQLite's FTS5 table (2026_009) already
 * indexes the name column apart.
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

export function nameWordsIndexMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`create index products_name_words_idx on products
        using gin (to_tsvector('simple'::regconfig, storefront_unaccent(name)))`.execute(db);
    },
  };
}
