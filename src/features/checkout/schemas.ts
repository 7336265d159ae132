/**
 * The checkout form (spec sections 4, 5 and 8): the delivery address, the payment
 * method and, for a cart with an age-restricted piece, the buyer's date of birth and
 * attestation; validated with zod/mini (classic zod's core would ride in a shared chunk).
 *
 * Every shown address field is required and non-blank after trimming; the form shows one
 * message naming all the missing ones ('Please fill in all required delivery address fields:
 * …'), so each field's own issue only marks it missing. When every line is collected from the
 * workshop, the street, city and postal code are neither shown nor required (contract:
 * OrderAddress). Lengths follow the contract.
 *
 * What is required depends on the cart and the shipping quote, so the schema is built for
 * {@link CheckoutRules} at each validation.
 */
import * as z from 'zod/mini';
import type { components } from '../../../common/storefront-api';
import { ADDRESS_FIELDS, type AddressField } from '../../components/address-fields';

type OrderAddress = components['schemas']['OrderAddress'];

/** Marks a field as missing; the form turns the set of missing fields into one message. */
export const MISSING = 'missing';

export const CHECKOUT_MESSAGES = {
  selectMethod: 'Please select a payment method.',
  invalidMethod: 'Invalid payment method selected.',
  /** The age check without a date of birth or without the box ticked (the API's words too). */
  ageAttestation:
    'Please give your date of birth and confirm that the parcel will be handed only to an adult.',
} as const;

/** 'You must be 18 or over to buy age-restricted items.' (the API's words too). */
export function underAgeMessage(minimumAge: number): string {
  return `You must be ${minimumAge} or over to buy age-restricted items.`;
}

/** The address fields a collection-only order does without. */
export const POSTAL_FIELDS: readonly (keyof OrderAddress)[] = ['street', 'city', 'postalCode'];

/**
 * The address fields in the order the checkout shows them: who, then where, the country first
 * of where since it decides the delivery methods and whether the rest is needed at all.
 */
export const CHECKOUT_ADDRESS_FIELDS: readonly AddressField[] = (
  ['fullname', 'contact_number', 'country', 'street', 'city', 'postalCode'] as const
).map((name) => ADDRESS_FIELDS.find((field) => field.name === name)!);

/** What the form asks for, from the cart, the shop's options and the shipping quote. */
export interface CheckoutRules {
  /** Every line is collected from the workshop: no street, city or postal code. */
  collectionOnly: boolean;
  /** Some line is age-restricted: the age check is shown and required. */
  ageRestricted: boolean;
  /** The shop's minimum age; null while unknown (the API still checks). */
  minimumAge: number | null;
  /** The shopper's date today, `YYYY-MM-DD` (see {@link localToday}). */
  today: string;
}

function addressField(maxLength: number, required: boolean) {
  const tooLong = z.maxLength(maxLength, `Please keep this under ${maxLength + 1} characters.`);
  return required
    ? z.string().check(z.trim(), z.minLength(1, MISSING), tooLong)
    : z.string().check(z.trim(), tooLong);
}

const limit = (name: keyof OrderAddress) =>
  ADDRESS_FIELDS.find((field) => field.name === name)?.maxLength ?? 200;

/**
 * Full years between a date of birth and `today` (both `YYYY-MM-DD`): the birthday itself
 * counts, so someone born on 24 Nov 2008 is 18 on 24 Nov 2026; one born on 29 February turns a
 * year older on 1 March in other years. Null for a date that is not `YYYY-MM-DD`.
 */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const pattern = /^(\d{4})-(\d{2})-(\d{2})$/;
  const born = pattern.exec(dateOfBirth);
  const now = pattern.exec(today);
  if (!born || !now) return null;
  const [by, bm, bd] = born.slice(1).map(Number) as [number, number, number];
  const [ty, tm, td] = now.slice(1).map(Number) as [number, number, number];
  const beforeBirthday = tm < bm || (tm === bm && td < bd);
  return ty - by - (beforeBirthday ? 1 : 0);
}

/** The shopper's calendar date (their time zone, not UTC) as `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The form's schema for `rules`. The age check's issues carry the messages the form shows:
 * {@link CHECKOUT_MESSAGES.ageAttestation} for a missing date or an unticked box, and
 * {@link underAgeMessage} for a buyer under the minimum age on `rules.today`.
 */
export function checkoutSchema(rules: CheckoutRules) {
  const postal = !rules.collectionOnly;
  const age = rules.ageRestricted;
  const { minimumAge } = rules;
  return z.object({
    fullname: addressField(limit('fullname'), true),
    contact_number: addressField(limit('contact_number'), true),
    street: addressField(limit('street'), postal),
    city: addressField(limit('city'), postal),
    postalCode: addressField(limit('postalCode'), postal),
    country: addressField(limit('country'), true),
    payment_method: z.string().check(z.minLength(1, CHECKOUT_MESSAGES.selectMethod)),
    date_of_birth: z.string().check(
      z.refine((value) => !age || value !== '', CHECKOUT_MESSAGES.ageAttestation),
      z.refine(
        (value) =>
          !age ||
          value === '' ||
          minimumAge === null ||
          (ageOn(value, rules.today) ?? -1) >= minimumAge,
        underAgeMessage(minimumAge ?? 0),
      ),
    ),
    age_confirmed: z
      .boolean()
      .check(z.refine((value) => !age || value, CHECKOUT_MESSAGES.ageAttestation)),
  });
}
export type CheckoutValues = z.infer<ReturnType<typeof checkoutSchema>>;

/**
 * Spec section 5: 'Please fill in all required delivery address fields: {list of fields}.',
 * naming the missing fields by their labels in the form's order; null when none is missing.
 */
export function missingFieldsMessage(missing: readonly (keyof OrderAddress)[]): string | null {
  const labels = CHECKOUT_ADDRESS_FIELDS.filter((field) => missing.includes(field.name)).map(
    (field) => field.label,
  );
  return labels.length
    ? `Please fill in all required delivery address fields: ${labels.join(', ')}.`
    : null;
}

/**
 * The contract's OrderAddress from the form's (already trimmed) values; a collection-only
 * order sends no street, city or postal code, whatever the hidden fields still hold.
 */
export function deliveryAddressOf(values: CheckoutValues, collectionOnly = false): OrderAddress {
  return {
    fullname: values.fullname,
    contact_number: values.contact_number,
    street: collectionOnly ? '' : values.street,
    city: collectionOnly ? '' : values.city,
    postalCode: collectionOnly ? '' : values.postalCode,
    country: values.country,
  };
}
