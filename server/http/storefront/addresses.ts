/**
 * Saved delivery addresses of the logged-in customer (contract: SavedAddress):
 * list, add, edit, make default, delete. Checkout offers them and pre-fills the default.
 *
 * - Exactly one address is the default while the customer has any: the first one added is,
 *   one added or edited with `is_default: true` takes over, and deleting the default passes
 *   it to the newest remaining address. A partial unique index backs "at most one".
 * - At most {@link MAX_ADDRESSES} per customer: the next one answers 400 `{detail}`.
 * - Another customer's (or shop's) address answers 404, as an unknown id does.
 * - Fields are trimmed; blank or NUL-carrying ones answer 400 field errors.
 * Each change runs in a transaction that first locks the customer's user row, so two
 * concurrent requests cannot both pass the limit or leave two defaults or none.
 */
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, UserAddressesTable } from '../../platform/db/database.ts';
import { isRowId } from '../../platform/db/errors.ts';
import { toBool } from '../../platform/db/mapping.ts';
import { HttpError, notFound } from '../http-error.ts';
import { requireUser } from '../auth.ts';
import type { FieldErrors } from '../../platform/domain-error.ts';
import type { Schemas } from '../../../common/storefront-contract.ts';
import type { OperationHandler } from '../contract-types.ts';
import { BLANK_MESSAGE } from '../../platform/field-messages.ts';
import { type AddressColumn, cleanAddress } from '../../shipping/delivery-address.ts';

type SavedAddress = Schemas['SavedAddress'];
type DeliveryAddress = Schemas['DeliveryAddress'];
type Row = Selectable<UserAddressesTable>;
type Trx = Transaction<Database>;

/** Addresses a customer may keep. */
export const MAX_ADDRESSES = 20;

export const ADDRESS_MESSAGES = {
  blank: BLANK_MESSAGE,
  tooMany: `You can save at most ${MAX_ADDRESSES} addresses. Delete one to add another.`,
  keepDefault: 'Choose another address as the default instead.',
  nothingToChange: 'Send at least one address field or is_default.',
} as const;

function toSavedAddress(row: Row): SavedAddress {
  return {
    id: row.id,
    fullname: row.fullname,
    contact_number: row.contact_number,
    street: row.street,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    is_default: toBool(row.is_default),
  };
}

/**
 * The given fields trimmed, as columns (../lib/address.ts, the checkout's validation too);
 * 400 field errors for a blank or NUL-carrying one.
 * @throws HttpError 400
 */
function columnsOf(body: Partial<DeliveryAddress>): Partial<Record<AddressColumn, string>> {
  const errors: FieldErrors = {};
  const columns = cleanAddress(body, errors, { partial: true });
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
  return columns;
}

/** Locks the customer's user row until the transaction ends (a no-op UPDATE takes the row lock). */
async function lockUser(trx: Trx, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ is_active: sql<number>`is_active` })
    .where('id', '=', userId)
    .execute();
}

async function findOwn(trx: Trx, tenantId: number, userId: number, id: number): Promise<Row> {
  const row = await trx
    .selectFrom('user_addresses')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Clears the customer's default (before another address takes it). */
async function clearDefault(trx: Trx, tenantId: number, userId: number): Promise<void> {
  await trx
    .updateTable('user_addresses')
    .set({ is_default: 0 })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .execute();
}

/** GET /accounts/addresses/ -> 200 SavedAddress[], the default first, then the newest. */
export const listAddresses: OperationHandler<'listAddresses'> = async (request) => {
  const user = requireUser(request);
  const rows = await request.server.db
    .selectFrom('user_addresses')
    .selectAll()
    .where('tenant_id', '=', request.tenant.id)
    .where('user_id', '=', user.id)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toSavedAddress);
};

/** POST /accounts/addresses/ -> 201 SavedAddress; 400 for a bad field or the 21st address. */
export const createAddress: OperationHandler<'createAddress'> = async (request, reply) => {
  const user = requireUser(request);
  const tenantId = request.tenant.id;
  const columns = columnsOf(request.body) as Record<AddressColumn, string>;
  const row = await request.server.db.transaction().execute(async (trx) => {
    await lockUser(trx, user.id);
    const { count } = await trx
      .selectFrom('user_addresses')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const existing = Number(count);
    if (existing >= MAX_ADDRESSES) throw new HttpError(400, { detail: ADDRESS_MESSAGES.tooMany });
    const isDefault = existing === 0 || request.body.is_default === true;
    if (isDefault) await clearDefault(trx, tenantId, user.id);
    const now = new Date().toISOString();
    return trx
      .insertInto('user_addresses')
      .values({
        tenant_id: tenantId,
        user_id: user.id,
        ...columns,
        is_default: isDefault ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  reply.code(201);
  return toSavedAddress(row);
};

/** PATCH /accounts/addresses/{id}/ -> 200 SavedAddress; 404 when it is not the caller's. */
export const updateAddress: OperationHandler<'updateAddress'> = async (request) => {
  const user = requireUser(request);
  const tenantId = request.tenant.id;
  const { id } = request.params;
  if (!isRowId(id)) throw notFound();
  const columns = columnsOf(request.body);
  // Unknown fields are ignored (as DRF does); a body of nothing else changes nothing.
  if (Object.keys(columns).length === 0 && typeof request.body.is_default !== 'boolean') {
    throw new HttpError(400, { detail: ADDRESS_MESSAGES.nothingToChange });
  }
  const row = await request.server.db.transaction().execute(async (trx) => {
    await lockUser(trx, user.id);
    const current = await findOwn(trx, tenantId, user.id, id);
    const wasDefault = toBool(current.is_default);
    if (request.body.is_default === false && wasDefault) {
      throw new HttpError(400, { is_default: [ADDRESS_MESSAGES.keepDefault] });
    }
    const makeDefault = request.body.is_default === true && !wasDefault;
    if (makeDefault) await clearDefault(trx, tenantId, user.id);
    return trx
      .updateTable('user_addresses')
      .set({
        ...columns,
        ...(makeDefault ? { is_default: 1 } : {}),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toSavedAddress(row);
};

/** DELETE /accounts/addresses/{id}/ -> 204; the newest remaining address inherits the default. */
export const deleteAddress: OperationHandler<'deleteAddress'> = async (request, reply) => {
  const user = requireUser(request);
  const tenantId = request.tenant.id;
  const { id } = request.params;
  if (!isRowId(id)) throw notFound();
  await request.server.db.transaction().execute(async (trx) => {
    await lockUser(trx, user.id);
    const current = await findOwn(trx, tenantId, user.id, id);
    await trx.deleteFrom('user_addresses').where('id', '=', id).execute();
    if (!toBool(current.is_default)) return;
    const heir = await trx
      .selectFrom('user_addresses')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (heir)
      await trx
        .updateTable('user_addresses')
        .set({ is_default: 1 })
        .where('id', '=', heir.id)
        .execute();
  });
  return reply.code(204).send();
};
