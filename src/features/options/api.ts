/**
 * The options feature's rules: a piece's options and the shopper's choices, which the
 * catalogue's product page offers (contract: ProductOption; spec section 3: the cart line's
 * `customization`, a key/value map such as `{"handle": "ebony", "engraving_text": "A.L."}`).
 * Pure rules, kept apart from React so each one is tested on its own. The server checks the same
 * rules and prices the line itself; these only keep a shopper from sending what it would refuse
 * and show the price it will charge. Money is added in integer cents.
 *
 * A line's chosen options in words, which the cart, the checkout and the order pages show on the
 * first load, are the small src/components/line-options.ts, so none of this weighs on it.
 */
import { ApiError, apiFieldErrors } from '../../api/errors';
import { formatPrice, toDecimal, toMinorUnits } from '../../../common/money';
import type { components } from '../../../common/storefront-api';

export type ProductOption = components['schemas']['ProductOption'];

/** The form's values: one string per option key; '' is "None" for a choice and "no text" for a text. */
export type OptionValues = Record<string, string>;

/** The messages of the options form, worded as the API words the same refusals. */
export const OPTION_MESSAGES = {
  chooseOneOf: (labels: readonly string[]) => `Choose one of: ${labels.join(', ')}.`,
  tooLong: (max: number) => `At most ${max} characters.`,
  controlCharacters: 'Control characters are not allowed.',
  blank: 'This field may not be blank.',
} as const;

/** What a choice offers when the shopper may take none of its values. */
export const NO_CHOICE_LABEL = 'None';

/** Cents of a surcharge; an amount that does not parse adds nothing. */
function deltaCents(amount: string): number {
  return toMinorUnits(amount) ?? 0;
}

/** ' (+£20.00)' for a surcharge in `currency` (ISO 4217, null: no symbol), '' when there is none. */
function surchargeSuffix(amount: string, currency: string | null): string {
  return deltaCents(amount) > 0 ? ` (+${formatPrice(amount, currency)})` : '';
}

/**
 * A choice's value as a radio reads: 'Ebony (+£20.00)' with a surcharge in the shop's `currency`
 * (ISO 4217; null while unknown: no symbol), plain 'Walnut' without.
 */
export function choiceLabel(
  value: { label: string; price_delta: string },
  currency: string | null,
): string {
  return `${value.label}${surchargeSuffix(value.price_delta, currency)}`;
}

/**
 * A text option's label: 'Engraving (+£15.00)' with a surcharge in the shop's `currency`
 * (ISO 4217; null while unknown: no symbol), plain 'Engraving' without.
 */
export function textOptionLabel(option: ProductOption, currency: string | null): string {
  return `${option.label}${surchargeSuffix(option.price_delta, currency)}`;
}

/**
 * Where the form starts: a required choice on its first value, an optional one on "None" (''),
 * a text empty.
 */
export function initialOptionValues(options: readonly ProductOption[]): OptionValues {
  const values: OptionValues = {};
  for (const option of options) {
    values[option.key] =
      option.kind === 'choice' && option.required ? (option.values[0]?.value ?? '') : '';
  }
  return values;
}

/**
 * The cart line's `customization` (spec section 7, add-item payload) for the form's values:
 * only the options chosen, texts trimmed, blank ones left out, e.g.
 * `{"handle": "ebony", "engraving_text": "A.L."}`.
 */
export function customizationOf(
  options: readonly ProductOption[],
  values: Partial<OptionValues>,
): Record<string, string> {
  const customization: Record<string, string> = {};
  for (const option of options) {
    const value = (values[option.key] ?? '').trim();
    if (value !== '') customization[option.key] = value;
  }
  return customization;
}

/** The form's values for a customization (restoring a choice remembered across a login). */
export function valuesFromCustomization(
  options: readonly ProductOption[],
  customization: Record<string, string>,
): OptionValues {
  const values = initialOptionValues(options);
  for (const option of options) {
    const chosen = customization[option.key];
    if (chosen === undefined) continue;
    if (option.kind === 'text' || option.values.some((value) => value.value === chosen)) {
      values[option.key] = chosen;
    }
  }
  return values;
}

/**
 * The unit price for the shopper's choices, as a decimal string: the product's price plus the
 * chosen value's surcharge of each choice and the surcharge of each non-blank text, added in
 * cents ('385.00' + ebony '20.00' + engraving '15.00' -> '420.00'). A price that does not parse
 * is given back unchanged.
 */
export function unitPrice(
  basePrice: string,
  options: readonly ProductOption[],
  values: Partial<OptionValues>,
): string {
  const base = toMinorUnits(basePrice);
  if (base === null) return basePrice;
  let cents = base;
  for (const option of options) {
    const value = values[option.key] ?? '';
    if (option.kind === 'choice') {
      const chosen = option.values.find((candidate) => candidate.value === value);
      if (chosen) cents += deltaCents(chosen.price_delta);
    } else if (value.trim() !== '') {
      cents += deltaCents(option.price_delta);
    }
  }
  return toDecimal(cents);
}

/** A refused add-to-cart's field errors, sorted by where they can be shown. */
export interface CustomizationErrors {
  /** The first message for each option key the product has (`customization.<key>`). */
  byOption: Record<string, string>;
  /** True when the answer holds no error that belongs under one of the options. */
  general: boolean;
}

/**
 * Reads the API's 400 field errors keyed `customization.<key>` (e.g.
 * `{"customization.engraving_text": ["At most 24 characters."]}`) for the options the product
 * has. `general` is true when something (a `detail`, another field, an option the page does not
 * show, the whole `customization`, or no field errors at all) has no control to stand under.
 */
export function customizationErrors(
  error: unknown,
  options: readonly ProductOption[],
): CustomizationErrors {
  const keys = new Set(options.map((option) => option.key));
  const byOption: Record<string, string> = {};
  let general = false;
  for (const [field, messages] of Object.entries(apiFieldErrors(error))) {
    const key = field.startsWith('customization.') ? field.slice('customization.'.length) : null;
    if (key !== null && keys.has(key) && messages[0]) byOption[key] = messages[0];
    else general = true;
  }
  const body = error instanceof ApiError ? error.body : null;
  if (typeof body === 'object' && body !== null && 'detail' in body) general = true;
  if (Object.keys(byOption).length === 0) general = true;
  return { byOption, general };
}
