/**
 * The six delivery-address fields (contract DeliveryAddress, spec section 5) and their one
 * validation, shared by checkout and the address book.
 */
import type { Schemas } from '../../common/storefront-contract.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import { hasNul } from '../platform/canonical-json.ts';
import { BLANK_MESSAGE, NUL_MESSAGE } from '../platform/field-messages.ts';

export type DeliveryAddress = Schemas['DeliveryAddress'];

/** The contract's field -> its column (orders and saved addresses name them alike). */
export const ADDRESS_COLUMNS = {
  fullname: 'fullname',
  contact_number: 'contact_number',
  street: 'street',
  city: 'city',
  postalCode: 'postal_code',
  country: 'country',
} as const satisfies Record<keyof DeliveryAddress, string>;

export type AddressColumn = (typeof ADDRESS_COLUMNS)[keyof DeliveryAddress];

/** The fields in form order. */
export const ADDRESS_FIELDS = Object.keys(ADDRESS_COLUMNS) as (keyof DeliveryAddress)[];

/**
 * The DeliveryAddress a row's six address columns hold (a saved address's, an order's), its
 * fields in form order (ADDRESS_FIELDS). Throws nothing.
 */
export function addressOf(row: Readonly<Record<AddressColumn, string>>): DeliveryAddress {
  return Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, row[ADDRESS_COLUMNS[field]]]),
  ) as DeliveryAddress;
}

/**
 * Trims the given fields of `address` (all six unless `partial`) and writes field errors into
 * `errors` under `{prefix}{field}`: 'This field may not be blank.' after trimming, 'Null
 * characters are not allowed.' for a NUL. Answers the trimmed values by column.
 */
export function cleanAddress(
  address: Partial<DeliveryAddress>,
  errors: FieldErrors,
  { prefix = '', partial = false }: { prefix?: string; partial?: boolean } = {},
): Partial<Record<AddressColumn, string>> {
  const columns: Partial<Record<AddressColumn, string>> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    if (value === undefined) {
      if (!partial) errors[`${prefix}${field}`] = [BLANK_MESSAGE];
      continue;
    }
    if (hasNul(value)) errors[`${prefix}${field}`] = [NUL_MESSAGE];
    else if (value.trim() === '') errors[`${prefix}${field}`] = [BLANK_MESSAGE];
    columns[ADDRESS_COLUMNS[field]] = value.trim();
  }
  return columns;
}
