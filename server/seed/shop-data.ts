/**
 * Seed data for a maker's shop (decisions 014, 041, 042 and 043): the demo shops' working rules,
 * shipping zones and methods, and the options, lead times and age restriction of their products.
 * Plain data only; ./shop-seed.ts writes it. Money is in integer cents.
 *
 * Facts the tests and the contract's examples rely on:
 * - demo-handcraft works Monday to Friday and dispatches a product in stock in 1-2 working days;
 * - every knife (chef, hunting and folding) is age-restricted: the UK and the EU take it by
 *   age-verified delivery, the US not at all; anyone may collect it from the workshop;
 * - the gyuto, the drop-point hunter and the gentleman's folder take a handle wood and an
 *   engraving, the oil painting a frame; the nakiri, the giclee print and the copper-red ewer
 *   are made to order (15-20, 5-8 and 20-30 working days);
 * - demo-pottery ships to the UK only and sells nothing age-restricted; its river-clay mug
 *   takes stamped initials (optional, up to 3 characters, +$6.00) and its espresso cup is made
 *   to order (10-15 working days).
 */

export interface SeedOptionValue {
  value: string;
  label: string;
  price_delta_cents: number;
}

/** An option as products.options stores it (server/catalog/options.ts reads it). */
export type SeedOption =
  | {
      key: string;
      label: string;
      kind: 'choice';
      required: boolean;
      values: SeedOptionValue[];
    }
  | {
      key: string;
      label: string;
      kind: 'text';
      required: boolean;
      max_length: number;
      price_delta_cents: number;
    };

export interface SeedShippingMethod {
  code: string;
  name: string;
  description: string;
  kind: 'delivery' | 'collection';
  age_verified: boolean;
  price_cents: number;
  free_over_cents: number | null;
}

export interface SeedShippingZone {
  name: string;
  /** ISO 3166-1 alpha-2 codes. */
  countries: string[];
  age_restricted_allowed: boolean;
  methods: SeedShippingMethod[];
}

export interface SeedProduct {
  options?: SeedOption[];
  /** Working days to make it: [min, max]. */
  made_to_order?: [number, number];
  age_restricted?: boolean;
}

export interface SeedShop {
  tenantToken: string;
  minimum_age: number;
  /** ISO weekdays worked, Monday = 1. */
  working_days: number[];
  /** Working days to dispatch a product in stock: [min, max]. */
  ready_dispatch_days: [number, number];
  zones: SeedShippingZone[];
  /** Methods for every country the shop ships to (collection at the workshop). */
  everywhere: SeedShippingMethod[];
  /** Products by slug; `ageRestrictedCategories` marks whole categories. */
  products: Record<string, SeedProduct>;
  ageRestrictedCategories: string[];
}

const handleWood: SeedOption = {
  key: 'handle',
  label: 'Handle wood',
  kind: 'choice',
  required: true,
  values: [
    { value: 'walnut', label: 'Walnut', price_delta_cents: 0 },
    { value: 'ebony', label: 'Ebony', price_delta_cents: 2000 },
    { value: 'maple', label: 'Stabilised maple', price_delta_cents: 3500 },
  ],
};

const engraving: SeedOption = {
  key: 'engraving_text',
  label: 'Engraving',
  kind: 'text',
  required: false,
  max_length: 24,
  price_delta_cents: 1500,
};

const framing: SeedOption = {
  key: 'framing',
  label: 'Framing',
  kind: 'choice',
  required: true,
  values: [
    { value: 'unframed', label: 'Unframed', price_delta_cents: 0 },
    { value: 'oak', label: 'Oak frame', price_delta_cents: 6000 },
    { value: 'walnut', label: 'Walnut frame', price_delta_cents: 8000 },
  ],
};

const workshopCollection: SeedShippingMethod = {
  code: 'collection',
  name: 'Collect from the workshop',
  description: '12 Forge Lane, Sheffield S1 2AB, Tuesday to Saturday, 10:00-17:00',
  kind: 'collection',
  age_verified: false,
  price_cents: 0,
  free_over_cents: null,
};

export const seedShops: readonly SeedShop[] = [
  {
    tenantToken: 'demo-handcraft',
    minimum_age: 18,
    working_days: [1, 2, 3, 4, 5],
    ready_dispatch_days: [1, 2],
    zones: [
      {
        name: 'United Kingdom',
        countries: ['GB'],
        age_restricted_allowed: true,
        methods: [
          {
            code: 'uk-standard',
            name: 'Royal Mail Tracked 48',
            description: '2-3 working days after dispatch',
            kind: 'delivery',
            age_verified: false,
            price_cents: 650,
            free_over_cents: 15000,
          },
          {
            code: 'uk-express',
            name: 'Royal Mail Special Delivery',
            description: 'Next working day after dispatch',
            kind: 'delivery',
            age_verified: false,
            price_cents: 1400,
            free_over_cents: null,
          },
          {
            code: 'uk-age-verified',
            name: 'Age-verified delivery (DPD)',
            description: 'Signed for by an adult who shows proof of age, 1-2 working days',
            kind: 'delivery',
            age_verified: true,
            price_cents: 950,
            free_over_cents: null,
          },
        ],
      },
      {
        name: 'European Union',
        countries: ['AT', 'BE', 'DE', 'ES', 'FR', 'IE', 'IT', 'NL'],
        age_restricted_allowed: true,
        methods: [
          {
            code: 'eu-standard',
            name: 'International Tracked',
            description: '4-7 working days after dispatch, duties paid',
            kind: 'delivery',
            age_verified: false,
            price_cents: 1800,
            free_over_cents: 40000,
          },
          {
            code: 'eu-age-verified',
            name: 'Age-verified delivery (DPD Europe)',
            description: 'Signed for by an adult who shows proof of age, 3-5 working days',
            kind: 'delivery',
            age_verified: true,
            price_cents: 2600,
            free_over_cents: null,
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
            description: '5-10 working days after dispatch; import duties are paid on delivery',
            kind: 'delivery',
            age_verified: false,
            price_cents: 2800,
            free_over_cents: 50000,
          },
          {
            code: 'us-express',
            name: 'DHL Express',
            description: '2-3 working days after dispatch; import duties are paid on delivery',
            kind: 'delivery',
            age_verified: false,
            price_cents: 4500,
            free_over_cents: null,
          },
        ],
      },
    ],
    everywhere: [workshopCollection],
    ageRestrictedCategories: ['chef-knives', 'hunting-knives', 'folding-knives'],
    products: {
      'damascus-gyuto-210mm': { options: [handleWood, engraving] },
      'damascus-drop-point-hunter': { options: [handleWood, engraving] },
      'damascus-gentlemans-folder': { options: [handleWood, engraving] },
      'harbour-at-dusk-oil': { options: [framing] },
      'kurouchi-nakiri-170mm': { made_to_order: [15, 20] },
      'upland-pasture-giclee-print': { made_to_order: [5, 8] },
      'copper-red-ewer': { made_to_order: [20, 30] },
    },
  },
  {
    tenantToken: 'demo-pottery',
    minimum_age: 18,
    working_days: [1, 2, 3, 4, 5, 6],
    ready_dispatch_days: [2, 3],
    zones: [
      {
        name: 'United Kingdom',
        countries: ['GB'],
        age_restricted_allowed: false,
        methods: [
          {
            code: 'uk-standard',
            name: 'Parcelforce 48',
            description: 'Packed in recycled card, 2 working days after dispatch',
            kind: 'delivery',
            age_verified: false,
            price_cents: 895,
            free_over_cents: 10000,
          },
        ],
      },
    ],
    everywhere: [
      {
        code: 'collection',
        name: 'Collect from the studio',
        description: 'Riverside Pottery Studio, Shrewsbury, Saturdays 10:00-16:00',
        kind: 'collection',
        age_verified: false,
        price_cents: 0,
        free_over_cents: null,
      },
    ],
    ageRestrictedCategories: [],
    products: {
      'river-clay-morning-mug': {
        options: [
          {
            key: 'initials',
            label: 'Initials stamped in the clay',
            kind: 'text',
            required: false,
            max_length: 3,
            price_delta_cents: 600,
          },
        ],
      },
      'heron-blue-espresso-cup': { made_to_order: [10, 15] },
    },
  },
];
