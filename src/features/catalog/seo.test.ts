import type { ShippingOptions } from '../shipping/api';
import type { HeadMatch } from '../site/seo';
import { productSummary, shippingRatesOf, STATUTORY_RETURN_DAYS } from './product-summary';
import { productHead } from './seo';
import { makeProduct } from '../../test/catalog-fixtures';

const ORIGIN = 'https://shop.example';

const matches = (siteTitle = 'Ember & Oak Workshop'): HeadMatch[] => [
  {
    pathname: '/',
    loaderData: {
      origin: 'https://shop.example',
      settings: { site_title: siteTitle, site_description: '' },
    },
  },
  { pathname: '/products/damascus-gyuto-210mm' },
];

// The demo shop's rates (contract example): the UK delivers knives by age-verified delivery
// only, the US takes no knives at all.
const SHIPPING = {
  countries: [
    { code: 'GB', name: 'United Kingdom' },
    { code: 'US', name: 'United States' },
  ],
  minimum_age: 18,
  age_attestation_text: 'I am 18 or over, and the parcel will be handed only to an adult.',
  delivery_zones: [
    {
      name: 'United Kingdom',
      countries: ['GB'],
      age_restricted_allowed: true,
      methods: [
        {
          code: 'uk-standard',
          name: 'Royal Mail Tracked 48',
          description: '2-3 working days after dispatch',
          age_verified: false,
          price: '6.50',
          free_over: '150.00',
        },
        {
          code: 'uk-age-verified',
          name: 'Age-verified delivery (DPD)',
          description: '1-2 working days',
          age_verified: true,
          price: '9.50',
          free_over: null,
        },
      ],
    },
    {
      name: 'United States',
      countries: ['US'],
      age_restricted_allowed: false,
      methods: [
        {
          code: 'us-standard',
          name: 'International Tracked',
          description: '5-10 working days after dispatch',
          age_verified: false,
          price: '28.00',
          free_over: '500.00',
        },
      ],
    },
  ],
} satisfies ShippingOptions;

/** The Product JSON-LD of the head `productHead` gives for `product`. */
function productLd(summary: ReturnType<typeof productSummary>, at = matches()) {
  const head = productHead(at, summary);
  const scripts = head.meta.filter((m) => 'script:ld+json' in m).map((m) => m['script:ld+json']);
  return scripts.find((ld) => (ld as { '@type'?: string })['@type'] === 'Product') as Record<
    string,
    unknown
  > & { offers: Record<string, unknown> };
}

describe('the product JSON-LD (Google merchant listing)', () => {
  it("names the shop as the brand, and none when the shop has no name (not the 'Storefront' fallback)", () => {
    const summary = productSummary(
      makeProduct({ slug: 'damascus-gyuto-210mm' }),
      SHIPPING,
      ORIGIN,
      'USD',
    );
    expect(productLd(summary).brand).toEqual({ '@type': 'Brand', name: 'Ember & Oak Workshop' });
    expect(productLd(summary, matches('  ')).brand).toBeUndefined();
  });

  it('gives one shipping detail per delivery method, with its rate and countries', () => {
    const mug = makeProduct({ price: '45.00', age_restricted: false });
    expect(productLd(productSummary(mug, SHIPPING, ORIGIN, 'USD')).offers.shippingDetails).toEqual([
      {
        '@type': 'OfferShippingDetails',
        shippingLabel: 'Royal Mail Tracked 48',
        shippingRate: { '@type': 'MonetaryAmount', value: '6.50', currency: 'USD' },
        shippingDestination: [{ '@type': 'DefinedRegion', addressCountry: 'GB' }],
      },
      {
        '@type': 'OfferShippingDetails',
        shippingLabel: 'Age-verified delivery (DPD)',
        shippingRate: { '@type': 'MonetaryAmount', value: '9.50', currency: 'USD' },
        shippingDestination: [{ '@type': 'DefinedRegion', addressCountry: 'GB' }],
      },
      {
        '@type': 'OfferShippingDetails',
        shippingLabel: 'International Tracked',
        shippingRate: { '@type': 'MonetaryAmount', value: '28.00', currency: 'USD' },
        shippingDestination: [{ '@type': 'DefinedRegion', addressCountry: 'US' }],
      },
    ]);
  });

  it('lists a gift card as in stock with no shipping: it takes no stock and is e-mailed', () => {
    const card = makeProduct({
      price: '50.00',
      stock: 0,
      age_restricted: false,
      gift_card: { amounts: ['50.00'], min_amount: null, max_amount: null },
    });
    const offers = productLd(productSummary(card, SHIPPING, ORIGIN, 'USD')).offers;
    expect(offers.availability).toBe('https://schema.org/InStock');
    expect(offers.shippingDetails).toBeUndefined();
  });

  it("states the price and the delivery rates in the shop's currency", () => {
    const mug = makeProduct({ price: '45.00', age_restricted: false });
    const ld = productLd(productSummary(mug, SHIPPING, ORIGIN, 'GBP'));
    expect(ld.offers).toMatchObject({ price: '45.00', priceCurrency: 'GBP' });
    const rates = (ld.offers.shippingDetails as { shippingRate: { currency: string } }[]).map(
      (detail) => detail.shippingRate.currency,
    );
    expect(rates).toEqual(['GBP', 'GBP', 'GBP']);
  });

  it('sends a knife only by age-verified delivery where knives may go, and free past a threshold', () => {
    const knife = makeProduct({ price: '385.00', age_restricted: true });
    expect(shippingRatesOf(knife, SHIPPING)).toEqual([
      { label: 'Age-verified delivery (DPD)', rate: '9.50', countries: ['GB'] },
    ]);
    const board = makeProduct({ price: '150.00', age_restricted: false });
    expect(shippingRatesOf(board, SHIPPING).map((m) => [m.label, m.rate])).toEqual([
      ['Royal Mail Tracked 48', '0.00'],
      ['Age-verified delivery (DPD)', '9.50'],
      ['International Tracked', '28.00'],
    ]);
  });

  it('says nothing about delivery or returns when the shipping options did not load', () => {
    const ld = productLd(productSummary(makeProduct()));
    expect(ld.offers.shippingDetails).toBeUndefined();
    expect(ld.offers.hasMerchantReturnPolicy).toBeUndefined();
    expect(ld.offers.price).toBe('45.00');
  });

  it('links the return policy: a statutory window for a piece in stock, none for one made to order', () => {
    const inStock = productLd(
      productSummary(makeProduct({ made_to_order: false }), SHIPPING, ORIGIN, 'USD'),
    );
    expect(inStock.offers.hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: ['GB', 'US'],
      merchantReturnLink: 'https://shop.example/refund-policy',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: STATUTORY_RETURN_DAYS,
      returnMethod: 'https://schema.org/ReturnByMail',
    });
    expect(STATUTORY_RETURN_DAYS).toBe(14);
    const commission = productLd(
      productSummary(makeProduct({ made_to_order: true }), SHIPPING, ORIGIN, 'USD'),
    );
    expect(commission.offers.hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: ['GB', 'US'],
      merchantReturnLink: 'https://shop.example/refund-policy',
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    });
  });

  it('gives a discounted piece no priceValidUntil: the contract has no end date for a discount', () => {
    const discounted = makeProduct({ price: '300.00', price_before_discount: '385.00' });
    const ld = productLd(productSummary(discounted, SHIPPING, ORIGIN, 'USD'));
    expect(ld.offers.price).toBe('300.00');
    expect(ld.offers).not.toHaveProperty('priceValidUntil');
  });

  it('names the manufacturer, model and batch from the safety information, never the warnings or the EU responsible person', () => {
    const knife = makeProduct({
      safety: {
        manufacturer: {
          name: 'Ember & Oak Workshop Ltd',
          address: 'The Old Boatyard, Quay Lane\nTopsham, Exeter EX3 0JB\nUnited Kingdom',
          contact: 'safety@emberandoak.example',
        },
        responsible_person: {
          name: 'Liffey Product Compliance Ltd',
          address: '12 Ormond Quay Upper\nDublin 7\nIreland',
          contact: 'gpsr@liffeycompliance.example',
        },
        model: 'EO-DG210-26',
        batch_or_serial: 'Batch 2026-11',
        warnings: 'Very sharp blade.',
        pictogram: 'sharp_edge',
        pictogram_label: 'Warning: sharp edge',
      },
    });
    const ld = productLd(productSummary(knife, SHIPPING, ORIGIN, 'USD'));
    expect(ld.manufacturer).toEqual({
      '@type': 'Organization',
      name: 'Ember & Oak Workshop Ltd',
      address: 'The Old Boatyard, Quay Lane, Topsham, Exeter EX3 0JB, United Kingdom',
      email: 'safety@emberandoak.example',
    });
    expect(ld).toMatchObject({
      model: 'EO-DG210-26',
      mpn: 'EO-DG210-26',
      productID: 'Batch 2026-11',
    });
    expect(JSON.stringify(ld)).not.toContain('Very sharp blade');
    expect(JSON.stringify(ld)).not.toContain('Liffey');
    const plain = productLd(productSummary(makeProduct(), SHIPPING, ORIGIN, 'USD'));
    expect(plain).not.toHaveProperty('manufacturer');
    expect(plain).not.toHaveProperty('mpn');
  });
});
