/**
 * A piece's options and the shopper's choices (decision 014; spec section 3: the cart line's
 * `customization`, a key/value map). A product declares its options as JSON
 * (`products.options`): choices with a surcharge per value, and texts (an engraving) with a
 * length limit and a surcharge. The server checks every customization against them and prices
 * the line itself: the client's prices are never read.
 */
import { hasNul } from '../platform/canonical-json.ts';
import { BLANK_MESSAGE, NUL_MESSAGE } from '../platform/field-messages.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { CatalogErrorCode } from './errors.ts';
import { toDecimal, toMinorUnits } from '../../common/money.ts';
import type { Schemas } from '../../common/storefront-contract.ts';

export type ProductOption = Schemas['ProductOption'];
export type ChosenOption = Schemas['ChosenOption'];

/** An option as stored: money in cents. */
interface StoredOption {
  key: string;
  label: string;
  kind: 'choice' | 'text';
  required: boolean;
  values?: { value: string; label: string; price_delta_cents: number }[];
  max_length?: number | null;
  price_delta_cents?: number;
}

export const OPTION_MESSAGES = {
  noOptions: 'This piece takes no options.',
  unknownOption: (key: string) => `This piece has no option "${key}".`,
  chooseOneOf: (labels: string[]) => `Choose one of: ${labels.join(', ')}.`,
  required: (label: string) => `Choose the ${label.charAt(0).toLowerCase()}${label.slice(1)}.`,
  tooLong: (max: number) => `At most ${max} characters.`,
  controlCharacters: 'Control characters are not allowed.',
} as const;

/** Keys as the contract allows them (ProductOption.key). */
const KEY = /^[a-z][a-z0-9_]{0,39}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A product's stored options (JSON text, or null), checked: a malformed entry is dropped rather
 * than offered, so a seed or an admin mistake never breaks the product page.
 */
export function parseOptions(json: string | null): StoredOption[] {
  if (!json) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((o): o is StoredOption => {
    const option = o as StoredOption;
    if (!option || typeof option !== 'object' || !KEY.test(String(option.key))) return false;
    if (typeof option.label !== 'string' || typeof option.required !== 'boolean') return false;
    if (option.kind === 'choice') {
      return (
        Array.isArray(option.values) &&
        option.values.length > 0 &&
        option.values.every(
          (v) =>
            typeof v.value === 'string' &&
            typeof v.label === 'string' &&
            Number.isSafeInteger(v.price_delta_cents) &&
            v.price_delta_cents >= 0,
        )
      );
    }
    return (
      option.kind === 'text' &&
      Number.isSafeInteger(option.max_length) &&
      (option.max_length ?? 0) > 0 &&
      Number.isSafeInteger(option.price_delta_cents ?? 0) &&
      (option.price_delta_cents ?? 0) >= 0
    );
  });
}

/** The options as the contract answers them (money as decimal strings). */
export function toProductOptions(options: StoredOption[]): ProductOption[] {
  return options.map((option) => ({
    key: option.key,
    label: option.label,
    kind: option.kind,
    required: option.required,
    values: (option.values ?? []).map((v) => ({
      value: v.value,
      label: v.label,
      price_delta: toDecimal(v.price_delta_cents),
    })),
    max_length: option.kind === 'text' ? (option.max_length ?? null) : null,
    price_delta: toDecimal(option.kind === 'text' ? (option.price_delta_cents ?? 0) : 0),
  }));
}

/** The choices of a line, in words, and what they add to the unit price. */
export interface PricedChoices {
  chosen: ChosenOption[];
  /** Added to the product's price, per unit (cents). */
  deltaCents: number;
}

/**
 * Prices a stored customization (already checked when it entered the cart) against the
 * product's current options; a key the product no longer offers is shown as it is and adds
 * nothing.
 */
export function priceChoices(
  options: StoredOption[],
  customization: Record<string, string>,
): PricedChoices {
  const chosen: ChosenOption[] = [];
  let deltaCents = 0;
  for (const [key, value] of Object.entries(customization)) {
    const option = options.find((o) => o.key === key);
    if (!option) {
      chosen.push({
        key,
        label: key.replace(/_/g, ' '),
        value,
        display_value: value,
        price_delta: '0.00',
      });
      continue;
    }
    const choice = option.values?.find((v) => v.value === value);
    const delta =
      option.kind === 'choice' ? (choice?.price_delta_cents ?? 0) : (option.price_delta_cents ?? 0);
    deltaCents += delta;
    chosen.push({
      key,
      label: option.label,
      value,
      display_value: choice?.label ?? value,
      price_delta: toDecimal(delta),
    });
  }
  // In the product's order of options, not the map's.
  const order = new Map(options.map((o, i) => [o.key, i]));
  chosen.sort((a, b) => (order.get(a.key) ?? 99) - (order.get(b.key) ?? 99));
  return { chosen, deltaCents };
}

/**
 * Checks a shopper's customization against the product's options and answers its clean form
 * (values trimmed, blank texts dropped).
 * @throws DomainError with field `customization`: `null_in_customization` for a NUL character
 *   anywhere, `options_not_offered` for a piece without options that was sent some; else
 *   `invalid_options` with fields keyed `customization.{key}` (unknown key, a value not among a
 *   choice's, a missing required choice, text too long, control characters).
 */
export function checkCustomization(
  options: StoredOption[],
  customization: Record<string, string> | undefined,
): Record<string, string> {
  const given = Object.entries(customization ?? {});
  if (given.some(([key, value]) => hasNul(key) || hasNul(value))) {
    throw new DomainError<CatalogErrorCode>('null_in_customization', NUL_MESSAGE, {
      field: 'customization',
    });
  }
  const errors: FieldErrors = {};
  const clean: Record<string, string> = {};
  if (options.length === 0) {
    if (given.some(([key, value]) => key.trim() !== '' && value.trim() !== '')) {
      throw new DomainError<CatalogErrorCode>('options_not_offered', OPTION_MESSAGES.noOptions, {
        field: 'customization',
      });
    }
    return clean;
  }
  for (const [rawKey, rawValue] of given) {
    const key = rawKey.trim();
    const field = `customization.${key.slice(0, 40)}`;
    const option = options.find((o) => o.key === key);
    if (!option) {
      errors[field] = [OPTION_MESSAGES.unknownOption(key.slice(0, 40))];
      continue;
    }
    const value = rawValue.trim();
    if (option.kind === 'choice') {
      if (value === '') continue;
      if (!option.values!.some((v) => v.value === value)) {
        errors[field] = [OPTION_MESSAGES.chooseOneOf(option.values!.map((v) => v.label))];
        continue;
      }
      clean[key] = value;
    } else {
      if (value === '') continue;
      if (CONTROL.test(value)) errors[field] = [OPTION_MESSAGES.controlCharacters];
      else if ([...value].length > (option.max_length ?? 0)) {
        errors[field] = [OPTION_MESSAGES.tooLong(option.max_length ?? 0)];
      } else clean[key] = value;
    }
  }
  for (const option of options) {
    if (option.required && !(option.key in clean) && !errors[`customization.${option.key}`]) {
      errors[`customization.${option.key}`] = [
        option.kind === 'choice' ? OPTION_MESSAGES.required(option.label) : BLANK_MESSAGE,
      ];
    }
  }
  if (Object.keys(errors).length > 0) {
    throw new DomainError<CatalogErrorCode>('invalid_options', 'The options chosen are refused.', {
      fields: errors,
    });
  }
  return clean;
}

/**
 * Cents of a decimal option price as the seed writes it ('20.00' -> 2000).
 * @throws RangeError when `decimal` is not an amount: the seed's data is code, not input.
 */
export function optionCents(decimal: string): number {
  const cents = toMinorUnits(decimal);
  if (cents === null) throw new RangeError(`Not a money amount: "${decimal}".`);
  return cents;
}
