/**
 * A product's options (decision 014): what the product page offers, how the shopper's choices are
 * checked when they enter the cart, and what they add to the price. Pure functions: the seed's
 * own options (server/seed/shop-data.ts) are the data.
 */
import { domainRefusal } from '../test/domain-refusal.ts';
import { seedShops } from '../seed/shop-data.ts';
import {
  checkCustomization,
  OPTION_MESSAGES,
  optionCents,
  parseOptions,
  priceChoices,
  toProductOptions,
} from './options.ts';

const handcraft = seedShops.find((s) => s.tenantToken === 'demo-handcraft')!;
/** The gyuto's options as products.options stores them: a handle wood (required), an engraving. */
const KNIFE_JSON = JSON.stringify(handcraft.products['damascus-gyuto-210mm']!.options);
const knife = parseOptions(KNIFE_JSON);
const painting = parseOptions(JSON.stringify(handcraft.products['harbour-at-dusk-oil']!.options));

describe('the options a product declares', () => {
  it('reads the seed’s options of a knife and a painting as they are stored', () => {
    expect(knife.map((o) => [o.key, o.kind, o.required])).toEqual([
      ['handle', 'choice', true],
      ['engraving_text', 'text', false],
    ]);
    expect(painting.map((o) => o.key)).toEqual(['framing']);
  });

  it('offers nothing for no options, broken JSON or anything but a list', () => {
    for (const stored of [null, '', 'not json', '{"key":"handle"}', '42', 'null']) {
      expect(parseOptions(stored)).toEqual([]);
    }
  });

  it('drops a malformed option and keeps the good ones, so the product page still opens', () => {
    const good = JSON.parse(KNIFE_JSON) as object[];
    const broken = [
      { key: 'Handle', label: 'Upper-case key', kind: 'choice', required: true, values: [] },
      { key: '9lives', label: 'Digit first', kind: 'text', required: false, max_length: 5 },
      { key: 'no_values', label: 'No values', kind: 'choice', required: true, values: [] },
      {
        key: 'refund',
        label: 'A negative surcharge',
        kind: 'choice',
        required: false,
        values: [{ value: 'x', label: 'X', price_delta_cents: -100 }],
      },
      {
        key: 'fraction',
        label: 'A fraction of a cent',
        kind: 'choice',
        required: false,
        values: [{ value: 'x', label: 'X', price_delta_cents: 1.5 }],
      },
      { key: 'unlimited', label: 'No length limit', kind: 'text', required: false },
      { key: 'zero', label: 'Zero length', kind: 'text', required: false, max_length: 0 },
      {
        key: 'maybe',
        label: 'Required not a boolean',
        kind: 'text',
        required: 'yes',
        max_length: 5,
      },
      { key: 'colour', label: 'Unknown kind', kind: 'colour', required: false },
      { key: 'nolabel', kind: 'text', required: false, max_length: 5 },
      null,
      'handle',
    ];
    const parsed = parseOptions(JSON.stringify([broken[0], good[0], ...broken.slice(1), good[1]]));
    expect(parsed.map((o) => o.key)).toEqual(['handle', 'engraving_text']);
  });

  it('answers the options with money as decimal strings: a choice per value, a text as a whole', () => {
    expect(toProductOptions(knife)).toEqual([
      {
        key: 'handle',
        label: 'Handle wood',
        kind: 'choice',
        required: true,
        values: [
          { value: 'walnut', label: 'Walnut', price_delta: '0.00' },
          { value: 'ebony', label: 'Ebony', price_delta: '20.00' },
          { value: 'maple', label: 'Stabilised maple', price_delta: '35.00' },
        ],
        max_length: null,
        price_delta: '0.00',
      },
      {
        key: 'engraving_text',
        label: 'Engraving',
        kind: 'text',
        required: false,
        values: [],
        max_length: 24,
        price_delta: '15.00',
      },
    ]);
    expect(toProductOptions([])).toEqual([]);
  });

  it('reads a decimal surcharge as cents', () => {
    expect(optionCents('20.00')).toBe(2000);
    expect(optionCents('0.50')).toBe(50);
  });
});

describe('checking a shopper’s choices', () => {
  it('keeps valid choices, trimmed, and drops blank ones', () => {
    expect(checkCustomization(knife, { handle: ' ebony ', engraving_text: '  A.L.  ' })).toEqual({
      handle: 'ebony',
      engraving_text: 'A.L.',
    });
    expect(checkCustomization(knife, { handle: 'walnut', engraving_text: '   ' })).toEqual({
      handle: 'walnut',
    });
    expect(checkCustomization(knife, { ' handle ': 'maple' })).toEqual({ handle: 'maple' });
  });

  it('asks for a required choice that is missing or blank, in the option’s words', () => {
    const missing: (Record<string, string> | undefined)[] = [
      undefined,
      {},
      { handle: '  ' },
      { engraving_text: 'A.L.' },
    ];
    for (const customization of missing) {
      expect(domainRefusal(() => checkCustomization(knife, customization))).toEqual({
        status: 400,
        body: { 'customization.handle': ['Choose the handle wood.'] },
      });
    }
    expect(domainRefusal(() => checkCustomization(painting, {}))).toEqual({
      status: 400,
      body: { 'customization.framing': ['Choose the framing.'] },
    });
  });

  it('asks for a required text with the blank-field message', () => {
    const signed = parseOptions(
      JSON.stringify([
        { key: 'dedication', label: 'Dedication', kind: 'text', required: true, max_length: 40 },
      ]),
    );
    expect(domainRefusal(() => checkCustomization(signed, { dedication: ' ' }))).toEqual({
      status: 400,
      body: { 'customization.dedication': ['This field may not be blank.'] },
    });
    expect(checkCustomization(signed, { dedication: 'For Ada' })).toEqual({
      dedication: 'For Ada',
    });
  });

  it('names the values a choice offers when another one is sent', () => {
    for (const handle of ['oak', 'Walnut', 'Ebony ']) {
      expect(domainRefusal(() => checkCustomization(knife, { handle }))).toEqual({
        status: 400,
        body: { 'customization.handle': ['Choose one of: Walnut, Ebony, Stabilised maple.'] },
      });
    }
  });

  it('refuses an option the piece does not have, by its key', () => {
    expect(
      domainRefusal(() => checkCustomization(knife, { handle: 'walnut', colour: 'red' })),
    ).toEqual({
      status: 400,
      body: { 'customization.colour': ['This piece has no option "colour".'] },
    });
    // A very long key is named by its first 40 characters.
    const long = 'k'.repeat(100);
    expect(
      domainRefusal(() => checkCustomization(knife, { handle: 'walnut', [long]: 'x' })),
    ).toEqual({
      status: 400,
      body: {
        [`customization.${'k'.repeat(40)}`]: [`This piece has no option "${'k'.repeat(40)}".`],
      },
    });
  });

  it('counts an engraving in characters, not bytes: 24 accented letters fit, 25 do not', () => {
    const fits = 'é'.repeat(24);
    expect(checkCustomization(knife, { handle: 'walnut', engraving_text: fits })).toEqual({
      handle: 'walnut',
      engraving_text: fits,
    });
    // Characters beyond the Basic Multilingual Plane count once each too.
    const clefs = '𝄞'.repeat(24);
    expect(checkCustomization(knife, { handle: 'walnut', engraving_text: clefs })).toEqual({
      handle: 'walnut',
      engraving_text: clefs,
    });
    for (const engraving_text of ['é'.repeat(25), 'x'.repeat(25), '𝄞'.repeat(25)]) {
      expect(
        domainRefusal(() => checkCustomization(knife, { handle: 'walnut', engraving_text })),
      ).toEqual({
        status: 400,
        body: { 'customization.engraving_text': ['At most 24 characters.'] },
      });
    }
    // Padding does not count: the text is trimmed first.
    expect(
      checkCustomization(knife, { handle: 'walnut', engraving_text: `  ${'x'.repeat(24)}  ` }),
    ).toEqual({ handle: 'walnut', engraving_text: 'x'.repeat(24) });
  });

  it('refuses control characters in a text', () => {
    for (const engraving_text of ['A\tL', 'A\nL', 'A\u001bL', 'A\u007fL', 'A\u0085L', 'A\u2028L']) {
      expect(
        domainRefusal(() => checkCustomization(knife, { handle: 'walnut', engraving_text })),
      ).toEqual({
        status: 400,
        body: { 'customization.engraving_text': ['Control characters are not allowed.'] },
      });
    }
  });

  it('answers every problem at once', () => {
    expect(
      domainRefusal(() =>
        checkCustomization(knife, { engraving_text: 'x'.repeat(30), colour: 'red' }),
      ),
    ).toEqual({
      status: 400,
      body: {
        'customization.engraving_text': ['At most 24 characters.'],
        'customization.colour': ['This piece has no option "colour".'],
        'customization.handle': ['Choose the handle wood.'],
      },
    });
  });

  it('refuses a NUL character anywhere with one message on the whole customization', () => {
    const withNul: Record<string, string>[] = [
      { handle: 'walnut', engraving_text: 'A\u0000L' },
      { handle: 'wal\u0000nut' },
      { 'hand\u0000le': 'walnut' },
    ];
    for (const customization of withNul) {
      expect(domainRefusal(() => checkCustomization(knife, customization))).toEqual({
        status: 400,
        body: { customization: ['Null characters are not allowed.'] },
      });
    }
    expect(domainRefusal(() => checkCustomization([], { note: '\u0000' }))).toEqual({
      status: 400,
      body: { customization: ['Null characters are not allowed.'] },
    });
  });

  it('refuses choices for a piece that takes no options, but not blank ones', () => {
    expect(domainRefusal(() => checkCustomization([], { engraving_text: 'A.L.' }))).toEqual({
      status: 400,
      body: { customization: [OPTION_MESSAGES.noOptions] },
    });
    expect(OPTION_MESSAGES.noOptions).toBe('This piece takes no options.');
    expect(checkCustomization([], undefined)).toEqual({});
    expect(checkCustomization([], { note: '   ', '  ': 'x' })).toEqual({});
  });
});

describe('pricing the choices of a line', () => {
  it('adds each chosen value’s and each text’s surcharge, in words and in the product’s order', () => {
    expect(priceChoices(knife, { engraving_text: 'A.L.', handle: 'maple' })).toEqual({
      chosen: [
        {
          key: 'handle',
          label: 'Handle wood',
          value: 'maple',
          display_value: 'Stabilised maple',
          price_delta: '35.00',
        },
        {
          key: 'engraving_text',
          label: 'Engraving',
          value: 'A.L.',
          display_value: 'A.L.',
          price_delta: '15.00',
        },
      ],
      deltaCents: 5000,
    });
    expect(priceChoices(knife, { handle: 'walnut' }).deltaCents).toBe(0);
    expect(priceChoices(painting, { framing: 'walnut' }).deltaCents).toBe(8000);
    expect(priceChoices(knife, {})).toEqual({ chosen: [], deltaCents: 0 });
  });

  it('shows a choice the product no longer offers as it is, for nothing, after the others', () => {
    const priced = priceChoices(knife, { gift_wrap: 'yes', handle: 'ebony', finish: 'oiled' });
    expect(priced.deltaCents).toBe(2000);
    expect(priced.chosen).toEqual([
      {
        key: 'handle',
        label: 'Handle wood',
        value: 'ebony',
        display_value: 'Ebony',
        price_delta: '20.00',
      },
      {
        key: 'gift_wrap',
        label: 'gift wrap',
        value: 'yes',
        display_value: 'yes',
        price_delta: '0.00',
      },
      {
        key: 'finish',
        label: 'finish',
        value: 'oiled',
        display_value: 'oiled',
        price_delta: '0.00',
      },
    ]);
  });

  it('prices a value a choice no longer offers at nothing', () => {
    expect(priceChoices(knife, { handle: 'bog-oak' })).toEqual({
      chosen: [
        {
          key: 'handle',
          label: 'Handle wood',
          value: 'bog-oak',
          display_value: 'bog-oak',
          price_delta: '0.00',
        },
      ],
      deltaCents: 0,
    });
  });
});
