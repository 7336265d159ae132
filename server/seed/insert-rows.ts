/**
 * The seed's bulk inserts: a list of rows (a product's photos, a zone's shipping methods…) goes
 * into its table in one statement, and a shop's ordered lists (its FAQ, its contact page's
 * entries, its core values) are numbered as the back office orders them.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';

/**
 * Inserts `rows` (each a row of `table` as Kysely inserts it) into `table` in one statement, in
 * their order; does nothing for none (an empty VALUES list is no SQL).
 * @throws the database's error (a constraint the rows break)
 */
export async function insertRows<T extends keyof Database & string>(
  trx: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  // A generic table hides its columns from the type of `values`; `rows` are that table's.
  await trx
    .insertInto(table)
    .values(rows as never)
    .execute();
}

/** A table of a shop's ordered list: each row has the shop (`tenant_id`) and its `position`. */
type ShopList = {
  [T in keyof Database & string]: Insertable<Database[T]> extends {
    tenant_id: number;
    position: number;
  }
    ? T
    : never;
}[keyof Database & string];

/**
 * Inserts shop `tenantId`'s ordered list `items` into `table` in one statement (see
 * {@link insertRows}): each row is `fields(item)` with the shop and its position, `first` for
 * the first item (1 unless given), then one more for each.
 * @throws the database's error
 */
export async function insertShopList<T extends ShopList, I>(
  trx: Kysely<Database>,
  table: T,
  tenantId: number,
  items: readonly I[],
  fields: (item: I) => Omit<Insertable<Database[T]>, 'tenant_id' | 'position'>,
  first = 1,
): Promise<void> {
  const rows = items.map((item, index) => ({
    tenant_id: tenantId,
    ...fields(item),
    position: first + index,
  }));
  await insertRows(trx, table, rows as unknown as Insertable<Database[T]>[]);
}
