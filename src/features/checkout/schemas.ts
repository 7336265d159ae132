/**
 * The checkout form (spec sections 4, 5 and 8; issue 6): the six delivery address fields and the
 * payment method, validated with zod/mini (classic zod's core would ride in a shared chunk).
 *
 * Every address field is required and non-blank after trimming; the form shows one message
 * naming all the missing ones ('Please fill in all required delivery address fields: …'), so
 * each field's own issue only marks it missing. Lengths follow the contract's DeliveryAddress.
 */
import * as z from 'zod/mini';
import type { components } from '../../api/schema';
import { ADDRESS_FIELDS } from '../../components/address-fields';

type DeliveryAddress = components['schemas']['DeliveryAddress'];

/** Marks a field as missing; the form turns the set of missing fields into one message. */
export const MISSING = 'missing';

export const CHECKOUT_MESSAGES = {
  selectMethod: 'Please select a payment method.',
  invalidMethod: 'Invalid payment method selected.',
} as const;

function addressField(maxLength: number) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, MISSING),
      z.maxLength(maxLength, `Please keep this under ${maxLength + 1} characters.`),
    );
}

const limit = (name: keyof DeliveryAddress) =>
  ADDRESS_FIELDS.find((field) => field.name === name)?.maxLength ?? 200;

export const checkoutSchema = z.object({
  fullname: addressField(limit('fullname')),
  contact_number: addressField(limit('contact_number')),
  street: addressField(limit('street')),
  city: addressField(limit('city')),
  postalCode: addressField(limit('postalCode')),
  country: addressField(limit('country')),
  payment_method: z.string().check(z.minLength(1, CHECKOUT_MESSAGES.selectMethod)),
});
export type CheckoutValues = z.infer<typeof checkoutSchema>;

/**
 * Spec section 5: 'Please fill in all required delivery address fields: {list of fields}.',
 * naming the missing fields by their labels in form order; null when none is missing.
 */
export function missingFieldsMessage(missing: readonly (keyof DeliveryAddress)[]): string | null {
  const labels = ADDRESS_FIELDS.filter((field) => missing.includes(field.name)).map(
    (field) => field.label,
  );
  return labels.length
    ? `Please fill in all required delivery address fields: ${labels.join(', ')}.`
    : null;
}

/** The contract's DeliveryAddress from the form's (already trimmed) values. */
export function deliveryAddressOf(values: CheckoutValues): DeliveryAddress {
  return {
    fullname: values.fullname,
    contact_number: values.contact_number,
    street: values.street,
    city: values.city,
    postalCode: values.postalCode,
    country: values.country,
  };
}
