/**
 * Migration 2026_009_catalogue_at_scale (decisions 018 and 050): what a catalogue of 100,000 pieces
 * needs to answer a list, a search or a suggestion from indexes. Shipped once released; never
 * edit it then, add a later migration instead.
 *
 * - Full-text search on each engine (../../../catalog/search/product-search.ts): on SQLite the
 *   FTS5 table `products_fts` over products' name and description, kept in step by triggers;
 *   on PostgreSQL `products.search_vector`, kept by a trigger, with a GIN index, and the `unaccent`
 *   and `pg_trgm` extensions (both trusted: a database owner may create them), installed in
 *   `public` once per database.
 * - `products.review_count` and `products.rating_average` (0 without reviews), kept by triggers
 *   on `reviews` whatever writes them (the storefront, the seed, a back office, SQL by hand), so
 *   a list shows and sorts by rating without aggregating reviews on every request.
 * - One index per ordering the storefront offers (price both ways, name, newest, rating) and
 *   one per category, each starting with the tenant and its active products: a page of any of
 *   them reads its rows in order, and its count reads an index only.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

/** The indexes of the product list (tenant and activity first, then the ordering). */
async function listIndexes(db: AnyDb, dialect: Dialect): Promise<void> {
  const nameKey =
    dialect === 'postgres' ? sql`(lower(name collate "C") collate "C")` : sql`lower(name)`;
  const binaryName = dialect === 'postgres' ? sql`(name collate "C")` : sql`name`;
  const indexes = [
    sql`create index products_category_list_idx on products (tenant_id, is_active, category_id, id)`,
    // The stock rides along, so "in stock only" is read from the index too, count included.
    sql`create index products_price_idx on products (tenant_id, is_active, price_cents, id, stock)`,
    sql`create index products_price_desc_idx on products (tenant_id, is_active, price_cents desc, id, stock)`,
    sql`create index products_newest_idx on products (tenant_id, is_active, created_at, id)`,
    sql`create index products_rating_idx on products (tenant_id, is_active, rating_average desc, id)`,
    sql`create index products_name_idx on products (tenant_id, is_active, ${nameKey}, ${binaryName}, id)`,
    // The sitemap's product files, by id, from the index alone (not every product's row).
    // (With the stock too: the count of "in stock only" reads it alone.)
    sql`create index products_sitemap_idx on products (tenant_id, is_active, id, stock, slug, created_at)`,
    // Reviews by shop: the shop's own statistics never read every shop's reviews.
    sql`create index reviews_tenant_idx on reviews (tenant_id, product_id)`,
  ];
  for (const statement of indexes) await statement.execute(db);
}

async function sqliteUp(db: AnyDb): Promise<void> {
  await sql`create virtual table products_fts using fts5(
    name, description,
    content = 'products', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
  )`.execute(db);
  await sql`insert into products_fts (products_fts) values ('rebuild')`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts (rowid, name, description) values (new.id, new.name, new.description);
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts (products_fts, rowid, name, description)
      values ('delete', old.id, old.name, old.description);
  end`.execute(db);
  await sql`create trigger products_fts_update after update of name, description on products begin
    insert into products_fts (products_fts, rowid, name, description)
      values ('delete', old.id, old.name, old.description);
    insert into products_fts (rowid, name, description) values (new.id, new.name, new.description);
  end`.execute(db);

  const restate = (product: string) =>
    sql.raw(`update products set
      review_count = (select count(*) from reviews where product_id = ${product}),
      rating_average = coalesce((select avg(rating) from reviews where product_id = ${product}), 0)
    where id = ${product};`);
  await sql`create trigger reviews_stats_insert after insert on reviews begin
    ${restate('new.product_id')}
  end`.execute(db);
  await sql`create trigger reviews_stats_delete after delete on reviews begin
    ${restate('old.product_id')}
  end`.execute(db);
  await sql`create trigger reviews_stats_update after update of rating, product_id on reviews begin
    ${restate('old.product_id')}
    ${restate('new.product_id')}
  end`.execute(db);
}

async function postgresUp(db: AnyDb): Promise<void> {
  // One database may hold several shops' schemas (or tests' schemas) migrating at once; the
  // extensions are the database's, so they are created under a lock, once.
  await sql`select pg_advisory_xact_lock(hashtext('storefront: extensions'))`.execute(db);
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  // unaccent() is only STABLE (its dictionary could change); a stored column needs IMMUTABLE,
  // which holds as long as nobody edits the dictionary file.
  await sql`create or replace function storefront_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`.execute(db);
  // Kept by a trigger rather than generated: a generated column would forbid changing the
  // name column's type or collation (a shop's database may want its own).
  const vector = (row: string) =>
    sql.raw(`setweight(to_tsvector('simple'::regconfig, storefront_unaccent(${row}.name)), 'A') ||
      setweight(to_tsvector('simple'::regconfig, storefront_unaccent(${row}.description)), 'B')`);
  await sql`alter table products add column search_vector tsvector`.execute(db);
  await sql`update products set search_vector = ${vector('products')}`.execute(db);
  // Every update fires it (a column list would forbid changing the name column's type), and
  // only a new name or description costs a new vector: stock moves with every order.
  await sql`create or replace function storefront_products_search_vector() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.name is distinct from old.name
          or new.description is distinct from old.description then
        new.search_vector := ${vector('new')};
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger products_search_vector before insert or update on products
    for each row execute function storefront_products_search_vector()`.execute(db);
  await sql`create index products_search_idx on products using gin (search_vector)`.execute(db);
  // Typo-tolerant suggestions: trigrams of the lowered, unaccented name.
  await sql`create index products_name_trgm_idx on products
    using gin ((lower(storefront_unaccent(name))) public.gin_trgm_ops)`.execute(db);

  await sql`create or replace function storefront_review_stats() returns trigger
    language plpgsql as $$
    declare
      product integer;
    begin
      foreach product in array array[
        case when tg_op in ('UPDATE', 'DELETE') then old.product_id end,
        case when tg_op in ('UPDATE', 'INSERT') then new.product_id end
      ] loop
        if product is not null then
          update products set
            review_count = (select count(*) from reviews where product_id = product),
            rating_average = coalesce(
              (select avg(rating)::double precision from reviews where product_id = product), 0)
          where id = product;
        end if;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`create trigger reviews_stats after insert or delete or update of rating, product_id
    on reviews for each row execute function storefront_review_stats()`.execute(db);
}

/** See the module comment. */
export function catalogueAtScaleMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('products')
        .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('rating_average', dialect === 'postgres' ? 'double precision' : 'real', (c) =>
          c.notNull().defaultTo(0),
        )
        .execute();
      await sql`update products set
        review_count = (select count(*) from reviews r where r.product_id = products.id),
        rating_average = coalesce(
          (select avg(r.rating) from reviews r where r.product_id = products.id), 0)`.execute(db);
      if (dialect === 'postgres') await postgresUp(db);
      else await sqliteUp(db);
      await listIndexes(db, dialect);
    },
  };
}
