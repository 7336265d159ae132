/**
 * The shop's sales in the back office (issue 42, decision 089; pricing in ./sales.ts): the list,
 * one sale, scheduling one, changing one, and ending one early.
 *
 * A sale takes a whole `percent` (1-90) off the products of a category (`category_id`) and of
 * chosen products (`product_ids`, at most 500), at least one of the two, from `starts_at` until
 * `ends_at` (after the start). Categories do not nest: a category's sale covers its own
 * products. A sale that has ended can no longer be changed or ended again (`sale_ended`);
 * ending one early moves its end to now (and its start too, when it had not started: it never
 * ran). Every change is written through the door's journal (`acting.journal`, object `sale`)
 * in its transaction, with the fields before and after. The caller forgets the shop's cached
 * catalogue after the commit (prices change).
 *
 * Refusals: `invalid_sale` (400) naming each bad field with its message (see
 * {@link SALE_MESSAGES}); `sale_not_found` (404) for another shop's or an unknown id;
 * `sale_ended` (409).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import type { Database } from '../platform/db/database.ts';
import { isRowId } from '../platform/db/errors.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { CONTROL } from '../platform/text-checks.ts';
import type { Acting } from '../platform/journal.ts';
import type { SaleErrorCode } from './sale-errors.ts';

export type AdminSale = Schemas['AdminSale'];
type Db = Kysely<Database> | Transaction<Database>;

/** The words of every refusal, as the back office shows them. */
export const SALE_MESSAGES = {
  blankName: 'This field may not be blank.',
  controlInName: 'Enter text without control characters.',
  percent: 'Enter a whole percent from 1 to 90.',
  endBeforeStart: 'The end must be after the start.',
  nothingCovered: 'Choose a category or at least one product.',
  notShopCategory: 'Choose one of the shop’s categories.',
  notShopProducts: 'Choose products of the shop.',
  notFound: 'Not found.',
  ended: 'This sale has ended and can no longer be changed.',
} as const;

/** Most products one sale may name. */
export const MAX_SALE_PRODUCTS = 500;

/** A sale's fields as sent (the contract checked their types and lengths). */
export interface SaleInput {
  name?: string;
  percent?: number;
  category_id?: number | null;
  product_ids?: number[];
  starts_at?: string;
  ends_at?: string;
}

const notFound = () => new DomainError<SaleErrorCode>('sale_not_found', SALE_MESSAGES.notFound);
const ended = () => new DomainError<SaleErrorCode>('sale_ended', SALE_MESSAGES.ended);
const invalid = (fields: FieldErrors) =>
  new DomainError<SaleErrorCode>('invalid_sale', 'Invalid input.', { fields });

/** Whether a sale running from `starts` to `ends` is scheduled, running or ended at `now`. */
function statusAt(starts: Date, ends: Date, now: Date): AdminSale['status'] {
  if (now.getTime() >= ends.getTime()) return 'ended';
  return now.getTime() >= starts.getTime() ? 'running' : 'scheduled';
}

/** The shop's sales (all of them, or `ids`) as the back office shows them, newest start first. */
async function salesOf(db: Db, tenantId: number, now: Date, ids?: number[]): Promise<AdminSale[]> {
  let query = db
    .selectFrom('sales as s')
    .leftJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 's.category_id').on('c.tenant_id', '=', tenantId),
    )
    .select(['s.id', 's.name', 's.percent', 's.starts_at', 's.ends_at', 's.category_id'])
    .select('c.name as category_name')
    .where('s.tenant_id', '=', tenantId);
  if (ids) query = query.where('s.id', 'in', ids);
  const rows = await query.orderBy('s.starts_at', 'desc').orderBy('s.id', 'desc').execute();
  const chosen =
    rows.length === 0
      ? []
      : await db
          .selectFrom('sale_products as sp')
          .innerJoin('products as p', (join) =>
            join.onRef('p.id', '=', 'sp.product_id').on('p.tenant_id', '=', tenantId),
          )
          .select(['sp.sale_id', 'p.id', 'p.name'])
          .where('sp.tenant_id', '=', tenantId)
          .where(
            'sp.sale_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('p.name')
          .orderBy('p.id')
          .execute();
  const products = new Map<number, { id: number; name: string }[]>();
  for (const row of chosen) {
    let list = products.get(row.sale_id);
    if (!list) products.set(row.sale_id, (list = []));
    list.push({ id: row.id, name: row.name });
  }
  return rows.map((row) => {
    const starts = new Date(row.starts_at);
    const ends = new Date(row.ends_at);
    return {
      id: row.id,
      name: row.name,
      percent: row.percent,
      category:
        row.category_id !== null && row.category_name !== null
          ? { id: row.category_id, name: row.category_name }
          : null,
      products: products.get(row.id) ?? [],
      starts_at: toIsoString(row.starts_at),
      ends_at: toIsoString(row.ends_at),
      status: statusAt(starts, ends, now),
    };
  });
}

/** Every sale of shop `tenantId`, newest start first, with its status at `now`. */
export async function listSales(
  db: Kysely<Database>,
  tenantId: number,
  now: Date = new Date(),
): Promise<AdminSale[]> {
  return salesOf(db, tenantId, now);
}

/** Sale `id` of shop `tenantId`; `sale_not_found` for any other. */
export async function getSale(
  db: Db,
  tenantId: number,
  id: number,
  now: Date = new Date(),
): Promise<AdminSale> {
  if (!isRowId(id)) throw notFound();
  const [sale] = await salesOf(db, tenantId, now, [id]);
  if (!sale) throw notFound();
  return sale;
}

/** A moment sent as an ISO 8601 date-time, or null when it is not one. */
function moment(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The sale's fields checked and cleaned; `current` are its fields now (an update). */
async function checkedSale(
  db: Db,
  tenantId: number,
  input: SaleInput,
  current: Required<Omit<SaleInput, 'category_id'>> & { category_id: number | null },
) {
  const errors: FieldErrors = {};
  const name = (input.name ?? current.name).trim();
  if (name === '') errors.name = [SALE_MESSAGES.blankName];
  else if (CONTROL.test(name)) errors.name = [SALE_MESSAGES.controlInName];
  const percent = input.percent ?? current.percent;
  if (!Number.isInteger(percent) || percent < 1 || percent > 90)
    errors.percent = [SALE_MESSAGES.percent];
  const startsAt = moment(input.starts_at ?? current.starts_at);
  const endsAt = moment(input.ends_at ?? current.ends_at);
  if (!startsAt) errors.starts_at = ['Enter a valid date and time.'];
  if (!endsAt) errors.ends_at = ['Enter a valid date and time.'];
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime())
    errors.ends_at = [SALE_MESSAGES.endBeforeStart];
  const categoryId = input.category_id !== undefined ? input.category_id : current.category_id;
  const productIds = [...new Set(input.product_ids ?? current.product_ids)];
  if (categoryId === null && productIds.length === 0)
    errors.product_ids = [SALE_MESSAGES.nothingCovered];
  if (categoryId !== null) {
    const found =
      isRowId(categoryId) &&
      (await db
        .selectFrom('categories')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', categoryId)
        .executeTakeFirst());
    if (!found) errors.category_id = [SALE_MESSAGES.notShopCategory];
  }
  if (productIds.length > 0) {
    const ok = productIds.every(isRowId);
    const found = ok
      ? await db
          .selectFrom('products')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', productIds)
          .execute()
      : [];
    if (found.length !== productIds.length) errors.product_ids = [SALE_MESSAGES.notShopProducts];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { name, percent, categoryId, productIds, startsAt: startsAt!, endsAt: endsAt! };
}

type Checked = Awaited<ReturnType<typeof checkedSale>>;

/** A sale's fields as the journal keeps them. */
const logged = (sale: Checked) => ({
  name: sale.name,
  percent: sale.percent,
  category_id: sale.categoryId,
  product_ids: sale.productIds,
  starts_at: sale.startsAt.toISOString(),
  ends_at: sale.endsAt.toISOString(),
});

/** Replaces sale `saleId`'s chosen products with `productIds`. */
async function setProducts(
  trx: Transaction<Database>,
  tenantId: number,
  saleId: number,
  productIds: readonly number[],
) {
  await trx.deleteFrom('sale_products').where('sale_id', '=', saleId).execute();
  if (productIds.length > 0) {
    await trx
      .insertInto('sale_products')
      .values(
        productIds.map((productId) => ({
          sale_id: saleId,
          product_id: productId,
          tenant_id: tenantId,
        })),
      )
      .execute();
  }
}

/**
 * Schedules a sale in `acting`'s shop (see the module comment for the rules); logged as
 * `sale.create`. Answers the sale as the back office shows it.
 */
export async function createSale(
  db: Kysely<Database>,
  acting: Acting,
  input: Required<Pick<SaleInput, 'name' | 'percent' | 'starts_at' | 'ends_at'>> & SaleInput,
  now: Date = new Date(),
): Promise<AdminSale> {
  const { tenantId } = acting;
  return db.transaction().execute(async (trx) => {
    const sale = await checkedSale(trx, tenantId, input, {
      name: input.name,
      percent: input.percent,
      category_id: null,
      product_ids: [],
      starts_at: input.starts_at,
      ends_at: input.ends_at,
    });
    const row = await trx
      .insertInto('sales')
      .values({
        tenant_id: tenantId,
        name: sale.name,
        percent: sale.percent,
        category_id: sale.categoryId,
        starts_at: sale.startsAt.toISOString(),
        ends_at: sale.endsAt.toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setProducts(trx, tenantId, row.id, sale.productIds);
    await acting.journal(
      trx,
      { action: 'sale.create', objectType: 'sale', objectId: row.id, after: logged(sale) },
      now,
    );
    return getSale(trx, tenantId, row.id, now);
  });
}

/** Sale `id` of the shop as {@link checkedSale} takes it, locked for the change; or 404/409. */
async function saleToChange(trx: Transaction<Database>, tenantId: number, id: number, now: Date) {
  if (!isRowId(id)) throw notFound();
  // Touching the row locks it (PostgreSQL) or takes the write lock (SQLite) for the change.
  await trx
    .updateTable('sales')
    .set({ updated_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  const row = await trx
    .selectFrom('sales')
    .select(['id', 'name', 'percent', 'category_id', 'starts_at', 'ends_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (new Date(row.ends_at).getTime() <= now.getTime()) throw ended();
  const products = await trx
    .selectFrom('sale_products')
    .select('product_id')
    .where('sale_id', '=', id)
    .orderBy('product_id')
    .execute();
  return {
    name: row.name,
    percent: row.percent,
    category_id: row.category_id,
    product_ids: products.map((p) => p.product_id),
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
  };
}

/**
 * Changes the fields sent of sale `id` (others stay); logged as `sale.update` with the fields
 * before and after. `sale_ended` once it has ended.
 */
export async function updateSale(
  db: Kysely<Database>,
  acting: Acting,
  id: number,
  input: SaleInput,
  now: Date = new Date(),
): Promise<AdminSale> {
  const { tenantId } = acting;
  return db.transaction().execute(async (trx) => {
    const current = await saleToChange(trx, tenantId, id, now);
    const sale = await checkedSale(trx, tenantId, input, current);
    await trx
      .updateTable('sales')
      .set({
        name: sale.name,
        percent: sale.percent,
        category_id: sale.categoryId,
        starts_at: sale.startsAt.toISOString(),
        ends_at: sale.endsAt.toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .execute();
    await setProducts(trx, tenantId, id, sale.productIds);
    await acting.journal(
      trx,
      {
        action: 'sale.update',
        objectType: 'sale',
        objectId: id,
        before: current,
        after: logged(sale),
      },
      now,
    );
    return getSale(trx, tenantId, id, now);
  });
}

/**
 * Ends sale `id` now (a scheduled one never runs: its start moves to now too); logged as
 * `sale.end`. `sale_ended` when it already has.
 */
export async function endSale(
  db: Kysely<Database>,
  acting: Acting,
  id: number,
  now: Date = new Date(),
): Promise<AdminSale> {
  const { tenantId } = acting;
  return db.transaction().execute(async (trx) => {
    const current = await saleToChange(trx, tenantId, id, now);
    const at = now.toISOString();
    const startsAt = new Date(current.starts_at) > now ? at : current.starts_at;
    await trx
      .updateTable('sales')
      .set({ starts_at: startsAt, ends_at: at, updated_at: at })
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .execute();
    await acting.journal(
      trx,
      {
        action: 'sale.end',
        objectType: 'sale',
        objectId: id,
        before: { name: current.name, ends_at: current.ends_at },
        after: { name: current.name, ends_at: at },
      },
      now,
    );
    return getSale(trx, tenantId, id, now);
  });
}
