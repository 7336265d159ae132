/**
 * The back office's product form, checked (`POST /products/`, `PATCH /products/{id}/`): the
 * contract's body (money as decimal strings, snake_case) made into the columns a product row
 * holds (money in cents, options and attributes checked), or every field's mistake at once as
 * one `invalid_product_input` DomainError (400 with DRF field errors).
 *
 * The rules, beyond the contract's types and lengths:
 * - texts: no NUL character anywhere; the name and the labels not blank and without control
 *   characters;
 * - `slug`: lowercase letters, digits and single hyphens (./product-slugs.ts); blank means
 *   "make one from the name";
 * - money: two decimals, 0 to 9,999,999.99; `price_before_discount` above the price;
 * - options: the storefront's own rules (./options.ts `parseOptions`, which drops what it
 *   cannot offer), checked here with a message each: keys unique and well formed, a choice with
 *   1 to 50 values, unique, each with a surcharge of 0 or more, a text with a maximum length
 *   of 1 to 1000 and a surcharge; blank values are made from their label;
 * - made to order: both lead times, the shortest not above the longest;
 * - the long description is cleaned with the storefront's policy (sanitizeStaffHtml) on save;
 * - the safety information (GPSR art. 19): plain texts within their limits, a contact an e-mail
 *   or web address, a pictogram of the fixed set (./product-safety.ts `checkSafetyInput`).
 */
import { toMinorUnits } from '../../common/money.ts';
import { sanitizeStaffHtml } from '../../common/sanitize-staff-html.ts';
import { hasNul } from '../platform/canonical-json.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { BLANK_MESSAGE, NUL_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';
import { parseOptions } from './options.ts';
import type { ProductEditingErrorCode } from './product-editing-errors.ts';
import { SLUG_PATTERN } from '../platform/slug.ts';
import { MAX_SLUG_LENGTH } from './product-slugs.ts';
import { checkSafetyInput } from './product-safety.ts';
import type { SafetyFields } from '../../common/product-safety.ts';

/** The messages of the product form's rules (tests and the contract quote them). */
export const PRODUCT_MESSAGES = {
  giftCardAmount: 'Enter an amount above 0.00.',
  giftCardRange: 'Give the lowest and the highest custom amount, the lowest first.',
  giftCardNone: 'Give at least one amount, or a custom range.',
  slugFormat: 'Use lowercase letters, digits and single hyphens (e.g. walnut-chef-knife).',
  slugTaken: 'Another product of the shop has this slug.',
  noCategory: 'No such category in the shop.',
  money: 'Enter an amount with two decimals, from 0.00 to 9999999.99.',
  discountNotAbove: 'Must be more than the price.',
  controlCharacters: 'Control characters are not allowed.',
  optionKey: 'Use lowercase letters, digits and _ starting with a letter (at most 40).',
  optionKeyRepeated: 'Another option has this key.',
  choiceNeedsValues: 'A choice needs at least one value.',
  tooManyValues: 'At most 50 values.',
  valueRepeated: 'Another value of this option is the same.',
  textNeedsLength: 'Give the longest text accepted (1 to 1000).',
  leadTimesRequired: 'A made-to-order product needs its lead time.',
  leadTimesOrder: 'Must be at least the shortest lead time.',
  tooLong: tooLongMessage,
} as const;

/** An option as the contract carries it. */
export interface OptionInput {
  key: string;
  label: string;
  kind: 'choice' | 'text';
  required: boolean;
  values: { value: string; label: string; price_delta: string }[];
  max_length: number | null;
  price_delta: string;
}

/** The form's fields as the contract carries them; every field optional (a PATCH). */
export interface ProductInput {
  name?: string;
  slug?: string;
  category_id?: number;
  price?: string;
  price_before_discount?: string | null;
  stock?: number;
  low_stock_threshold?: number | null;
  attributes?: { name: string; value: string }[];
  description?: string;
  long_html_description?: string;
  options?: OptionInput[];
  made_to_order?: boolean;
  lead_time_days_min?: number | null;
  lead_time_days_max?: number | null;
  age_restricted?: boolean;
  /** Exempt from the 14-day cancellation right (reg 28(1)(b); ./cancellation-exemption.ts). */
  cancellation_exempt?: boolean;
  /** Its own safety information, fields left out kept (GPSR art. 19; ./product-safety.ts). */
  safety?: Partial<Record<keyof SafetyFields, string | null>>;
  status?: 'active' | 'draft' | 'archived';
  /** A gift card's amounts (decision 090), or null for an ordinary product. */
  gift_card?: { amounts: string[]; min_amount: string | null; max_amount: string | null } | null;
}

/** An option as `products.options` stores it (./options.ts), money in cents. */
export interface StoredOptionRow {
  key: string;
  label: string;
  kind: 'choice' | 'text';
  required: boolean;
  values: { value: string; label: string; price_delta_cents: number }[];
  max_length: number | null;
  price_delta_cents: number;
}

/** The checked fields (only those sent), in the row's terms. */
export interface CheckedProduct {
  name?: string;
  /** '' when it is to be made from the name. */
  slug?: string;
  categoryId?: number;
  priceCents?: number;
  priceBeforeDiscountCents?: number | null;
  stock?: number;
  lowStockThreshold?: number | null;
  attributes?: { name: string; value: string }[];
  description?: string;
  longHtmlDescription?: string;
  options?: StoredOptionRow[];
  madeToOrder?: boolean;
  leadTimeDaysMin?: number | null;
  leadTimeDaysMax?: number | null;
  ageRestricted?: boolean;
  cancellationExempt?: boolean;
  /** The safety fields sent, checked but not yet merged over the product's own. */
  safety?: unknown;
  status?: 'active' | 'draft' | 'archived';
  /** A gift card's amounts in cents, or null: an ordinary product (decision 090). */
  giftCard?: { amounts: number[]; minCents: number | null; maxCents: number | null } | null;
}

const OPTION_KEY = /^[a-z][a-z0-9_]{0,39}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// Multi-line texts keep their line breaks and tabs.
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** The highest amount a product or surcharge takes (fits a 32-bit integer of cents). */
const MAX_CENTS = 999_999_999;

/** A refusal of the form with every field's messages. */
export function invalidProduct(fields: FieldErrors): DomainError<ProductEditingErrorCode> {
  return new DomainError<ProductEditingErrorCode>(
    'invalid_product_input',
    'The product was not saved.',
    { fields },
  );
}

/** Cents of a contract amount, or an error on `field`. */
function cents(errors: FieldErrors, field: string, value: unknown): number | undefined {
  const amount =
    typeof value === 'string' && /^\d{1,7}\.\d{2}$/.test(value) ? toMinorUnits(value) : null;
  if (amount === null || amount < 0 || amount > MAX_CENTS) {
    errors[field] = [PRODUCT_MESSAGES.money];
    return undefined;
  }
  return amount;
}

/** A one-line text: trimmed, NUL and control characters refused, not blank when `required`. */
function line(
  errors: FieldErrors,
  field: string,
  value: unknown,
  max: number,
  required = true,
): string | undefined {
  if (typeof value !== 'string') {
    errors[field] = ['Not a valid string.'];
    return undefined;
  }
  if (hasNul(value)) errors[field] = [NUL_MESSAGE];
  else if (CONTROL.test(value)) errors[field] = [PRODUCT_MESSAGES.controlCharacters];
  else if (required && value.trim() === '') errors[field] = [BLANK_MESSAGE];
  else if ([...value.trim()].length > max) errors[field] = [PRODUCT_MESSAGES.tooLong(max)];
  else return value.trim();
  return undefined;
}

/** An optional whole number within bounds, or null when `nullable`. */
function whole(
  errors: FieldErrors,
  field: string,
  value: unknown,
  min: number,
  max: number,
): number | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    errors[field] = ['A valid integer is required.'];
  } else if (value < min) {
    errors[field] = [`Ensure this value is greater than or equal to ${min}.`];
  } else if (value > max) {
    errors[field] = [`Ensure this value is less than or equal to ${max}.`];
  } else return value;
  return undefined;
}

/** The options, checked (see the module comment); field names `options.{i}.{field}`. */
function checkOptions(errors: FieldErrors, options: OptionInput[]): StoredOptionRow[] {
  const clean: StoredOptionRow[] = [];
  const keys = new Set<string>();
  options.forEach((option, i) => {
    const at = `options.${i}`;
    const key = typeof option.key === 'string' ? option.key.trim() : '';
    if (!OPTION_KEY.test(key)) errors[`${at}.key`] = [PRODUCT_MESSAGES.optionKey];
    else if (keys.has(key)) errors[`${at}.key`] = [PRODUCT_MESSAGES.optionKeyRepeated];
    keys.add(key);
    const label = line(errors, `${at}.label`, option.label, 100) ?? '';
    if (option.kind === 'choice') {
      const values: StoredOptionRow['values'] = [];
      const seen = new Set<string>();
      const given = Array.isArray(option.values) ? option.values : [];
      if (given.length === 0) errors[`${at}.values`] = [PRODUCT_MESSAGES.choiceNeedsValues];
      if (given.length > 50) errors[`${at}.values`] = [PRODUCT_MESSAGES.tooManyValues];
      given.slice(0, 50).forEach((v, j) => {
        const vat = `${at}.values.${j}`;
        const valueLabel = line(errors, `${vat}.label`, v.label, 100) ?? '';
        const raw = line(errors, `${vat}.value`, v.value, 60, false);
        const value = raw === undefined ? '' : raw === '' ? slugOf(valueLabel) : raw;
        if (raw !== undefined && value !== '' && seen.has(value)) {
          errors[`${vat}.value`] = [PRODUCT_MESSAGES.valueRepeated];
        }
        seen.add(value);
        const delta = cents(errors, `${vat}.price_delta`, v.price_delta) ?? 0;
        values.push({ value, label: valueLabel, price_delta_cents: delta });
      });
      clean.push({
        key,
        label,
        kind: 'choice',
        required: option.required === true,
        values,
        max_length: null,
        price_delta_cents: 0,
      });
    } else if (option.kind === 'text') {
      const max = option.max_length;
      if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > 1000) {
        errors[`${at}.max_length`] = [PRODUCT_MESSAGES.textNeedsLength];
      }
      const delta = cents(errors, `${at}.price_delta`, option.price_delta) ?? 0;
      clean.push({
        key,
        label,
        kind: 'text',
        required: option.required === true,
        values: [],
        max_length: typeof max === 'number' ? max : null,
        price_delta_cents: delta,
      });
    } else {
      errors[`${at}.kind`] = ['Not a valid choice. Expected one of: choice, text.'];
    }
  });
  // The storefront's own reading of them must keep every one (the same rules, once more).
  if (Object.keys(errors).every((field) => !field.startsWith('options.'))) {
    if (parseOptions(JSON.stringify(clean)).length !== clean.length) {
      errors.options = ['An option is not one the shop can offer.'];
    }
  }
  return clean;
}

/** A value made from a label, as a slug with underscores (`Dark walnut` -> `dark_walnut`). */
function slugOf(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
}

/**
 * Checks the fields sent (see the module comment).
 * @throws DomainError `invalid_product_input` with every field's messages.
 */
export function checkProductInput(input: ProductInput): CheckedProduct {
  const errors: FieldErrors = {};
  const out: CheckedProduct = {};
  if (input.name !== undefined) out.name = line(errors, 'name', input.name, 200);
  if (input.slug !== undefined) {
    const slug = typeof input.slug === 'string' ? input.slug.trim() : null;
    if (slug === null || hasNul(slug)) errors.slug = [NUL_MESSAGE];
    else if (slug.length > MAX_SLUG_LENGTH)
      errors.slug = [PRODUCT_MESSAGES.tooLong(MAX_SLUG_LENGTH)];
    else if (slug !== '' && !SLUG_PATTERN.test(slug)) errors.slug = [PRODUCT_MESSAGES.slugFormat];
    else out.slug = slug;
  }
  if (input.category_id !== undefined) {
    const id = whole(errors, 'category_id', input.category_id, 1, 2147483647);
    if (id === null) errors.category_id = ['This field may not be null.'];
    else if (id !== undefined) out.categoryId = id;
  }
  if (input.price !== undefined) out.priceCents = cents(errors, 'price', input.price);
  if (input.price_before_discount !== undefined) {
    out.priceBeforeDiscountCents =
      input.price_before_discount === null
        ? null
        : cents(errors, 'price_before_discount', input.price_before_discount);
  }
  if (input.stock !== undefined) {
    const stock = whole(errors, 'stock', input.stock, 0, 1_000_000);
    if (stock === null) errors.stock = ['This field may not be null.'];
    else if (stock !== undefined) out.stock = stock;
  }
  if (input.low_stock_threshold !== undefined) {
    const threshold = whole(errors, 'low_stock_threshold', input.low_stock_threshold, 0, 100_000);
    if (threshold !== undefined) out.lowStockThreshold = threshold;
  }
  if (input.attributes !== undefined) {
    out.attributes = input.attributes.map((a, i) => ({
      name: line(errors, `attributes.${i}.name`, a.name, 100) ?? '',
      value: line(errors, `attributes.${i}.value`, a.value, 500) ?? '',
    }));
  }
  if (input.description !== undefined) {
    if (hasNul(input.description)) errors.description = [NUL_MESSAGE];
    else if (CONTROL_BUT_LINES.test(input.description)) {
      errors.description = [PRODUCT_MESSAGES.controlCharacters];
    } else out.description = input.description.trim();
  }
  if (input.long_html_description !== undefined) {
    if (hasNul(input.long_html_description)) errors.long_html_description = [NUL_MESSAGE];
    else out.longHtmlDescription = sanitizeStaffHtml(input.long_html_description).trim();
  }
  if (input.options !== undefined) out.options = checkOptions(errors, input.options);
  if (input.made_to_order !== undefined) out.madeToOrder = input.made_to_order === true;
  if (input.lead_time_days_min !== undefined) {
    const days = whole(errors, 'lead_time_days_min', input.lead_time_days_min, 0, 365);
    if (days !== undefined) out.leadTimeDaysMin = days;
  }
  if (input.lead_time_days_max !== undefined) {
    const days = whole(errors, 'lead_time_days_max', input.lead_time_days_max, 0, 365);
    if (days !== undefined) out.leadTimeDaysMax = days;
  }
  if (input.age_restricted !== undefined) out.ageRestricted = input.age_restricted === true;
  if (input.cancellation_exempt !== undefined) {
    out.cancellationExempt = input.cancellation_exempt === true;
  }
  if (input.safety !== undefined) {
    checkSafetyInput(errors, 'safety.', input.safety);
    out.safety = input.safety;
  }
  if (input.status !== undefined) out.status = input.status;
  if (input.gift_card !== undefined) out.giftCard = checkGiftCard(errors, input.gift_card);
  if (Object.keys(errors).length > 0) throw invalidProduct(errors);
  return out;
}

/** The product's fields after a change, for the rules across fields. */
export interface MergedProduct {
  priceCents: number;
  priceBeforeDiscountCents: number | null;
  madeToOrder: boolean;
  leadTimeDaysMin: number | null;
  leadTimeDaysMax: number | null;
}

/**
 * The rules across fields, on the product as it would be saved: a discount above the price,
 * lead times for a made-to-order product, the shortest not above the longest.
 * @throws DomainError `invalid_product_input`.
 */
export function checkAcrossFields(product: MergedProduct): void {
  const errors: FieldErrors = {};
  if (
    product.priceBeforeDiscountCents !== null &&
    product.priceBeforeDiscountCents <= product.priceCents
  ) {
    errors.price_before_discount = [PRODUCT_MESSAGES.discountNotAbove];
  }
  if (product.madeToOrder) {
    if (product.leadTimeDaysMin === null) {
      errors.lead_time_days_min = [PRODUCT_MESSAGES.leadTimesRequired];
    }
    if (product.leadTimeDaysMax === null) {
      errors.lead_time_days_max = [PRODUCT_MESSAGES.leadTimesRequired];
    }
  }
  if (
    product.leadTimeDaysMin !== null &&
    product.leadTimeDaysMax !== null &&
    product.leadTimeDaysMax < product.leadTimeDaysMin
  ) {
    errors.lead_time_days_max = [PRODUCT_MESSAGES.leadTimesOrder];
  }
  if (Object.keys(errors).length > 0) throw invalidProduct(errors);
}

/**
 * A gift card's amounts (decision 090): each above 0 and at most MAX_CENTS, at least one amount
 * or a custom range, and the range's minimum not above its maximum (both or neither).
 */
function checkGiftCard(
  errors: FieldErrors,
  input: NonNullable<ProductInput['gift_card']> | null,
): CheckedProduct['giftCard'] {
  if (input === null) return null;
  const amounts: number[] = [];
  input.amounts.forEach((amount, i) => {
    const cents = toMinorUnits(amount);
    if (cents === null || cents <= 0 || cents > MAX_CENTS) {
      errors[`gift_card.amounts.${i}`] = [PRODUCT_MESSAGES.giftCardAmount];
    } else if (!amounts.includes(cents)) amounts.push(cents);
  });
  const min = input.min_amount === null ? null : toMinorUnits(input.min_amount);
  const max = input.max_amount === null ? null : toMinorUnits(input.max_amount);
  const ranged = input.min_amount !== null || input.max_amount !== null;
  if (ranged && (min === null || max === null || min <= 0 || max > MAX_CENTS || min > max)) {
    errors['gift_card.min_amount'] = [PRODUCT_MESSAGES.giftCardRange];
  }
  if (amounts.length === 0 && !ranged)
    errors['gift_card.amounts'] = [PRODUCT_MESSAGES.giftCardNone];
  return { amounts: amounts.sort((a, b) => a - b), minCents: min, maxCents: max };
}
