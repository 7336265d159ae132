/**
 * The delivery address's six fields in the order every form shows them (spec section 5, the
 * checkout; the saved addresses), with their labels, browser autofill hints and the
 * contract's `DeliveryAddress` maximum lengths. Shared by the checkout and the account's
 * address book so the two forms never drift apart.
 */
import type { components } from '../../common/storefront-api';

type DeliveryAddress = components['schemas']['DeliveryAddress'];

export interface AddressField {
  name: keyof DeliveryAddress;
  label: string;
  autoComplete: string;
  maxLength: number;
  type?: 'tel';
}

export const ADDRESS_FIELDS: readonly AddressField[] = [
  { name: 'fullname', label: 'Full name', autoComplete: 'name', maxLength: 200 },
  {
    name: 'contact_number',
    label: 'Contact number',
    autoComplete: 'tel',
    maxLength: 40,
    type: 'tel',
  },
  { name: 'street', label: 'Street address', autoComplete: 'street-address', maxLength: 200 },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 100 },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code', maxLength: 20 },
  { name: 'country', label: 'Country', autoComplete: 'country-name', maxLength: 100 },
];

/** A delivery address with every field blank, keyed as ADDRESS_FIELDS: a new address's start. */
export const EMPTY_ADDRESS = Object.fromEntries(
  ADDRESS_FIELDS.map((field) => [field.name, '']),
) as Record<AddressField['name'], string>;
