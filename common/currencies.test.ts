import { CURRENCY_MESSAGES, checkShopCurrency, shopCurrencyChoices } from './currencies';

describe("a shop's currency", () => {
  it('takes an ISO 4217 code with two decimals, tidied', () => {
    expect(checkShopCurrency(' gbp ')).toEqual({ ok: true, currency: 'GBP' });
    expect(checkShopCurrency('EUR')).toEqual({ ok: true, currency: 'EUR' });
    expect(checkShopCurrency('usd')).toEqual({ ok: true, currency: 'USD' });
  });
  it('refuses what is not a currency', () => {
    for (const bad of ['', 'US', 'POUND', 'XYZ', '$']) {
      expect(checkShopCurrency(bad)).toEqual({ ok: false, message: CURRENCY_MESSAGES.invalid });
    }
  });
  it('refuses a currency without hundredths, or with thousandths', () => {
    expect(checkShopCurrency('JPY')).toEqual({
      ok: false,
      message:
        'JPY is not priced in hundredths; choose a currency with two decimals, such as GBP, EUR or USD.',
    });
    expect(checkShopCurrency('KWD')).toMatchObject({ ok: false });
  });
  it('offers every currency it accepts, and only those', () => {
    const choices = shopCurrencyChoices();
    expect(choices).toEqual(expect.arrayContaining(['GBP', 'EUR', 'USD', 'CHF']));
    expect(choices).not.toContain('JPY');
    for (const code of choices)
      expect(checkShopCurrency(code)).toEqual({ ok: true, currency: code });
  });
});
