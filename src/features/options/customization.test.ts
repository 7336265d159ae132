import { ApiError } from '../../api/errors';
import {
  choiceLabel,
  customizationErrors,
  customizationOf,
  initialOptionValues,
  textOptionLabel,
  unitPrice,
  valuesFromCustomization,
  type ProductOption,
} from './api';
import { optionsSchema } from './options-schema';
import { ENGRAVING, HANDLE, SHEATH } from '../../test/catalog-fixtures';

const OPTIONS = [HANDLE, ENGRAVING, SHEATH];

describe('labels', () => {
  it("reads 'Ebony (+$20.00)' with a surcharge and plain 'Walnut' without", () => {
    expect(choiceLabel(HANDLE.values[1]!, 'USD')).toBe('Ebony (+$20.00)');
    expect(choiceLabel(HANDLE.values[0]!, 'USD')).toBe('Walnut');
    expect(textOptionLabel(ENGRAVING, 'USD')).toBe('Engraving (+$15.00)');
    expect(textOptionLabel({ ...ENGRAVING, price_delta: '0.00' }, 'USD')).toBe('Engraving');
    expect(choiceLabel(HANDLE.values[1]!, 'GBP')).toBe('Ebony (+£20.00)');
  });
});

describe('initialOptionValues', () => {
  it('starts a required choice on its first value, an optional one on none, a text empty', () => {
    expect(initialOptionValues(OPTIONS)).toEqual({
      handle: 'walnut',
      engraving_text: '',
      sheath: '',
    });
  });
});

describe('unitPrice', () => {
  it('adds the chosen surcharges in cents: 385.00 + 20.00 + 15.00 = 420.00', () => {
    expect(unitPrice('385.00', OPTIONS, { handle: 'walnut', engraving_text: '' })).toBe('385.00');
    expect(unitPrice('385.00', OPTIONS, { handle: 'ebony' })).toBe('405.00');
    expect(unitPrice('385.00', OPTIONS, { handle: 'ebony', engraving_text: 'A.L.' })).toBe(
      '420.00',
    );
    expect(
      unitPrice('385.00', OPTIONS, { handle: 'maple', engraving_text: 'A', sheath: 'leather' }),
    ).toBe('475.00');
  });

  it('adds nothing for a blank text or an unknown value, and keeps cents exact', () => {
    expect(unitPrice('385.00', OPTIONS, { handle: 'ebony', engraving_text: '   ' })).toBe('405.00');
    expect(unitPrice('385.00', OPTIONS, { handle: 'teak' })).toBe('385.00');
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is 0.30.
    const dimes: ProductOption[] = [
      { ...SHEATH, key: 'a', values: [{ value: 'x', label: 'X', price_delta: '0.10' }] },
      { ...SHEATH, key: 'b', values: [{ value: 'y', label: 'Y', price_delta: '0.20' }] },
    ];
    expect(unitPrice('0.00', dimes, { a: 'x', b: 'y' })).toBe('0.30');
  });

  it('gives back a price that does not parse unchanged', () => {
    expect(unitPrice('n/a', OPTIONS, { handle: 'ebony' })).toBe('n/a');
  });
});

describe('customizationOf', () => {
  it('sends only the chosen options, texts trimmed, blank ones left out', () => {
    expect(
      customizationOf(OPTIONS, { handle: 'ebony', engraving_text: '  A.L. ', sheath: '' }),
    ).toEqual({ handle: 'ebony', engraving_text: 'A.L.' });
    expect(customizationOf(OPTIONS, { handle: 'walnut', engraving_text: '   ' })).toEqual({
      handle: 'walnut',
    });
    expect(customizationOf([], {})).toEqual({});
  });

  it('restores the form from a remembered customization, ignoring values it does not offer', () => {
    expect(
      valuesFromCustomization(OPTIONS, { handle: 'ebony', engraving_text: 'A.L.', colour: 'red' }),
    ).toEqual({ handle: 'ebony', engraving_text: 'A.L.', sheath: '' });
    expect(valuesFromCustomization(OPTIONS, { handle: 'teak' })).toEqual(
      initialOptionValues(OPTIONS),
    );
  });
});

describe('optionsSchema', () => {
  const schema = optionsSchema(OPTIONS);
  const messages = (values: Record<string, string>) => {
    const result = schema.safeParse(values);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('accepts the choices offered and trims texts', () => {
    expect(schema.parse({ handle: 'ebony', engraving_text: '  A.L.  ', sheath: '' })).toEqual({
      handle: 'ebony',
      engraving_text: 'A.L.',
      sheath: '',
    });
  });

  it('refuses a required choice outside its values, and none for it', () => {
    const expected = 'Choose one of: Walnut, Ebony, Stabilised maple.';
    expect(messages({ handle: 'teak', engraving_text: '', sheath: '' })).toEqual([expected]);
    expect(messages({ handle: '', engraving_text: '', sheath: '' })).toEqual([expected]);
    expect(messages({ handle: 'walnut', engraving_text: '', sheath: 'suede' })).toEqual([
      'Choose one of: Leather.',
    ]);
  });

  it('refuses a text over max_length characters (counted after trimming) or with control characters', () => {
    expect(messages({ handle: 'walnut', engraving_text: 'x'.repeat(25), sheath: '' })).toEqual([
      'At most 24 characters.',
    ]);
    expect(
      messages({ handle: 'walnut', engraving_text: ` ${'x'.repeat(24)} `, sheath: '' }),
    ).toEqual([]);
    // Accented letters count once each, as the API counts them.
    expect(messages({ handle: 'walnut', engraving_text: 'é'.repeat(24), sheath: '' })).toEqual([]);
    expect(messages({ handle: 'walnut', engraving_text: 'A\u0007L', sheath: '' })).toEqual([
      'Control characters are not allowed.',
    ]);
    expect(messages({ handle: 'walnut', engraving_text: 'A\tL', sheath: '' })).toEqual([
      'Control characters are not allowed.',
    ]);
  });

  it('refuses a blank required text', () => {
    const required = optionsSchema([{ ...ENGRAVING, required: true }]);
    const result = required.safeParse({ engraving_text: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('This field may not be blank.');
  });
});

describe('customizationErrors', () => {
  it("puts the API's customization.<key> errors under the product's options", () => {
    const error = new ApiError(400, { 'customization.engraving_text': ['At most 24 characters.'] });
    expect(customizationErrors(error, OPTIONS)).toEqual({
      byOption: { engraving_text: 'At most 24 characters.' },
      general: false,
    });
  });

  it('asks for the general message when an error has no control to stand under', () => {
    expect(
      customizationErrors(
        new ApiError(400, { customization: ['This piece takes no options.'] }),
        OPTIONS,
      ).general,
    ).toBe(true);
    expect(
      customizationErrors(
        new ApiError(400, { 'customization.colour': ['This piece has no option "colour".'] }),
        OPTIONS,
      ),
    ).toEqual({ byOption: {}, general: true });
    expect(
      customizationErrors(
        new ApiError(400, {
          'customization.handle': ['Choose one of: Walnut, Ebony, Stabilised maple.'],
          quantity: ['Ensure this value is less than or equal to 100.'],
        }),
        OPTIONS,
      ),
    ).toEqual({
      byOption: { handle: 'Choose one of: Walnut, Ebony, Stabilised maple.' },
      general: true,
    });
    expect(
      customizationErrors(new ApiError(409, { detail: 'Out of stock.' }), OPTIONS).general,
    ).toBe(true);
    expect(customizationErrors(new TypeError('Failed to fetch'), OPTIONS).general).toBe(true);
  });
});
