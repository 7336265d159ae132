/**
 * The EU's standard rates kept in the repository (common/eu-vat-rates.ts) and the destination
 * rules over them (common/destination-vat.ts): 27 member states, each rate a sane standard rate,
 * the date checked; which rate and country an order to each kind of place pays, and the price
 * recomputed at the destination's rate.
 */
import { EU_VAT_RATES, EU_VAT_RATES_CHECKED_ON, isEuCountry } from './eu-vat-rates.ts';
import { taxationOf, taxationSentence, unitPriceAt, type VatPolicy } from './destination-vat.ts';
import { isCountryCode } from './iso-countries.ts';

const EU_27 =
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');

describe('the table of EU standard rates', () => {
  it('holds the 27 member states, by their ISO codes, and no other country', () => {
    expect(Object.keys(EU_VAT_RATES).sort()).toEqual(EU_27);
    expect(Object.keys(EU_VAT_RATES).every(isCountryCode)).toBe(true);
    for (const outside of ['GB', 'XI', 'NO', 'CH', 'US', 'EL', 'toString']) {
      expect(isEuCountry(outside)).toBe(false);
    }
  });

  it('gives each a standard rate the Directive allows: 15 % at least, at most 27 %', () => {
    // Art. 97: a standard rate of no less than 15 %; Hungary's 27 % is the highest.
    for (const [code, { rateBp, name }] of Object.entries(EU_VAT_RATES)) {
      expect(Number.isInteger(rateBp), code).toBe(true);
      expect(rateBp, code).toBeGreaterThanOrEqual(1500);
      expect(rateBp, code).toBeLessThanOrEqual(2700);
      expect(name.length, code).toBeGreaterThan(3);
    }
    expect(EU_VAT_RATES.FR!.rateBp).toBe(2000);
    expect(EU_VAT_RATES.DE!.rateBp).toBe(1900);
    expect(EU_VAT_RATES.IE!.rateBp).toBe(2300);
  });

  it('says when it was checked, a real day no later than today', () => {
    expect(EU_VAT_RATES_CHECKED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${EU_VAT_RATES_CHECKED_ON}T00:00:00Z`).getTime()).toBeLessThanOrEqual(
      Date.now(),
    );
  });
});

describe('the VAT an order pays where it goes', () => {
  const irish: VatPolicy = {
    rateBp: 2300,
    mode: 'destination',
    prices: 'same_gross',
    country: 'IE',
  };

  it('charges another member state’s rate, the shop’s at home, and nothing on an export', () => {
    expect(taxationOf(irish, 'FR')).toMatchObject({ rateBp: 2000, country: 'FR', export: false });
    expect(taxationOf(irish, 'DE')).toMatchObject({ rateBp: 1900, country: 'DE' });
    expect(taxationOf(irish, 'IE')).toMatchObject({ rateBp: 2300, country: 'IE' });
    expect(taxationOf(irish, 'US')).toMatchObject({ rateBp: 0, country: 'US', export: true });
  });

  it('keeps one rate in single mode, for a UK shop, and none for a shop not registered', () => {
    expect(taxationOf({ ...irish, mode: 'single' }, 'FR')).toMatchObject({
      rateBp: 2300,
      country: 'IE',
    });
    const uk: VatPolicy = {
      rateBp: 2000,
      mode: 'destination',
      prices: 'same_gross',
      country: 'GB',
    };
    expect(taxationOf(uk, 'FR')).toMatchObject({ rateBp: 2000, country: 'GB', export: false });
    expect(taxationOf({ ...irish, rateBp: null }, 'FR')).toMatchObject({
      rateBp: null,
      country: null,
    });
  });

  it('recomputes a unit’s price from its net only when the owner chose so', () => {
    const net = { ...irish, prices: 'recompute_net' as const };
    // 70.00 at 23 % is 56.91… net: 68.29 at 20 %, 67.72 at 19 %, 56.91 exported.
    expect(unitPriceAt(7000, taxationOf(net, 'FR'))).toBe(6829);
    expect(unitPriceAt(7000, taxationOf(net, 'DE'))).toBe(6772);
    expect(unitPriceAt(7000, taxationOf(net, 'US'))).toBe(5691);
    expect(unitPriceAt(7000, taxationOf(net, 'IE'))).toBe(7000);
    expect(unitPriceAt(7000, taxationOf(irish, 'FR'))).toBe(7000);
    // 41.00 at 23 % is exactly 40.00 at 20 %.
    expect(unitPriceAt(4100, taxationOf(net, 'FR'))).toBe(4000);
  });

  it('says the rate and the country under a total', () => {
    expect(taxationSentence({ rateBp: 2000, country: 'FR' }, 'IE')).toBe(
      'Prices include VAT at 20% (France).',
    );
    expect(taxationSentence({ rateBp: 2300, country: 'IE' }, 'IE')).toBe(
      'Prices include VAT at 23%.',
    );
    expect(taxationSentence({ rateBp: 2550, country: 'FI' }, 'IE')).toBe(
      'Prices include VAT at 25.5% (Finland).',
    );
    expect(taxationSentence({ rateBp: 0, country: 'US', export: true }, 'IE')).toBe(
      'Export: no VAT charged.',
    );
    expect(taxationSentence({ rateBp: null, country: null }, 'IE')).toBe('No VAT is charged.');
  });
});
