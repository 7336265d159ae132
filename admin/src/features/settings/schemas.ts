/**
 * The settings screens' forms, checked before they are sent with the same rules the API keeps
 * (openapi/admin.yaml, tag settings); the server checks again and its refusals show beside the
 * fields. Each `to…Body` turns a form's values into what the API takes.
 */
import { z } from 'zod';
import { isCountryCode } from '../../../../common/iso-countries';
import { MONEY_PATTERN } from '../../components/typed-money';
import type {
  CardCredentialsInput,
  PaymentSetupChange,
  ShippingMethodInput,
  ShippingZoneInput,
  SiteSetupChange,
  WorkshopSettings,
} from './api';

const text = (max: number, blank: string) =>
  z.string().trim().min(1, blank).max(max, `At most ${max} characters.`);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const NO_NUL = (value: string) => !value.includes('\u0000');

/** Refuses a form's values with `message` beside the field `path` (in a `superRefine`). */
const refuse = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message });

/** A GA4 measurement id, as the server takes it. */
export const ANALYTICS_ID = /^G-[A-Z0-9]{4,16}$/;

export const siteSchema = z.object({
  site_title: text(120, 'Enter the shop’s title.').refine(
    NO_NUL,
    'Null characters are not allowed.',
  ),
  site_description: optionalText(500),
  contact_email: z.string().trim().max(254).email('Enter a valid email address.'),
  google_analytics_id: z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (id) => id === '' || ANALYTICS_ID.test(id),
      'Enter an id such as G-4H7KQ2ZP9X, or leave it empty.',
    ),
});
export type SiteValues = z.input<typeof siteSchema>;
export type SiteOutput = z.output<typeof siteSchema>;

/** The site form's values as the API takes them (an empty analytics id: none). */
export function toSiteBody(values: z.output<typeof siteSchema>): SiteSetupChange {
  return {
    site_title: values.site_title,
    site_description: values.site_description,
    contact_email: values.contact_email,
    google_analytics_id: values.google_analytics_id === '' ? null : values.google_analytics_id,
  };
}

/** Country codes typed as "GB, ie fr": upper case, each once, in the order typed. */
export function parseCountries(typed: string): string[] {
  return [
    ...new Set(
      typed
        .split(/[\s,;]+/)
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

export const zoneSchema = z.object({
  name: text(100, 'Name the zone.'),
  countries: z.string().superRefine((typed, ctx) => {
    const codes = parseCountries(typed);
    if (codes.length === 0)
      ctx.addIssue({ code: 'custom', message: 'Enter at least one country code.' });
    const wrong = codes.filter((code) => !isCountryCode(code));
    if (wrong.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `Not a country code: ${wrong.join(', ')} (use two letters such as GB).`,
      });
  }),
  age_restricted_allowed: z.boolean(),
});
export type ZoneValues = z.input<typeof zoneSchema>;
export type ZoneOutput = z.output<typeof zoneSchema>;

export function toZoneBody(values: z.output<typeof zoneSchema>): ShippingZoneInput {
  return {
    name: values.name,
    countries: parseCountries(values.countries),
    age_restricted_allowed: values.age_restricted_allowed,
  };
}

/** "6.5" -> "6.50": what the API takes. */
export const toMoney = (typed: string) => Number(typed).toFixed(2);

export const methodSchema = z
  .object({
    zone_id: z.string(),
    // Behind "Advanced" on the form (issue 40): left empty, it is made from the name.
    code: z
      .string()
      .trim()
      .max(50, 'At most 50 characters.')
      .regex(
        /^([a-z0-9][a-z0-9-]*)?$/,
        'Use lower-case letters, digits and hyphens, such as uk-standard.',
      ),
    name: text(100, 'Name the method.'),
    description: optionalText(1000),
    kind: z.enum(['delivery', 'collection']),
    age_verified: z.boolean(),
    price: z.string().trim().regex(MONEY_PATTERN, 'Enter an amount such as 4.50.'),
    free_over: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || (MONEY_PATTERN.test(v) && Number(v) > 0),
        'Enter an amount above 0, or leave it empty.',
      ),
  })
  .superRefine((values, ctx) => {
    if (values.kind === 'delivery' && values.zone_id === '')
      refuse(ctx, 'zone_id', 'A delivery method needs a zone.');
  });
export type MethodValues = z.input<typeof methodSchema>;
export type MethodOutput = z.output<typeof methodSchema>;

/** A method's code made from its name: "UK Standard (2-3 days)" -> "uk-standard-2-3-days". */
export function codeFromName(name: string): string {
  const code = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return code || 'method';
}

export function toMethodBody(values: z.output<typeof methodSchema>): ShippingMethodInput {
  return {
    zone_id: values.zone_id === '' ? null : Number(values.zone_id),
    code: values.code || codeFromName(values.name),
    name: values.name,
    description: values.description,
    kind: values.kind,
    age_verified: values.age_verified,
    price: toMoney(values.price),
    free_over: values.free_over === '' ? null : toMoney(values.free_over),
  };
}

const days = (label: string) =>
  z.coerce
    .number({ message: `Enter ${label}.` })
    .int('Enter a whole number of days.')
    .min(0, 'At least 0.')
    .max(60, 'At most 60.');

export const workshopSchema = z
  .object({
    working_days: z.array(z.string()).min(1, 'Choose at least one working day.'),
    ready_dispatch_days_min: days('the fewest days'),
    ready_dispatch_days_max: days('the most days'),
    minimum_age: z.coerce
      .number({ message: 'Enter an age.' })
      .int('Enter a whole number.')
      .min(16, 'Enter an age from 16 to 25.')
      .max(25, 'Enter an age from 16 to 25.'),
    /** '' for the first zone's first country. */
    default_country: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.ready_dispatch_days_max < values.ready_dispatch_days_min)
      refuse(
        ctx,
        'ready_dispatch_days_max',
        `At least the fewest days (${values.ready_dispatch_days_min}).`,
      );
  });
export type WorkshopValues = z.input<typeof workshopSchema>;
export type WorkshopOutput = z.output<typeof workshopSchema>;

export function toWorkshopBody(values: z.output<typeof workshopSchema>): WorkshopSettings {
  return {
    working_days: values.working_days.map(Number).sort((a, b) => a - b),
    ready_dispatch_days_min: values.ready_dispatch_days_min,
    ready_dispatch_days_max: values.ready_dispatch_days_max,
    minimum_age: values.minimum_age,
    default_country: values.default_country === '' ? null : values.default_country,
  };
}

/** An https address with a host and no user name, or '' for none. */
export function isHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const paymentsSchema = z
  .object({
    enable_card_payment: z.boolean(),
    enable_bank_transfer: z.boolean(),
    enable_custom_payment: z.boolean(),
    bank_account_details: optionalText(2000),
    custom_payment_label: optionalText(100),
    custom_payment_instructions: optionalText(2000),
    custom_payment_redirect_url: optionalText(500).refine(
      (v) => v === '' || isHttpsAddress(v),
      'Enter an https:// address.',
    ),
  })
  .superRefine((values, ctx) => {
    if (values.enable_bank_transfer && values.bank_account_details === '')
      refuse(ctx, 'bank_account_details', 'Bank transfer needs the bank details buyers pay to.');
    if (values.enable_custom_payment && values.custom_payment_label === '')
      refuse(ctx, 'custom_payment_label', 'The custom method needs a name buyers see.');
  });
export type PaymentsValues = z.input<typeof paymentsSchema>;
export type PaymentsOutput = z.output<typeof paymentsSchema>;

export function toPaymentsBody(values: z.output<typeof paymentsSchema>): PaymentSetupChange {
  const orNull = (v: string) => (v === '' ? null : v);
  return {
    enable_card_payment: values.enable_card_payment,
    enable_bank_transfer: values.enable_bank_transfer,
    enable_custom_payment: values.enable_custom_payment,
    bank_account_details: orNull(values.bank_account_details),
    custom_payment_label: orNull(values.custom_payment_label),
    custom_payment_instructions: orNull(values.custom_payment_instructions),
    custom_payment_redirect_url: orNull(values.custom_payment_redirect_url),
  };
}

/** The card provider's credentials: write-only, never prefilled. */
export const credentialsSchema = z
  .object({
    provider: z.enum(['stripe', '2c2p']),
    secret_key: z.string().trim().min(1, 'Enter the secret key.').max(600),
    webhook_secret: z.string().trim().max(600),
    merchant_id: z.string().trim().max(50),
    environment: z.enum(['sandbox', 'production']),
  })
  .superRefine((values, ctx) => {
    if (values.provider === 'stripe') {
      if (!/^(?:sk|rk)_(?:test|live)_[0-9A-Za-z]{10,}$/.test(values.secret_key))
        refuse(
          ctx,
          'secret_key',
          'A Stripe secret key starts with sk_live_, sk_test_ or rk_ (not the publishable pk_ key).',
        );
      if (!/^whsec_[0-9A-Za-z+/=]{10,}$/.test(values.webhook_secret))
        refuse(ctx, 'webhook_secret', 'The webhook signing secret starts with whsec_.');
    } else {
      if (!/^[A-Za-z0-9]{1,50}$/.test(values.merchant_id))
        refuse(ctx, 'merchant_id', 'Enter the merchant ID (letters and digits).');
      if (!/^[\x21-\x7e]{32,512}$/.test(values.secret_key))
        refuse(ctx, 'secret_key', 'A 2C2P secret key is 32 to 512 characters without spaces.');
    }
  });
export type CredentialsValues = z.input<typeof credentialsSchema>;
export type CredentialsOutput = z.output<typeof credentialsSchema>;

export function toCredentialsBody(
  values: z.output<typeof credentialsSchema>,
): CardCredentialsInput {
  return values.provider === 'stripe'
    ? {
        provider: 'stripe',
        credentials: { secretKey: values.secret_key, webhookSecret: values.webhook_secret },
      }
    : {
        provider: '2c2p',
        credentials: {
          merchantId: values.merchant_id,
          secretKey: values.secret_key,
          environment: values.environment,
        },
      };
}
