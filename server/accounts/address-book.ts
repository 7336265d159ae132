/**
 * The logged-in customer's saved delivery addresses (contract: SavedAddress; spec section 5):
 * list, add, edit, make default, delete. Checkout offers them and pre-fills the default.
 *
 * - Exactly one address is the default while the customer has any: the first one added is,
 *   one added or edited with `is_default: true` takes over, and deleting the default passes
 *   it to the newest remaining address. A partial unique index backs "at most one".
 * - At most {@link MAX_ADDRESSES} per customer.
 * - Another customer's (or shop's) address is refused as an unknown id is.
 * - Fields are trimmed and checked by the checkout's own validation (shipping/delivery-address.ts).
 * Each change runs in a transaction that first locks the customer's user row, so two
 * concurrent requests cannot both pass the limit or leave two defaults or none.
 */
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { UserAddressesTable } from './tables.ts';
import { isRowId } from '../platform/db/errors.ts';
import { toBool } from '../platform/db/mapping.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { BLANK_MESSAGE } from '../platform/field-messages.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import { addressOf, type AddressColumn, cleanAddress } from '../shipping/delivery-address.ts';
import type { AccountErrorCode } from './errors.ts';

type SavedAddress = Schemas['SavedAddress'];
type Row = Selectable<UserAddressesTable>;
type Trx = Transaction<Database>;

/** Addresses a customer may keep. */
export const MAX_ADDRESSES = 20;

/** What the address book says when it refuses (DRF's wording for a blank field). */
export const ADDRESS_MESSAGES = {
  blank: BLANK_MESSAGE,
  tooMany: `You can save at most ${MAX_ADDRESSES} addresses. Delete one to add another.`,
  keepDefault: 'Choose another address as the default instead.',
  nothingToChange: 'Send at least one address field or is_default.',
} as const;

/** Whose address book: a customer of a shop. */
export interface AddressBookOwner {
  db: Kysely<Database>;
  tenantId: number;
  userId: number;
}

const notFound = () => new DomainError<AccountErrorCode>('address_not_found', 'Not found.');

function toSavedAddress(row: Row): SavedAddress {
  return { id: row.id, ...addressOf(row), is_default: toBool(row.is_default) };
}

/**
 * The given fields trimmed, as columns.
 * @throws DomainError `invalid_address` (fields) for a blank or NUL-carrying one.
 */
function columnsOf(
  address: Partial<Schemas['DeliveryAddress']>,
): Partial<Record<AddressColumn, string>> {
  const errors: FieldErrors = {};
  const columns = cleanAddress(address, errors, { partial: true });
  if (Object.keys(errors).length > 0) {
    throw new DomainError<AccountErrorCode>('invalid_address', 'Invalid address.', {
      fields: errors,
    });
  }
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

/** The owner's address `id`, or `address_not_found`. */
async function findOwn(trx: Trx, owner: AddressBookOwner, id: number): Promise<Row> {
  const row = await trx
    .selectFrom('user_addresses')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Clears the customer's default (before another address takes it). */
async function clearDefault(trx: Trx, owner: AddressBookOwner): Promise<void> {
  await trx
    .updateTable('user_addresses')
    .set({ is_default: 0 })
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .where('is_default', '=', 1)
    .execute();
}

/** The owner's addresses, the default first, then the newest. */
export async function listSavedAddresses(owner: AddressBookOwner): Promise<SavedAddress[]> {
  const rows = await owner.db
    .selectFrom('user_addresses')
    .selectAll()
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toSavedAddress);
}

/**
 * Adds an address (all six fields, trimmed); it becomes the default when it is the first one or
 * asks to be (`is_default: true`), taking the default from the address that had it.
 * @returns the saved address.
 * @throws DomainError `invalid_address` (fields: 'This field may not be blank.' or 'Null
 *   characters are not allowed.'); `address_book_full` once the owner keeps MAX_ADDRESSES.
 */
export async function addSavedAddress(
  owner: AddressBookOwner,
  address: Schemas['SavedAddressCreate'],
): Promise<SavedAddress> {
  const columns = columnsOf(address) as Record<AddressColumn, string>;
  const row = await owner.db.transaction().execute(async (trx) => {
    await lockUser(trx, owner.userId);
    const { count } = await trx
      .selectFrom('user_addresses')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('tenant_id', '=', owner.tenantId)
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    const existing = Number(count);
    if (existing >= MAX_ADDRESSES) {
      throw new DomainError<AccountErrorCode>('address_book_full', ADDRESS_MESSAGES.tooMany);
    }
    const isDefault = existing === 0 || address.is_default === true;
    if (isDefault) await clearDefault(trx, owner);
    const now = new Date().toISOString();
    return trx
      .insertInto('user_addresses')
      .values({
        tenant_id: owner.tenantId,
        user_id: owner.userId,
        ...columns,
        is_default: isDefault ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toSavedAddress(row);
}

/**
 * Changes the given fields of the owner's address `id` (trimmed); `is_default: true` makes it
 * the default. Fields the contract does not name are ignored, as DRF does.
 * @returns the address as saved.
 * @throws DomainError `invalid_address` (fields); `empty_address_change` when the change names
 *   no address field and no `is_default`; `address_not_found` when `id` is not one of the
 *   owner's addresses; `default_address_required` (field `is_default`) for `is_default: false`
 *   on the default address.
 */
export async function editSavedAddress(
  owner: AddressBookOwner,
  id: number,
  change: Schemas['SavedAddressUpdate'],
): Promise<SavedAddress> {
  if (!isRowId(id)) throw notFound();
  const columns = columnsOf(change);
  if (Object.keys(columns).length === 0 && typeof change.is_default !== 'boolean') {
    throw new DomainError<AccountErrorCode>(
      'empty_address_change',
      ADDRESS_MESSAGES.nothingToChange,
    );
  }
  const row = await owner.db.transaction().execute(async (trx) => {
    await lockUser(trx, owner.userId);
    const current = await findOwn(trx, owner, id);
    const wasDefault = toBool(current.is_default);
    if (change.is_default === false && wasDefault) {
      throw new DomainError<AccountErrorCode>(
        'default_address_required',
        ADDRESS_MESSAGES.keepDefault,
        { field: 'is_default' },
      );
    }
    const makeDefault = change.is_default === true && !wasDefault;
    if (makeDefault) await clearDefault(trx, owner);
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
}

/**
 * Deletes the owner's address `id`; when it was the default, the newest remaining address
 * inherits the default.
 * @throws DomainError `address_not_found` when `id` is not one of the owner's addresses.
 */
export async function deleteSavedAddress(owner: AddressBookOwner, id: number): Promise<void> {
  if (!isRowId(id)) throw notFound();
  await owner.db.transaction().execute(async (trx) => {
    await lockUser(trx, owner.userId);
    const current = await findOwn(trx, owner, id);
    await trx.deleteFrom('user_addresses').where('id', '=', id).execute();
    if (!toBool(current.is_default)) return;
    const heir = await trx
      .selectFrom('user_addresses')
      .select('id')
      .where('tenant_id', '=', owner.tenantId)
      .where('user_id', '=', owner.userId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (heir) {
      await trx
        .updateTable('user_addresses')
        .set({ is_default: 1 })
        .where('id', '=', heir.id)
        .execute();
    }
  });
}
