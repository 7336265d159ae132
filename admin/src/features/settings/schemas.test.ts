import { describe, expect, it } from 'vitest';
import {
  credentialsSchema,
  methodSchema,
  parseCountries,
  paymentsSchema,
  siteSchema,
  toCredentialsBody,
  toMethodBody,
  toPaymentsBody,
  toSiteBody,
  toWorkshopBody,
  toZoneBody,
  workshopSchema,
  zoneSchema,
} from './schemas';

/** The messages of a refused parse by field path. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const byField: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

describe('the site form', () => {
  const site = {
    site_title: ' Hollow Oak ',
    site_description: '',
    contact_email: 'hello@hollowoak.example',
    google_analytics_id: 'g-4h7kq2zp9x',
  };

  it('takes a GA4 id in any case, and an empty one as none', () => {
    expect(toSiteBody(siteSchema.parse(site))).toEqual({
      site_title: 'Hollow Oak',
      site_description: '',
      contact_email: 'hello@hollowoak.example',
      google_analytics_id: 'G-4H7KQ2ZP9X',
    });
    expect(
      toSiteBody(siteSchema.parse({ ...site, google_analytics_id: ' ' })).google_analytics_id,
    ).toBeNull();
  });

  it('refuses an old Universal Analytics id, a blank title and an e-mail that is not one', () => {
    const result = siteSchema.safeParse({
      ...site,
      site_title: '  ',
      google_analytics_id: 'UA-1234-5',
      contact_email: 'x',
    });
    expect(Object.keys(errorsOf(result)).sort()).toEqual([
      'contact_email',
      'google_analytics_id',
      'site_title',
    ]);
  });
});

describe('the zone form', () => {
  it('reads country codes typed with commas or spaces, upper-cased, each once', () => {
    expect(parseCountries('gb, IE;fr  gb')).toEqual(['GB', 'IE', 'FR']);
    expect(
      toZoneBody(
        zoneSchema.parse({ name: 'Europe', countries: 'fr de', age_restricted_allowed: true }),
      ),
    ).toEqual({
      name: 'Europe',
      countries: ['FR', 'DE'],
      age_restricted_allowed: true,
    });
  });

  it('refuses two letters that are no country, a name, and no country at all', () => {
    expect(
      errorsOf(
        zoneSchema.safeParse({ name: 'X', countries: 'GB, XX, ZZ', age_restricted_allowed: false }),
      ),
    ).toEqual({
      countries: ['Not a country code: XX, ZZ (use two letters such as GB).'],
    });
    expect(
      Object.keys(
        errorsOf(zoneSchema.safeParse({ name: '', countries: ' ', age_restricted_allowed: false })),
      ),
    ).toEqual(['name', 'countries']);
  });
});

describe('the method form', () => {
  const method = {
    zone_id: '3',
    code: 'uk-tracked',
    name: 'Tracked 24',
    description: '',
    kind: 'delivery' as const,
    age_verified: false,
    price: '6.5',
    free_over: '',
  };

  it('sends amounts with two decimals, no free-over as null, and "every country" as no zone', () => {
    expect(toMethodBody(methodSchema.parse(method))).toEqual({
      zone_id: 3,
      code: 'uk-tracked',
      name: 'Tracked 24',
      description: '',
      kind: 'delivery',
      age_verified: false,
      price: '6.50',
      free_over: null,
    });
    const collect = methodSchema.parse({ ...method, zone_id: '', kind: 'collection', price: '0' });
    expect(toMethodBody(collect)).toMatchObject({ zone_id: null, price: '0.00' });
  });

  it('makes the code from the name when the owner left it empty (it waits behind Advanced)', () => {
    const named = methodSchema.parse({
      ...method,
      code: '',
      name: 'Royal Mail Tracked 48 (Zürich)',
    });
    expect(toMethodBody(named).code).toBe('royal-mail-tracked-48-zurich');
  });

  it('refuses a delivery without a zone, a negative or huge price, a zero free-over and a code with capitals', () => {
    const result = methodSchema.safeParse({
      ...method,
      zone_id: '',
      price: '-1',
      free_over: '0',
      code: 'UK Tracked',
    });
    expect(Object.keys(errorsOf(result)).sort()).toEqual(['code', 'free_over', 'price', 'zone_id']);
    expect(errorsOf(methodSchema.safeParse({ ...method, price: '123456789.00' }))).toHaveProperty(
      'price',
    );
  });
});

describe('the workshop form', () => {
  const workshop = {
    working_days: ['5', '1', '2'],
    ready_dispatch_days_min: '1',
    ready_dispatch_days_max: '3',
    minimum_age: '18',
    default_country: '',
  };

  it('sends the checked days as ISO weekdays in order', () => {
    expect(toWorkshopBody(workshopSchema.parse(workshop))).toEqual({
      working_days: [1, 2, 5],
      ready_dispatch_days_min: 1,
      ready_dispatch_days_max: 3,
      minimum_age: 18,
      default_country: null,
    });
  });

  it("sends the chosen delivery country, or null for the first zone's first country", () => {
    expect(
      toWorkshopBody(workshopSchema.parse({ ...workshop, default_country: 'FR' })).default_country,
    ).toBe('FR');
  });

  it('refuses no day, an age out of 16-25 and fewer most days than fewest', () => {
    expect(
      errorsOf(
        workshopSchema.safeParse({
          ...workshop,
          working_days: [],
          minimum_age: '15',
          ready_dispatch_days_max: '0',
        }),
      ),
    ).toEqual({
      working_days: ['Choose at least one working day.'],
      minimum_age: ['Enter an age from 16 to 25.'],
      ready_dispatch_days_max: ['At least the fewest days (1).'],
    });
    expect(errorsOf(workshopSchema.safeParse({ ...workshop, minimum_age: '26' }))).toHaveProperty(
      'minimum_age',
    );
  });
});

describe('the payment methods form', () => {
  const payments = {
    enable_card_payment: true,
    enable_bank_transfer: true,
    enable_custom_payment: false,
    bank_account_details: 'Sort code 12-34-56',
    custom_payment_label: '',
    custom_payment_instructions: '',
    custom_payment_redirect_url: '',
  };

  it('sends empty texts as null', () => {
    expect(toPaymentsBody(paymentsSchema.parse(payments))).toMatchObject({
      bank_account_details: 'Sort code 12-34-56',
      custom_payment_label: null,
      custom_payment_redirect_url: null,
    });
  });

  it('refuses a payment page that is not https, and a method switched on without its settings', () => {
    for (const url of [
      'http://pay.example/',
      'javascript:alert(1)',
      'https://me:pw@pay.example/',
    ]) {
      expect(
        errorsOf(paymentsSchema.safeParse({ ...payments, custom_payment_redirect_url: url })),
      ).toEqual({
        custom_payment_redirect_url: ['Enter an https:// address.'],
      });
    }
    expect(
      errorsOf(
        paymentsSchema.safeParse({
          ...payments,
          enable_custom_payment: true,
          bank_account_details: ' ',
        }),
      ),
    ).toEqual({
      bank_account_details: ['Bank transfer needs the bank details buyers pay to.'],
      custom_payment_label: ['The custom method needs a name buyers see.'],
    });
  });
});

describe('the card credentials form', () => {
  const stripe = {
    provider: 'stripe' as const,
    secret_key: 'sk_live_51Hx0000000000',
    webhook_secret: 'whsec_0000000000000',
    merchant_id: '',
    environment: 'production' as const,
  };

  it('sends each provider only its own fields', () => {
    expect(toCredentialsBody(credentialsSchema.parse(stripe))).toEqual({
      provider: 'stripe',
      credentials: { secretKey: 'sk_live_51Hx0000000000', webhookSecret: 'whsec_0000000000000' },
    });
    const twoC2p = {
      ...stripe,
      provider: '2c2p' as const,
      merchant_id: 'JT01',
      secret_key: 'x'.repeat(64),
      environment: 'sandbox' as const,
    };
    expect(toCredentialsBody(credentialsSchema.parse(twoC2p))).toEqual({
      provider: '2c2p',
      credentials: { merchantId: 'JT01', secretKey: 'x'.repeat(64), environment: 'sandbox' },
    });
  });

  it('refuses a publishable key, a missing webhook secret and a short 2C2P key', () => {
    expect(
      Object.keys(
        errorsOf(
          credentialsSchema.safeParse({
            ...stripe,
            secret_key: 'pk_live_0000000000',
            webhook_secret: '',
          }),
        ),
      ),
    ).toEqual(['secret_key', 'webhook_secret']);
    expect(
      Object.keys(
        errorsOf(
          credentialsSchema.safeParse({
            ...stripe,
            provider: '2c2p',
            merchant_id: 'JT 01',
            secret_key: 'short',
          }),
        ),
      ),
    ).toEqual(['merchant_id', 'secret_key']);
  });
});
