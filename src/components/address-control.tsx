/**
 * The control of one delivery-address field (components/address-fields.ts), as the checkout
 * and the saved addresses show it: the country a select of the shop's countries (its value
 * the ISO code), every other field a text input with its type, autofill hint and length.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { components } from '../../common/storefront-api';
import type { AddressField } from './address-fields';
import { CountrySelect } from './country-select';

type ShippingCountry = components['schemas']['ShippingCountry'];

/**
 * `field`'s input (or the country select) with id `id`, registered with the form through
 * `registration`; `invalid` and `describedBy` tie it to its error for screen readers.
 * `countries` (and `loading`, while they load) are the country select's choices.
 */
export function AddressControl({
  id,
  field,
  countries,
  loading,
  invalid,
  describedBy,
  registration,
}: {
  id: string;
  field: AddressField;
  countries: readonly ShippingCountry[] | undefined;
  loading?: boolean;
  invalid: true | undefined;
  describedBy: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return field.name === 'country' ? (
    <CountrySelect
      id={id}
      countries={countries}
      loading={loading}
      autoComplete="country"
      aria-invalid={invalid}
      aria-describedby={describedBy}
      {...registration}
    />
  ) : (
    <input
      id={id}
      type={field.type ?? 'text'}
      autoComplete={field.autoComplete}
      maxLength={field.maxLength}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      {...registration}
    />
  );
}
