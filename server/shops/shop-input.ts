/**
 * The checks of a new shop's fields (issue 38, decision 079), for `npm run shop:create` and the
 * first-run set-up alike: its name, the domain it answers at, its currency and country, and its
 * first owner (the staff account rules of server/staff/member-input.ts). Nothing here reads the
 * database: a domain another shop holds is refused by ./create-shop.ts.
 *
 * - name: 1 to 100 characters (UTF-16 units, within the site title's 120), trimmed, with no
 *   control character and no bidirectional override.
 * - domain: a host name (zod's `hostname`, RFC 1123 labels), lowercased, without a trailing dot,
 *   at least two labels and not an IP address: a name a shopper types, never a port or a path.
 * - currency: an ISO 4217 code the runtime's ICU formats (`Intl.supportedValuesOf('currency')`)
 *   with two minor digits (common/currencies.ts: money is kept in hundredths), uppercased.
 * - country: an ISO 3166-1 alpha-2 code (common/iso-countries.ts), uppercased: the shop's
 *   default delivery country.
 */
import { z } from 'zod';
import { isCountryCode } from '../../common/iso-countries.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { checkNewStaffMember } from '../staff/member-input.ts';
import type { ShopErrorCode } from './errors.ts';
import { CONTROL } from '../platform/text-checks.ts';
import { CURRENCY_MESSAGES, checkShopCurrency } from '../../common/currencies.ts';

/** What a maker gives to open a shop: the shop, and its first owner's account. */
export interface NewShop {
  name: string;
  domain: string;
  currency: string;
  country: string;
  owner: { email: string; name?: string; password: string };
}

/** A new shop's fields as they are kept (see the module comment). */
export interface CheckedShop {
  name: string;
  domain: string;
  currency: string;
  country: string;
  owner: { email: string; name: string; password: string };
}

/** A staff account's field as a new shop names its owner's (the flags of shop:create). */
const OWNER_FIELDS: Record<string, string> = {
  email: 'owner_email',
  name: 'owner_name',
  password: 'password',
};

/** Every message a new shop's fields are refused with. */
export const SHOP_MESSAGES = {
  nameBlank: 'Give the shop a name.',
  nameTooLong: 'Ensure the name has no more than 100 characters.',
  nameInvalid: 'The name cannot hold control characters or direction overrides.',
  domainInvalid:
    'Enter the domain the shop answers at, such as shop.example.com: no https://, port or path.',
  domainTaken: 'Another shop already answers at this domain.',
  currencyInvalid: CURRENCY_MESSAGES.invalid,
  countryInvalid: 'Enter a country as its ISO 3166-1 alpha-2 code, such as GB.',
} as const;

/** At most 100 UTF-16 units: within the site title's limit, which the name becomes. */
const NAME_MAX = 100;
/** The bidirectional overrides and isolates, which would show a name other than it is. */
const DIRECTION_OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/;
const HOSTNAME = z.hostname();

/**
 * The domain as a shop's domains are kept (trimmed, lowercased, no trailing dot), or null for
 * what is no shop's name: one label, a name whose last label does not start with a letter (an
 * IP address however written, `127.1` or `0x7f.0.0.1`, or `foo.123`, which no URL takes as a
 * host), or a name a URL would rewrite.
 */
export function normalizeDomain(domain: string): string | null {
  const name = domain.trim().toLowerCase().replace(/\.$/, '');
  const labels = name.split('.');
  if (name.length > 253 || labels.length < 2 || !/^[a-z]/.test(labels.at(-1) ?? '')) return null;
  if (!HOSTNAME.safeParse(name).success) return null;
  return URL.canParse(`http://${name}/`) && new URL(`http://${name}/`).hostname === name
    ? name
    : null;
}

/**
 * The ISO 4217 code, uppercased, when the runtime can format it and it has two minor digits
 * (common/currencies.ts `checkShopCurrency`); else null.
 */
export function normalizeCurrency(currency: string): string | null {
  const checked = checkShopCurrency(currency);
  return checked.ok ? checked.currency : null;
}

/**
 * A new shop's fields, tidied as they are kept.
 * @throws DomainError `invalid_shop` with each wrong field: `shop_name`, `domain`, `currency`,
 *   `country`, and the owner's `owner_email`, `owner_name` and `password`.
 */
export function checkNewShop(shop: NewShop): CheckedShop {
  const fields: FieldErrors = {};
  const name = shop.name.trim();
  if (name === '') fields.shop_name = [SHOP_MESSAGES.nameBlank];
  else if (name.length > NAME_MAX) fields.shop_name = [SHOP_MESSAGES.nameTooLong];
  else if (CONTROL.test(name) || DIRECTION_OVERRIDE.test(name))
    fields.shop_name = [SHOP_MESSAGES.nameInvalid];
  const domain = normalizeDomain(shop.domain);
  if (domain === null) fields.domain = [SHOP_MESSAGES.domainInvalid];
  const checkedCurrency = checkShopCurrency(shop.currency);
  const currency = checkedCurrency.ok ? checkedCurrency.currency : null;
  if (!checkedCurrency.ok) fields.currency = [checkedCurrency.message];
  const country = shop.country.trim().toUpperCase();
  if (!isCountryCode(country)) fields.country = [SHOP_MESSAGES.countryInvalid];
  const ownerEmail = shop.owner.email;
  let owner: CheckedShop['owner'] | null = null;
  try {
    const checked = checkNewStaffMember({
      email: ownerEmail,
      name: shop.owner.name?.trim() || ownerEmail.trim().split('@')[0] || '',
      role: 'owner',
      password: shop.owner.password,
    });
    owner = { ...checked, password: shop.owner.password };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    for (const [field, messages] of Object.entries(
      error.fields ?? { [error.field ?? 'password']: [error.message] },
    )) {
      fields[OWNER_FIELDS[field] ?? field] = messages;
    }
  }
  if (Object.keys(fields).length > 0 || owner === null || domain === null || currency === null) {
    throw new DomainError<ShopErrorCode>('invalid_shop', 'Invalid shop.', { fields });
  }
  return { name, domain, currency, country, owner };
}
