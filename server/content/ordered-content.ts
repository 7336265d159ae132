/**
 * The shop's ordered lists of content, as the back office edits them: the FAQ, the company
 * page's core values, and the contact page's locations, e-mail addresses and social profiles.
 * Each is a table of rows with `id`, `tenant_id` and `position` (the shop's order); a kind
 * (./content-kinds.ts) says which table, how a body becomes columns and how a row is answered.
 *
 * Every change runs in one transaction that writes before it reads (on SQLite a transaction
 * that read first fails when another connection wrote meanwhile, instead of waiting) and is
 * written to the activity log in it, with the changed fields before and after. A new item goes
 * last; a reorder must name every item of the shop once. Another shop's id is "Not found.".
 * The storefront shows the change once the HTTP layer has dropped the shop's cached answers
 * and pages (it does so after each call here returns).
 */
import { type Generated, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import type { Acting, JournalObjectType } from '../platform/journal.ts';
import { changedFields, checkOrder, contentNotFound, throwIfInvalid } from './content-input.ts';

/** The tables of ordered content. */
export type OrderedTableName =
  'faqs' | 'core_values' | 'contact_locations' | 'contact_emails' | 'social_profiles';

/**
 * The columns every ordered table shares, and its own as loose values: the module works on
 * any of the five through this view (each kind's own checks type its columns).
 */
interface OrderedTable {
  id: Generated<number>;
  tenant_id: number;
  position: number;
  [column: string]: unknown;
}
type OrderedDb = Record<OrderedTableName, OrderedTable>;
type Trx = Transaction<Database>;

/** Journals `<object type>.<verb>` on item `objectId` of `kind` through `acting`, in `trx`. */
async function logItemChange(
  trx: Trx,
  acting: Acting,
  kind: Pick<ContentKind<unknown>, 'objectType'>,
  verb: 'create' | 'update' | 'delete' | 'reorder',
  objectId: number | string,
  change: { before: unknown; after: unknown },
  at: Date,
): Promise<void> {
  await acting.journal(
    trx,
    { action: `${kind.objectType}.${verb}`, objectType: kind.objectType, objectId, ...change },
    at,
  );
}

/** A row of an ordered table as read. */
export type OrderedRow = { id: number; tenant_id: number; position: number } & Record<
  string,
  unknown
>;

/** What a kind of ordered content declares. */
export interface ContentKind<Out> {
  table: OrderedTableName;
  /** The activity log's object type, and the prefix of its actions (`faq.create`...). */
  objectType: JournalObjectType;
  /**
   * The columns a body sets, checked (errors pushed into `errors`): every required field on
   * create (`partial` false); only the fields present on an edit (`partial` true).
   */
  check(
    body: Record<string, unknown>,
    errors: FieldErrors,
    partial: boolean,
  ): Record<string, unknown>;
  /** The row as the back office reads it. */
  toOut(row: OrderedRow): Out;
  /** What else a save changes in the same transaction (one headquarters a shop). */
  afterSave?(trx: Trx, row: OrderedRow): Promise<void>;
}

/** The ordered tables seen through {@link OrderedTable}. */
function loose(db: Kysely<Database> | Trx): Kysely<OrderedDb> {
  return db as unknown as Kysely<OrderedDb>;
}

/** The columns logged of a row: all but the keys. */
function logged(row: OrderedRow): Record<string, unknown> {
  const { id: _id, tenant_id: _tenant, ...rest } = row;
  return rest;
}

/** The items of `kind` of shop `tenantId`, in the shop's order. */
export async function listItems<Out>(
  db: Kysely<Database>,
  tenantId: number,
  kind: ContentKind<Out>,
): Promise<Out[]> {
  const rows = await loose(db)
    .selectFrom(kind.table)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return (rows as OrderedRow[]).map((row) => kind.toOut(row));
}

/**
 * Adds an item of `kind` at the end of the list of shop `acting.tenantId`, journalled through
 * `acting.journal` in its transaction (`<object type>.create`).
 * @throws DomainError `invalid_content_input` (400).
 */
export async function createItem<Out>(
  db: Kysely<Database>,
  acting: Acting,
  kind: ContentKind<Out>,
  body: Record<string, unknown>,
  at: Date = new Date(),
): Promise<Out> {
  const errors: FieldErrors = {};
  const values = kind.check(body, errors, false);
  throwIfInvalid(errors);
  const row = await db.transaction().execute(async (trx) => {
    const placed = (await loose(trx)
      .insertInto(kind.table)
      .values((eb) => ({
        ...values,
        tenant_id: acting.tenantId,
        // Last: one after the shop's highest position, read by the insert itself.
        position: eb
          .selectFrom(kind.table)
          .select(sql<number>`coalesce(max(position), -1) + 1`.as('p'))
          .where('tenant_id', '=', acting.tenantId),
      }))
      .returningAll()
      .executeTakeFirstOrThrow()) as OrderedRow;
    await kind.afterSave?.(trx, placed);
    await logItemChange(
      trx,
      acting,
      kind,
      'create',
      placed.id,
      { before: null, after: logged(placed) },
      at,
    );
    return placed;
  });
  return kind.toOut(row);
}

/**
 * Changes the fields of item `id` the body names, journalled through `acting.journal` in its
 * transaction (`<object type>.update`, when a field changed).
 * @throws DomainError `invalid_content_input` (400); `content_not_found` (404) for no such item
 *   in shop `acting.tenantId`.
 */
export async function updateItem<Out>(
  db: Kysely<Database>,
  acting: Acting,
  kind: ContentKind<Out>,
  id: number,
  body: Record<string, unknown>,
  at: Date = new Date(),
): Promise<Out> {
  const errors: FieldErrors = {};
  const values = kind.check(body, errors, true);
  throwIfInvalid(errors);
  const row = await db.transaction().execute(async (trx) => {
    const before = await lockItem(trx, kind, acting.tenantId, id);
    if (!before) throw contentNotFound();
    if (Object.keys(values).length === 0) return before;
    const after = (await loose(trx)
      .updateTable(kind.table)
      .set(values)
      .where('id', '=', id)
      .where('tenant_id', '=', acting.tenantId)
      .returningAll()
      .executeTakeFirstOrThrow()) as OrderedRow;
    await kind.afterSave?.(trx, after);
    const change = changedFields(logged(before), logged(after));
    if (Object.keys(change.after).length > 0) {
      await logItemChange(trx, acting, kind, 'update', id, change, at);
    }
    return after;
  });
  return kind.toOut(row);
}

/**
 * Deletes item `id` of shop `acting.tenantId`, journalled through `acting.journal` in its
 * transaction (`<object type>.delete`); the others keep their order.
 * @throws DomainError `content_not_found` (404).
 */
export async function deleteItem(
  db: Kysely<Database>,
  acting: Acting,
  kind: ContentKind<unknown>,
  id: number,
  at: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = (await loose(trx)
      .deleteFrom(kind.table)
      .where('id', '=', id)
      .where('tenant_id', '=', acting.tenantId)
      .returningAll()
      .executeTakeFirst()) as OrderedRow | undefined;
    if (!before) throw contentNotFound();
    await logItemChange(
      trx,
      acting,
      kind,
      'delete',
      id,
      { before: logged(before), after: null },
      at,
    );
  });
}

/**
 * Puts the items of `kind` of shop `acting.tenantId` in the order of `ids` (every item's id
 * once), journalled through `acting.journal` in its transaction (`<object type>.reorder`, when
 * the order changed).
 * @returns the items in their new order.
 * @throws DomainError `invalid_content_input` (400, field `ids`) when `ids` misses an item,
 *   repeats one or names one the shop does not have.
 */
export async function reorderItems<Out>(
  db: Kysely<Database>,
  acting: Acting,
  kind: ContentKind<Out>,
  ids: unknown,
  at: Date = new Date(),
): Promise<Out[]> {
  await db.transaction().execute(async (trx) => {
    // A write first: it locks the shop's items and answers them as they are under the lock.
    const current = (await loose(trx)
      .updateTable(kind.table)
      .set((eb) => ({ position: eb.ref('position') }))
      .where('tenant_id', '=', acting.tenantId)
      .returning(['id', 'position'])
      .execute()) as Array<{ id: number; position: number }>;
    current.sort((a, b) => a.position - b.position || a.id - b.id);
    const errors: FieldErrors = {};
    const order = checkOrder(
      errors,
      ids,
      current.map((item) => item.id),
    );
    throwIfInvalid(errors);
    const was = current.map((item) => item.id);
    if (was.every((id, index) => order[index] === id)) return;
    for (const [position, id] of order.entries()) {
      await loose(trx)
        .updateTable(kind.table)
        .set({ position })
        .where('id', '=', id)
        .where('tenant_id', '=', acting.tenantId)
        .execute();
    }
    await logItemChange(
      trx,
      acting,
      kind,
      'reorder',
      'order',
      { before: { order: was }, after: { order } },
      at,
    );
  });
  return listItems(db, acting.tenantId, kind);
}

/**
 * Locks item `id` of the shop for the rest of `trx` (a write of its own position, first in
 * the transaction) and answers it as it is under the lock; undefined when there is none.
 */
async function lockItem(
  trx: Trx,
  kind: ContentKind<unknown>,
  tenantId: number,
  id: number,
): Promise<OrderedRow | undefined> {
  return (await loose(trx)
    .updateTable(kind.table)
    .set((eb) => ({ position: eb.ref('position') }))
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .returningAll()
    .executeTakeFirst()) as OrderedRow | undefined;
}
