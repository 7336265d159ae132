/**
 * The shop's shipping methods (owner only; decision 042): each belongs to a zone, or serves
 * every country the shop ships to (a collection with no zone). A delivery needs a zone; `code`
 * names the method in orders and is unique in the shop. An order keeps the name, kind and
 * price it was charged (its `shipments`), but its e-mails and collection notes find the
 * method by its code: so a method an open order uses is neither deleted nor given another
 * code. Checkout reads the methods on every quote; the caller's `changed` makes the cached
 * pages follow.
 */
import type { Selectable } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal, toMinorUnits } from '../../common/money.ts';
import type { ShippingMethodsTable } from '../shipping/tables.ts';
import type { OrderStatus } from '../orders/tables.ts';
import { toBool } from '../platform/db/mapping.ts';
import { orderShipments } from '../orders/read-model.ts';
import { FieldCheck, settingsConflict, settingsTransaction } from './checks.ts';
import type { Db, SettingsContext, Trx } from './checks.ts';
import { nextPosition, ShippingRows } from './shipping-rows.ts';
import { listShippingZones } from './shipping-zones.ts';

export type ShippingMethod = Schemas['ShippingMethod'];
export type ShippingMethodInput = Schemas['ShippingMethodInput'];
export type ShippingMethodChange = Schemas['ShippingMethodChange'];

/** Most methods a shop has. */
export const MAX_METHODS = 100;
/** An order in one of these may still send e-mails or notes that name its methods by code. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [
  'awaiting_payment',
  'paid',
  'processing',
  'shipped',
  'ready_to_collect',
];
const CODE = /^[a-z0-9][a-z0-9-]{0,49}$/;

function toMethod(row: Selectable<ShippingMethodsTable>): ShippingMethod {
  return {
    id: row.id,
    zone_id: row.zone_id,
    code: row.code,
    name: row.name,
    description: row.description,
    kind: row.kind,
    age_verified: toBool(row.age_verified),
    price: toDecimal(row.price_cents),
    free_over: row.free_over_cents === null ? null : toDecimal(row.free_over_cents),
    position: row.position,
  };
}

/** The methods as ./shipping-rows.ts reads and logs them. */
const METHODS = new ShippingRows('shipping_methods', 'method', toMethod);

/** Shop `tenantId`'s methods in their order. */
export const listShippingMethods = (db: Db, tenantId: number): Promise<ShippingMethod[]> =>
  METHODS.list(db, tenantId);

/** A method's fields as stored, from the whole form (`ShippingMethodInput` after defaults). */
interface MethodFields {
  zone_id: number | null;
  code: string;
  name: string;
  description: string;
  kind: 'delivery' | 'collection';
  age_verified: boolean;
  price: string;
  free_over: string | null;
}

/**
 * Checks a method's fields as they would be saved: texts, the code's form and uniqueness, the
 * zone (the shop's own; a delivery needs one), the amounts. Throws `invalid_settings` with every
 * error.
 */
async function checkMethod(
  trx: Trx,
  tenantId: number,
  fields: MethodFields,
  self: number | null,
): Promise<MethodFields & { priceCents: number; freeOverCents: number | null }> {
  const check = new FieldCheck();
  const name = check.text('name', fields.name, { max: 100, required: true });
  const description = check.text('description', fields.description, {
    max: 1000,
    multiline: true,
  });
  const code = check.text('code', fields.code, { max: 50, required: true });
  if (code !== undefined && !CODE.test(code)) {
    check.add('code', 'Use lower-case letters, digits and hyphens, such as uk-standard.');
  } else if (code !== undefined) {
    const taken = await trx
      .selectFrom('shipping_methods')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('code', '=', code)
      .executeTakeFirst();
    if (taken && taken.id !== self) check.add('code', 'A method with this code already exists.');
  }
  if (fields.zone_id === null) {
    if (fields.kind === 'delivery') check.add('zone_id', 'A delivery method needs a zone.');
  } else if (!(await listShippingZones(trx, tenantId)).some((z) => z.id === fields.zone_id)) {
    check.add('zone_id', 'No such zone.');
  }
  const priceCents = toMinorUnits(fields.price);
  if (priceCents === null || priceCents < 0 || priceCents > 999_999_999)
    check.add('price', 'Enter an amount such as 4.50.');
  const freeOverCents = fields.free_over === null ? null : toMinorUnits(fields.free_over);
  if (
    fields.free_over !== null &&
    (freeOverCents === null || freeOverCents <= 0 || freeOverCents > 999_999_999)
  )
    check.add('free_over', 'Enter an amount above 0.00, or leave it empty for never free.');
  check.done();
  return {
    ...fields,
    name: name!,
    description: description ?? '',
    code: code!,
    priceCents: priceCents!,
    freeOverCents,
  };
}

/** The columns of a method's checked fields, as `shipping_methods` stores them. */
function methodColumns(fields: Awaited<ReturnType<typeof checkMethod>>) {
  return {
    zone_id: fields.zone_id,
    code: fields.code,
    name: fields.name,
    description: fields.description,
    kind: fields.kind,
    age_verified: fields.age_verified ? 1 : 0,
    price_cents: fields.priceCents,
    free_over_cents: fields.freeOverCents,
  };
}

/**
 * Adds a method last; logs `shipping_method.create`.
 * @throws DomainError `invalid_settings`, `settings_conflict` (100 methods).
 */
export async function createShippingMethod(
  ctx: SettingsContext,
  input: ShippingMethodInput,
): Promise<ShippingMethod> {
  return settingsTransaction(ctx, async (trx, tenantId) => {
    const existing = await METHODS.list(trx, tenantId);
    if (existing.length >= MAX_METHODS)
      throw settingsConflict(`A shop has at most ${MAX_METHODS} shipping methods.`);
    const fields = await checkMethod(
      trx,
      tenantId,
      {
        zone_id: input.zone_id ?? null,
        code: input.code,
        name: input.name,
        description: input.description ?? '',
        kind: input.kind,
        age_verified: input.age_verified ?? false,
        price: input.price,
        free_over: input.free_over ?? null,
      },
      null,
    );
    const row = await trx
      .insertInto('shipping_methods')
      .values({ tenant_id: tenantId, ...methodColumns(fields), position: nextPosition(existing) })
      .returningAll()
      .executeTakeFirstOrThrow();
    const method = toMethod(row);
    await METHODS.recordCreate(trx, ctx, method);
    return method;
  });
}

/** The numbers of the shop's open orders (at most 3) whose shipments name method `code`. */
async function openOrdersUsing(trx: Trx, tenantId: number, code: string): Promise<string[]> {
  const orders = await trx
    .selectFrom('orders')
    .select(['order_number', 'shipments'])
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', OPEN_ORDER_STATUSES)
    .orderBy('id')
    .execute();
  return orders
    .filter((o) => orderShipments(o).some((s) => s.method === code))
    .map((o) => o.order_number)
    .slice(0, 3);
}

/**
 * Changes the fields of `change` that are sent; logs `shipping_method.update` with what changed.
 * @throws DomainError `settings_not_found`, `invalid_settings`, `settings_conflict` (a new code
 *   while open orders use the method).
 */
export async function updateShippingMethod(
  ctx: SettingsContext,
  methodId: number,
  change: ShippingMethodChange,
): Promise<ShippingMethod> {
  return settingsTransaction(ctx, async (trx, tenantId) => {
    const before = await METHODS.find(trx, tenantId, methodId);
    const fields = await checkMethod(
      trx,
      tenantId,
      {
        zone_id: change.zone_id !== undefined ? change.zone_id : before.zone_id,
        code: change.code ?? before.code,
        name: change.name ?? before.name,
        description: change.description ?? before.description,
        kind: change.kind ?? before.kind,
        age_verified: change.age_verified ?? before.age_verified,
        price: change.price ?? before.price,
        free_over: change.free_over !== undefined ? change.free_over : before.free_over,
      },
      methodId,
    );
    if (fields.code !== before.code) {
      const using = await openOrdersUsing(trx, tenantId, before.code);
      if (using.length > 0) {
        throw settingsConflict(
          `Open orders use this method (${using.join(', ')}): its code cannot change until they are completed or closed.`,
        );
      }
    }
    const after: ShippingMethod = {
      ...before,
      zone_id: fields.zone_id,
      code: fields.code,
      name: fields.name,
      description: fields.description,
      kind: fields.kind,
      age_verified: fields.age_verified,
      price: toDecimal(fields.priceCents),
      free_over: fields.freeOverCents === null ? null : toDecimal(fields.freeOverCents),
    };
    await METHODS.saveChange(trx, ctx, before, after, () =>
      trx
        .updateTable('shipping_methods')
        .set(methodColumns(fields))
        .where('id', '=', methodId)
        .where('tenant_id', '=', tenantId)
        .execute(),
    );
    return after;
  });
}

/**
 * Deletes a method no open order uses; logs `shipping_method.delete` with the method as it was.
 * @throws DomainError `settings_not_found`, `settings_conflict` (open orders use it).
 */
export async function deleteShippingMethod(ctx: SettingsContext, methodId: number): Promise<void> {
  await settingsTransaction(ctx, async (trx, tenantId) => {
    const method = await METHODS.find(trx, tenantId, methodId);
    const using = await openOrdersUsing(trx, tenantId, method.code);
    if (using.length > 0) {
      throw settingsConflict(
        `Open orders use this method (${using.join(', ')}): it can be deleted once they are completed or closed.`,
      );
    }
    await METHODS.delete(trx, ctx, method);
  });
}

/**
 * Puts the methods in the order of `ids` (every method of the shop once); logs
 * `shipping_method.reorder` with the ids before and after.
 * @throws DomainError `invalid_settings` on `ids`.
 */
export const reorderShippingMethods = (
  ctx: SettingsContext,
  ids: readonly number[],
): Promise<ShippingMethod[]> => METHODS.reorder(ctx, ids);
