/**
 * The saved-address form: the six delivery address fields of the checkout, each
 * required and non-blank after trimming, within the contract's lengths, plus "make default".
 * zod/mini, like every schema of the SPA.
 */
import * as z from 'zod/mini';
import type { components } from '../../../common/storefront-api';
import { ADDRESS_FIELDS, EMPTY_ADDRESS } from '../../components/address-fields';

type DeliveryAddress = components['schemas']['DeliveryAddress'];

/** '{Label} is required.' for a blank field, e.g. 'Full name is required.' */
export function requiredMessage(label: string): string {
  return `${label} is required.`;
}

function field(name: keyof DeliveryAddress) {
  const spec = ADDRESS_FIELDS.find((f) => f.name === name)!;
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

export const EMPTY_ADDRESS_FORM: AddressFormValues = { ...EMPTY_ADDRESS, is_default: false };
