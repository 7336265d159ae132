/**
 * The saved-address form (issue 9): the six delivery address fields of the checkout, each
 * required and non-blank after trimming, within the contract's lengths, plus "make default".
 * zod/mini, like every schema of the SPA.
 */
import * as z from 'zod/mini';
import type { components } from '../../api/schema';

type DeliveryAddress = components['schemas']['DeliveryAddress'];

/** The fields in form order, with their labels, browser hints and the contract's lengths. */
export const ADDRESS_FORM_FIELDS: readonly {
  name: keyof DeliveryAddress;
  label: string;
  autoComplete: string;
  maxLength: number;
  type?: 'tel';
}[] = [
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

/** '{Label} is required.' for a blank field, e.g. 'Full name is required.' */
export function requiredMessage(label: string): string {
  return `${label} is required.`;
}

function field(name: keyof DeliveryAddress) {
  const spec = ADDRESS_FORM_FIELDS.find((f) => f.name === name)!;
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, requiredMessage(spec.label)),
      z.maxLength(spec.maxLength, `Please keep this under ${spec.maxLength + 1} characters.`),
    );
}

export const addressFormSchema = z.object({
  fullname: field('fullname'),
  contact_number: field('contact_number'),
  street: field('street'),
  city: field('city'),
  postalCode: field('postalCode'),
  country: field('country'),
  is_default: z.boolean(),
});
export type AddressFormValues = z.infer<typeof addressFormSchema>;

export const EMPTY_ADDRESS_FORM: AddressFormValues = {
  fullname: '',
  contact_number: '',
  street: '',
  city: '',
  postalCode: '',
  country: '',
  is_default: false,
};
