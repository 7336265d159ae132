/**
 * The country of an address as a choice among the countries the shop ships to (contract:
 * ShippingOptions.countries, OrderAddress.country), shared by the checkout and the saved
 * addresses: the shopper reads the name, the form holds the ISO code.
 */
import type { ComponentPropsWithRef } from 'react';
import type { components } from '../../common/storefront-api';

type ShippingCountry = components['schemas']['ShippingCountry'];

export const COUNTRY_SELECT_TEXT = {
  placeholder: 'Choose a country',
  loading: 'Loading countries…',
} as const;

/**
 * The shop's code for a stored country: a code the shop ships to is kept ('GB'); a name
 * (addresses saved as free text before countries were codes) becomes the code of the shop's
 * country of that name, ignoring case ('united kingdom' -> 'GB'); anything else gives '' (the
 * shopper chooses again).
 */
export function countryCodeFor(value: string, countries: readonly ShippingCountry[]): string {
  const wanted = value.trim().toLowerCase();
  if (!wanted) return '';
  const match = countries.find(
    (country) => country.code.toLowerCase() === wanted || country.name.toLowerCase() === wanted,
  );
  return match?.code ?? '';
}

/**
 * A `<select>` of `countries` by name (value: the code), with an empty first choice; while the
 * countries load it is disabled and says so. Every other prop (id, name, ref, aria-*) goes to
 * the select, so react-hook-form's `register` works as on an input.
 */
export function CountrySelect({
  countries,
  loading = false,
  disabled,
  ...props
}: {
  countries: readonly ShippingCountry[] | undefined;
  loading?: boolean;
} & ComponentPropsWithRef<'select'>) {
  return (
    <select {...props} disabled={disabled || loading}>
      <option value="">
        {loading ? COUNTRY_SELECT_TEXT.loading : COUNTRY_SELECT_TEXT.placeholder}
      </option>
      {countries?.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}
