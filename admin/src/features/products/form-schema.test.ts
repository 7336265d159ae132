import { describe, expect, it } from 'vitest';
import type { AdminProduct } from './api';
import {
  createBodyOf,
  EMPTY_PRODUCT,
  formValuesOf,
  keyFromLabel,
  newOption,
  productFormSchema,
  toMoney,
  updateBodyOf,
  type ProductFormValues,
} from './form-schema';
import { validateProductsSearch } from './search';

const valid = (extra: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...EMPTY_PRODUCT,
  name: 'Walnut chef knife',
  category_id: '1',
  price: '245',
  ...extra,
});

/** The messages of a refused form, by field path. */
function errorsOf(values: ProductFormValues): Record<string, string> {
  const result = productFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the product form', () => {
  it('accepts a plain product and sends money with two decimals', () => {
    expect(errorsOf(valid())).toEqual({});
    const body = createBodyOf(valid({ price_before_discount: '275.5', stock: '3' }));
    expect(body).toMatchObject({
      name: 'Walnut chef knife',
      category_id: 1,
      price: '245.00',
      price_before_discount: '275.50',
      stock: 3,
      status: 'draft',
      options: [],
      low_stock_threshold: 2,
    });
  });

  it('asks for a name, a category and a price a shop can take', () => {
    const errors = errorsOf({ ...EMPTY_PRODUCT, price: '12.345' });
    expect(errors.name).toBe('Give the product a name.');
    expect(errors.category_id).toBe('Choose a category.');
    expect(errors.price).toMatch(/Enter an amount/);
    expect(errorsOf(valid({ price: '-1' })).price).toBeDefined();
    expect(errorsOf(valid({ price: '99999999' })).price).toBeDefined();
  });

  it('refuses a slug that is not lowercase words joined by hyphens, and takes an empty one', () => {
    expect(errorsOf(valid({ slug: 'Walnut Knife' })).slug).toBeDefined();
    expect(errorsOf(valid({ slug: 'walnut--knife' })).slug).toBeDefined();
    expect(errorsOf(valid({ slug: 'walnut-knife-2' }))).toEqual({});
    expect(errorsOf(valid({ slug: '' }))).toEqual({});
  });

  it('checks the fields together: a discount above the price, lead times of a made-to-order piece', () => {
    expect(errorsOf(valid({ price_before_discount: '200' })).price_before_discount).toBe(
      'Must be more than the price.',
    );
    const made = errorsOf(valid({ made_to_order: true }));
    expect(Object.keys(made).sort()).toEqual(['lead_time_days_max', 'lead_time_days_min']);
    expect(
      errorsOf(valid({ made_to_order: true, lead_time_days_min: '10', lead_time_days_max: '5' }))
        .lead_time_days_max,
    ).toBe('Must be at least the shortest lead time.');
  });

  it('checks options as the server does, and makes blank keys and values from their labels', () => {
    const emptyChoice = { ...newOption('choice'), label: 'Handle', values: [] };
    expect(errorsOf(valid({ options: [emptyChoice] }))['options.0.values']).toBe(
      'A choice needs at least one value.',
    );
    const text = { ...newOption('text'), label: 'Engraving', max_length: '0' };
    expect(errorsOf(valid({ options: [text] }))['options.0.max_length']).toBeDefined();
    const twice = [
      { ...newOption('text'), label: 'Engraving' },
      { ...newOption('text'), label: 'Engraving' },
    ];
    expect(errorsOf(valid({ options: twice }))['options.1.key']).toBe(
      'Another option has this key.',
    );

    const body = updateBodyOf(
      valid({
        options: [
          {
            ...newOption('choice'),
            label: 'Handle wood',
            values: [{ value: '', label: 'Dark Walnut', price_delta: '12.5' }],
          },
          { ...newOption('text'), label: 'Engraving', max_length: '20', price_delta: '15' },
        ],
      }),
    );
    expect(body.options).toEqual([
      {
        key: 'handle_wood',
        label: 'Handle wood',
        kind: 'choice',
        required: false,
        values: [{ value: 'dark_walnut', label: 'Dark Walnut', price_delta: '12.50' }],
        max_length: null,
        price_delta: '0.00',
      },
      {
        key: 'engraving',
        label: 'Engraving',
        kind: 'text',
        required: false,
        values: [],
        max_length: 20,
        price_delta: '15.00',
      },
    ]);
  });

  it('reads a product back into the same form, and never creates an archived one', () => {
    const product: AdminProduct = {
      id: 4,
      name: 'Spoon',
      slug: 'spoon',
      status: 'archived',
      category: { id: 2, name: 'Wood', slug: 'wood' },
      price: '24.00',
      price_before_discount: null,
      stock: 5,
      low_stock_threshold: null,
      attributes: [{ name: 'Wood', value: 'Cherry' }],
      description: 'A spoon.',
      long_html_description: '<p>Carved.</p>',
      options: [],
      made_to_order: true,
      lead_time_days_min: 3,
      lead_time_days_max: 5,
      age_restricted: false,
      cancellation_exempt: false,
      images: [],
      storefront_path: '/products/spoon',
      created_at: '2026-11-01T10:00:00Z',
      updated_at: '2026-11-01T10:00:00Z',
      archived_at: '2026-11-02T10:00:00Z',
      discount: { shown: false, lowest_price_30_days: null, reason: null },
    };
    const values = formValuesOf(product);
    expect(values).toMatchObject({
      category_id: '2',
      low_stock_threshold: '',
      lead_time_days_min: '3',
    });
    expect(updateBodyOf(values)).toMatchObject({
      status: 'archived',
      low_stock_threshold: null,
      lead_time_days_max: 5,
      price_before_discount: null,
    });
    expect(createBodyOf(values).status).toBe('draft');
  });

  it('makes keys a shop can store from any label', () => {
    expect(keyFromLabel('Gravure à la main')).toBe('gravure_a_la_main');
    expect(keyFromLabel('3 colours')).toBe('o_3_colours');
    expect(keyFromLabel('!!!')).toBe('');
    expect(toMoney('7')).toBe('7.00');
  });
});

describe("the list's URL", () => {
  it('keeps the filters it knows and drops what does not parse', () => {
    expect(
      validateProductsSearch({
        status: 'draft',
        stock: 'low',
        category: '3',
        search: ' oak ',
        page: 2,
      }),
    ).toEqual({ status: 'draft', stock: 'low', category: 3, search: 'oak', page: 2 });
    expect(
      validateProductsSearch({
        status: 'gone',
        stock: 'many',
        category: 'x',
        search: '',
        page: -1,
      }),
    ).toEqual({
      status: undefined,
      stock: undefined,
      category: undefined,
      search: undefined,
      page: undefined,
    });
    expect(validateProductsSearch({ page: 1 }).page).toBeUndefined();
  });
});
