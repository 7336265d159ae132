/**
 * Payment options (`GET /payments/options/`): each shop's own settings, never the gateway's
 * secret, and nothing offered by a shop without settings.
 */
import type { components } from '../../common/storefront-api';
import { call } from '../test/shop.ts';
import { asTenant } from '../test/test-app.ts';
import { usePaymentsApi } from '../test/payments.ts';

type PaymentOptions = components['schemas']['PaymentOptions'];

const { t, secretOf } = usePaymentsApi();

describe('payment options', () => {
  it('answers each shop’s own settings, and never the gateway secret', async () => {
    const demo = await call<PaymentOptions>(
      t.app,
      'GET',
      '/payments/options/',
      asTenant('demo-handcraft'),
    );
    expect(demo).toMatchObject({
      status: 200,
      body: {
        enable_card_payment: true,
        enable_bank_transfer: true,
        enable_custom_payment: true,
        bank_account_details: expect.stringContaining('IBAN'),
        custom_payment_label: 'Pay at the workshop',
        custom_payment_instructions: expect.stringContaining('order number'),
        custom_payment_redirect_url: null,
      },
    });
    const pottery = await call<PaymentOptions>(
      t.app,
      'GET',
      '/payments/options/',
      asTenant('demo-pottery'),
    );
    expect(pottery.body).toMatchObject({
      enable_card_payment: false,
      enable_bank_transfer: true,
      enable_custom_payment: true,
      custom_payment_label: 'PayPal',
      custom_payment_redirect_url: 'https://www.paypal.com/paypalme/riversidepottery',
    });
    expect(pottery.body.bank_account_details).not.toBe(demo.body.bank_account_details);
    for (const answer of [demo, pottery]) {
      expect(Object.keys(answer.body).sort()).toEqual([
        'bank_account_details',
        'custom_payment_instructions',
        'custom_payment_label',
        'custom_payment_redirect_url',
        'enable_bank_transfer',
        'enable_card_payment',
        'enable_custom_payment',
      ]);
      const text = JSON.stringify(answer.body);
      const secret = await secretOf('demo-handcraft');
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(text).not.toContain(secret);
      const sealed = await t.app.db.selectFrom('payment_settings').select('credentials').execute();
      for (const row of sealed) if (row.credentials) expect(text).not.toContain(row.credentials);
    }
  });

  it('offers nothing for a shop without settings', async () => {
    const tenant = await t.app.db
      .insertInto('tenants')
      .values({
        token: 'bare-shop',
        name: 'Bare',
        media_slug: 'bare',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call(t.app, 'GET', '/payments/options/', asTenant('bare-shop'))).body).toEqual({
      enable_card_payment: false,
      enable_bank_transfer: false,
      enable_custom_payment: false,
      bank_account_details: null,
      custom_payment_label: null,
      custom_payment_instructions: null,
      custom_payment_redirect_url: null,
    });
    await t.app.db.deleteFrom('tenants').where('id', '=', tenant.id).execute();
  });
});
