/**
 * The product form (`/products/new`, `/products/$productId`): what a member types, checked
 * before it is sent, and the contract's body made from it. Money is typed as text ("45",
 * "45.5", "45.50") and sent with two decimals; numbers are typed as text and sent as integers
 * or null; option keys and values left blank are made from their labels (`Handle wood` ->
 * `handle_wood`), as the server would. The server checks everything again and its refusals
 * land beside the same fields (`options.0.values`, `price_before_discount`...).
 */
import { z } from 'zod';
import {
  EMPTY_SAFETY,
  isSafetyPictogram,
  SAFETY_TEXT_LIMITS,
  type SafetyFields,
} from '../../../../common/product-safety';
import { MONEY_PATTERN } from '../../components/typed-money';
import { MAX_STOCK } from '../stock/api';
import type { AdminProduct, ProductCreate, ProductUpdate } from './api';

export const MONEY_MESSAGE = 'Enter an amount like 45.00 (up to 9999999.99).';
export const GIFT_CARD_AMOUNTS_MESSAGE =
  'Enter amounts above 0 like 25.00, 50.00, 100.00, separated by commas (at most 10).';
export const GIFT_CARD_NONE_MESSAGE = 'Give at least one amount, or a custom range.';
export const GIFT_CARD_RANGE_MESSAGE =
  'Give the lowest and the highest custom amount, the lowest first.';

/** A gift card's amounts as typed ("25, 50.00, 100"): the pieces between commas, blanks dropped. */
export function giftCardAmountsOf(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
}

/** `45.5` -> `45.50` (the contract's form); the input must match {@link MONEY_PATTERN}. */
export function toMoney(text: string): string {
  const [units, cents = ''] = text.trim().split('.');
  return `${Number(units)}.${cents.padEnd(2, '0')}`;
}

/** A label as an option key or value: lowercase, `_` between words (`Dark walnut` -> `dark_walnut`). */
export function keyFromLabel(label: string, max = 40): string {
  const key = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, max)
    .replace(/_+$/, '');
  return /^[a-z]/.test(key) ? key : key ? `o_${key}`.slice(0, max) : '';
}

const money = z.string().trim().regex(MONEY_PATTERN, MONEY_MESSAGE);
const optionalMoney = z
  .string()
  .trim()
  .refine((value) => value === '' || MONEY_PATTERN.test(value), MONEY_MESSAGE);
const wholeNumber = (max: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) <= max),
      `Enter a whole number from 0 to ${max}.`,
    );

const valueSchema = z.object({
  value: z.string().max(60, 'At most 60 characters.'),
  label: z.string().trim().min(1, 'Give the value a name.').max(100, 'At most 100 characters.'),
  price_delta: money,
});

const optionSchema = z
  .object({
    key: z
      .string()
      .trim()
      .refine(
        (key) => key === '' || /^[a-z][a-z0-9_]{0,39}$/.test(key),
        'Use lowercase letters, digits and _ starting with a letter.',
      ),
    label: z.string().trim().min(1, 'Give the option a name.').max(100, 'At most 100 characters.'),
    kind: z.enum(['choice', 'text']),
    required: z.boolean(),
    values: z.array(valueSchema).max(50, 'At most 50 values.'),
    max_length: z.string().trim(),
    price_delta: z.string().trim(),
  })
  .superRefine((option, ctx) => {
    if (option.kind === 'choice' && option.values.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: 'A choice needs at least one value.',
      });
    }
    if (option.kind === 'text') {
      const max = Number(option.max_length);
      if (!/^\d+$/.test(option.max_length) || max < 1 || max > 1000) {
        ctx.addIssue({
          code: 'custom',
          path: ['max_length'],
          message: 'Give the longest text accepted (1 to 1000).',
        });
      }
      if (!MONEY_PATTERN.test(option.price_delta)) {
        ctx.addIssue({ code: 'custom', path: ['price_delta'], message: MONEY_MESSAGE });
      }
    }
  });

/** The product's own safety fields (GPSR art. 19): plain texts within their limits ('' = the shop's). */
const safetySchema = z.object({
  ...(Object.fromEntries(
    (Object.keys(SAFETY_TEXT_LIMITS) as (keyof typeof SAFETY_TEXT_LIMITS)[]).map((field) => [
      field,
      z.string().max(SAFETY_TEXT_LIMITS[field], `At most ${SAFETY_TEXT_LIMITS[field]} characters.`),
    ]),
  ) as Record<keyof typeof SAFETY_TEXT_LIMITS, z.ZodString>),
  pictogram: z.string(),
});

/** The safety fields of a form: the product's own, '' where it has none. */
export function safetyFormValues(safety: SafetyFields | undefined): ProductFormValues['safety'] {
  const fields = safety ?? EMPTY_SAFETY;
  return { ...fields, pictogram: fields.pictogram ?? '' };
}

/** The safety fields as `PATCH /products/{id}/` takes them (trimmed; no pictogram is null). */
function safetyBodyOf(values: ProductFormValues['safety']): NonNullable<ProductUpdate['safety']> {
  const out: Record<string, string | null> = {};
  for (const field of Object.keys(SAFETY_TEXT_LIMITS) as (keyof typeof SAFETY_TEXT_LIMITS)[]) {
    out[field] = values[field].trim();
  }
  out.pictogram = isSafetyPictogram(values.pictogram) ? values.pictogram : null;
  return out as NonNullable<ProductUpdate['safety']>;
}

export const productFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the product a name.').max(200, 'At most 200 characters.'),
    slug: z
      .string()
      .trim()
      .max(120, 'At most 120 characters.')
      .refine(
        (slug) => slug === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug),
        'Use lowercase letters, digits and single hyphens.',
      ),
    category_id: z.string().regex(/^\d+$/, 'Choose a category.'),
    status: z.enum(['active', 'draft', 'archived']),
    price: money,
    price_before_discount: optionalMoney,
    stock: wholeNumber(MAX_STOCK),
    low_stock_threshold: wholeNumber(100_000),
    /** Why a saved product's count changed (its stock history's reason); never sent alone. */
    stock_reason: z.enum(['received', 'broken', 'fair', 'correction', 'other']),
    description: z.string().max(2000, 'At most 2000 characters.'),
    long_html_description: z.string().max(200_000, 'The description is too long.'),
    attributes: z
      .array(
        z.object({
          name: z.string().trim().min(1, 'Name the detail.').max(100, 'At most 100 characters.'),
          value: z.string().trim().min(1, 'Give its value.').max(500, 'At most 500 characters.'),
        }),
      )
      .max(50, 'At most 50 details.'),
    options: z.array(optionSchema).max(20, 'At most 20 options.'),
    made_to_order: z.boolean(),
    lead_time_days_min: wholeNumber(365),
    lead_time_days_max: wholeNumber(365),
    age_restricted: z.boolean(),
    cancellation_exempt: z.boolean(),
    safety: safetySchema,
    /** Sold as a gift card (decision 090): its amounts typed with commas and a custom range. */
    gift_card: z.boolean(),
    gift_card_amounts: z.string(),
    gift_card_min_amount: optionalMoney,
    gift_card_max_amount: optionalMoney,
  })
  .superRefine((values, ctx) => {
    if (values.gift_card) {
      const amounts = giftCardAmountsOf(values.gift_card_amounts);
      if (
        amounts.length > 10 ||
        amounts.some((amount) => !MONEY_PATTERN.test(amount) || Number(amount) <= 0)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['gift_card_amounts'],
          message: GIFT_CARD_AMOUNTS_MESSAGE,
        });
      }
      const min = values.gift_card_min_amount.trim();
      const max = values.gift_card_max_amount.trim();
      const ranged = min !== '' || max !== '';
      if (
        ranged &&
        MONEY_PATTERN.test(min || '0') &&
        MONEY_PATTERN.test(max || '0') &&
        (min === '' || max === '' || Number(min) <= 0 || Number(min) > Number(max))
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['gift_card_max_amount'],
          message: GIFT_CARD_RANGE_MESSAGE,
        });
      }
      if (amounts.length === 0 && !ranged) {
        ctx.addIssue({
          code: 'custom',
          path: ['gift_card_amounts'],
          message: GIFT_CARD_NONE_MESSAGE,
        });
      }
    }
    if (
      values.price_before_discount !== '' &&
      MONEY_PATTERN.test(values.price) &&
      Number(values.price_before_discount) <= Number(values.price)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['price_before_discount'],
        message: 'Must be more than the price.',
      });
    }
    if (values.made_to_order) {
      for (const field of ['lead_time_days_min', 'lead_time_days_max'] as const) {
        if (values[field] === '') {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: 'A made-to-order product needs its lead time.',
          });
        }
      }
    }
    if (
      values.lead_time_days_min !== '' &&
      values.lead_time_days_max !== '' &&
      Number(values.lead_time_days_max) < Number(values.lead_time_days_min)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['lead_time_days_max'],
        message: 'Must be at least the shortest lead time.',
      });
    }
    const keys = new Set<string>();
    values.options.forEach((option, i) => {
      const key = option.key || keyFromLabel(option.label);
      if (key && keys.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'key'],
          message: 'Another option has this key.',
        });
      }
      keys.add(key);
    });
  });

export type ProductFormValues = z.input<typeof productFormSchema>;
export type OptionFormValues = ProductFormValues['options'][number];

/** An empty form: a draft, no options, stock 0, warned at 2 (not adults only until a category says so). */
export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  slug: '',
  category_id: '',
  status: 'draft',
  price: '',
  price_before_discount: '',
  stock: '0',
  low_stock_threshold: '2',
  stock_reason: 'received',
  description: '',
  long_html_description: '',
  attributes: [],
  options: [],
  made_to_order: false,
  lead_time_days_min: '',
  lead_time_days_max: '',
  age_restricted: false,
  cancellation_exempt: false,
  safety: safetyFormValues(undefined),
  gift_card: false,
  gift_card_amounts: '',
  gift_card_min_amount: '',
  gift_card_max_amount: '',
};

/** A new option of `kind` for the options editor. */
export function newOption(kind: 'choice' | 'text'): OptionFormValues {
  return kind === 'choice'
    ? {
        key: '',
        label: '',
        kind,
        required: false,
        values: [{ value: '', label: '', price_delta: '0.00' }],
        max_length: '',
        price_delta: '0.00',
      }
    : {
        key: '',
        label: '',
        kind,
        required: false,
        values: [],
        max_length: '50',
        price_delta: '0.00',
      };
}

const numberOrEmpty = (value: number | null) => (value === null ? '' : String(value));

/** The form's values for a product the server answered. */
export function formValuesOf(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    category_id: String(product.category.id),
    status: product.status,
    price: product.price,
    price_before_discount: product.price_before_discount ?? '',
    stock: String(product.stock),
    low_stock_threshold: numberOrEmpty(product.low_stock_threshold),
    stock_reason: 'correction',
    description: product.description,
    long_html_description: product.long_html_description,
    attributes: product.attributes.map((a) => ({ ...a })),
    options: product.options.map((o) => ({
      key: o.key,
      label: o.label,
      kind: o.kind,
      required: o.required,
      values: o.values.map((v) => ({ ...v })),
      max_length: numberOrEmpty(o.max_length),
      price_delta: o.price_delta,
    })),
    made_to_order: product.made_to_order,
    lead_time_days_min: numberOrEmpty(product.lead_time_days_min),
    lead_time_days_max: numberOrEmpty(product.lead_time_days_max),
    age_restricted: product.age_restricted,
    cancellation_exempt: product.cancellation_exempt,
    safety: safetyFormValues(product.safety),
    gift_card: Boolean(product.gift_card),
    gift_card_amounts: product.gift_card?.amounts.join(', ') ?? '',
    gift_card_min_amount: product.gift_card?.min_amount ?? '',
    gift_card_max_amount: product.gift_card?.max_amount ?? '',
  };
}

/** The contract's `gift_card` (ProductGiftCard) for checked values, or null: not a gift card. */
function giftCardBodyOf(values: ProductFormValues): ProductUpdate['gift_card'] {
  if (!values.gift_card) return null;
  const min = values.gift_card_min_amount.trim();
  const max = values.gift_card_max_amount.trim();
  return {
    amounts: giftCardAmountsOf(values.gift_card_amounts).map(toMoney),
    min_amount: min === '' ? null : toMoney(min),
    max_amount: max === '' ? null : toMoney(max),
  };
}

const intOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The body of `PATCH /products/{id}/` for checked values (everything but the stock). */
export function updateBodyOf(values: ProductFormValues): ProductUpdate {
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    category_id: Number(values.category_id),
    status: values.status,
    price: toMoney(values.price),
    price_before_discount:
      values.price_before_discount.trim() === '' ? null : toMoney(values.price_before_discount),
    low_stock_threshold: intOrNull(values.low_stock_threshold),
    description: values.description,
    long_html_description: values.long_html_description,
    attributes: values.attributes.map((a) => ({ name: a.name.trim(), value: a.value.trim() })),
    options: values.options.map((o) => ({
      key: o.key.trim() || keyFromLabel(o.label),
      label: o.label.trim(),
      kind: o.kind,
      required: o.required,
      values:
        o.kind === 'choice'
          ? o.values.map((v) => ({
              value: v.value.trim() || keyFromLabel(v.label, 60),
              label: v.label.trim(),
              price_delta: toMoney(v.price_delta),
            }))
          : [],
      max_length: o.kind === 'text' ? Number(o.max_length) : null,
      price_delta: o.kind === 'text' ? toMoney(o.price_delta) : '0.00',
    })),
    made_to_order: values.made_to_order,
    lead_time_days_min: intOrNull(values.lead_time_days_min),
    lead_time_days_max: intOrNull(values.lead_time_days_max),
    age_restricted: values.age_restricted,
    cancellation_exempt: values.cancellation_exempt,
    safety: safetyBodyOf(values.safety),
    gift_card: giftCardBodyOf(values),
  };
}

/** The body of `POST /products/` (the update's, with the starting stock; never archived). */
export function createBodyOf(values: ProductFormValues): ProductCreate {
  const { status, ...rest } = updateBodyOf(values);
  return {
    ...rest,
    name: values.name.trim(),
    category_id: Number(values.category_id),
    price: toMoney(values.price),
    status: status === 'active' ? 'active' : 'draft',
    stock: intOrNull(values.stock) ?? 0,
  };
}

/** Every field path of `values` a server refusal may name (for useServerSubmit). */
export function fieldPathsOf(values: ProductFormValues): string[] {
  const paths: string[] = [
    'name',
    'slug',
    'category_id',
    'status',
    'price',
    'price_before_discount',
    'stock',
    'low_stock_threshold',
    'description',
    'long_html_description',
    'attributes',
    'options',
    'made_to_order',
    'lead_time_days_min',
    'lead_time_days_max',
    'age_restricted',
    'cancellation_exempt',
    // A refusal of `gift_card.*` (the form checks the same first) names no field here: its
    // message goes beside the save button.
    ...[...Object.keys(SAFETY_TEXT_LIMITS), 'pictogram'].map((field) => `safety.${field}`),
  ];
  values.attributes.forEach((_, i) => paths.push(`attributes.${i}.name`, `attributes.${i}.value`));
  values.options.forEach((option, i) => {
    for (const field of ['key', 'label', 'kind', 'values', 'max_length', 'price_delta']) {
      paths.push(`options.${i}.${field}`);
    }
    option.values.forEach((_, j) => {
      for (const field of ['value', 'label', 'price_delta'])
        paths.push(`options.${i}.values.${j}.${field}`);
    });
  });
  return paths;
}
