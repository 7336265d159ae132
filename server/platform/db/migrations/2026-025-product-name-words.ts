/**
 * Migration 2026_025_product_name_words (decision 018, "Name words in a table of their own"):
 * on PostgreSQL, each word of each active product's name as a row, in a B-tree by word and then
 * by name. Shipped once released; never edit it then, add a later migration instead.
 *
 * PostgreSQL's text indexes (the GIN index of 2026_009's search vector, and the names' alone of
 * 2026_024) say which products hold a word but give them in no order, and a row must be read
 * from the table for each: the suggestions for "kn" read 12,000 names at 100,000 products to
 * show six (15 to 30 ms), and a search for "walnut" ranked 2,500 rows to find the name matches
 * first (8 to 15 ms). Here a word start is a range of the B-tree, each word of it holds its
 * products in name order, and the ids of every product whose name holds a word come from the
 * index alone (../../../catalog/search/product-search.ts).
 *
 * - `product_name_words (tenant_id, word, name_key, name, product_id)`: the words are those of
 *   `to_tsvector('simple', storefront_unaccent(name))` (lowered, without diacritics, each once),
 *   the words the search vector weights A; `name_key` is the name index's key (ASCII letters
 *   lowered, compared as bytes), `name` the name compared as bytes, as the suggestions order
 *   them. Only active products are in it.
 * - Kept in step by a trigger on products (an insert; an update that changes the name, the
 *   activity or the shop); a deleted product's words go with it (foreign key, on delete
 *   cascade).
 * - The GIN index of 2026_024 is dropped: nothing reads it any more.
 *
 * SQLite needs none of it: its FTS5 table has prefix indexes and reads the name column apart.
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

export function productNameWordsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`create table product_name_words (
        tenant_id integer not null,
        word text collate "C" not null,
        name_key text collate "C" not null,
        name text collate "C" not null,
        product_id integer not null references products (id) on delete cascade,
        primary key (tenant_id, word, name_key, name, product_id)
      )`.execute(db);
      // A product's own words, for the trigger's delete and the foreign key's cascade.
      await sql`create index product_name_words_product_idx
        on product_name_words (product_id)`.execute(db);
      await sql`create function storefront_product_name_words() returns trigger
        language plpgsql as $$
        begin
          if tg_op = 'UPDATE' then
            if new.name = old.name and new.is_active = old.is_active
                and new.tenant_id = old.tenant_id then
              return null;
            end if;
            delete from product_name_words where product_id = old.id;
          end if;
          if new.is_active then
            insert into product_name_words (tenant_id, word, name_key, name, product_id)
            select new.tenant_id, word, lower(new.name collate "C"), new.name, new.id
            from unnest(tsvector_to_array(
              to_tsvector('simple'::regconfig, public.storefront_unaccent(new.name)))) as word;
          end if;
          return null;
        end $$`.execute(db);
      // On every update, returning at once unless the name, activity or shop changed: a trigger
      // `update of name` would tie the column to it, and its type could no longer be altered.
      await sql`create trigger products_name_words
        after insert or update on products
        for each row execute function storefront_product_name_words()`.execute(db);
      await sql`insert into product_name_words (tenant_id, word, name_key, name, product_id)
        select p.tenant_id, word, lower(p.name collate "C"), p.name, p.id
        from products p,
          unnest(tsvector_to_array(
            to_tsvector('simple'::regconfig, public.storefront_unaccent(p.name)))) as word
        where p.is_active`.execute(db);
      await sql`analyze product_name_words`.execute(db);
      await sql`drop index products_name_words_idx`.execute(db);
    },
  };
}
