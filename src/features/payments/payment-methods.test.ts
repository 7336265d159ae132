import { defaultMethod, enabledMethods, methodLabel, type PaymentOptions } from './payment-methods';

function options(overrides: Partial<PaymentOptions> = {}): PaymentOptions {
  return {
    enable_card_payment: false,
    enable_bank_transfer: false,
    enable_custom_payment: false,
    bank_account_details: null,
    custom_payment_label: null,
    custom_payment_instructions: null,
    custom_payment_redirect_url: null,
    ...overrides,
  };
}

describe('payment methods (spec section 4)', () => {
  it('offers the enabled methods in the order card, bank transfer, custom', () => {
    expect(
      enabledMethods(
        options({
          enable_custom_payment: true,
          enable_card_payment: true,
          enable_bank_transfer: true,
        }),
      ),
    ).toEqual(['card_2c2p', 'bank_transfer', 'custom']);
  });

  it('defaults to the first enabled one', () => {
    expect(defaultMethod(options({ enable_card_payment: true, enable_custom_payment: true }))).toBe(
      'card_2c2p',
    );
    expect(
      defaultMethod(options({ enable_bank_transfer: true, enable_custom_payment: true })),
    ).toBe('bank_transfer');
    expect(defaultMethod(options({ enable_custom_payment: true }))).toBe('custom');
    expect(defaultMethod(options())).toBe('');
  });

  it("falls back to 'Other Payment Method' for an unnamed custom method", () => {
    expect(methodLabel('custom', options({ custom_payment_label: 'PayPal' }))).toBe('PayPal');
    expect(methodLabel('custom', options({ custom_payment_label: '  ' }))).toBe(
      'Other Payment Method',
    );
    expect(methodLabel('custom', null)).toBe('Other Payment Method');
  });
});
