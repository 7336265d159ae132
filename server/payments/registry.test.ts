/**
 * A shop's card provider and its sealed credentials (decision 013): which provider a shop's
 * settings name, the credentials sealed under PAYMENT_SECRETS_KEY (another key opens nothing),
 * the sandbox only while PAYMENT_SANDBOX is on, credentials checked before they are stored, and
 * every provider's credentials kept for the payments it started after the shop moves on.
 */
import { randomBytes } from 'node:crypto';
import { tenantId } from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { openCredentials, SealedCredentialsError, sealCredentials } from './credentials.ts';
import { PaymentProviders } from './registry.ts';

let t: TestApp;
let pottery: number;
const key = new Uint8Array(randomBytes(32));

beforeAll(async () => {
  t = await createTestApp({ paymentSecretsKey: key });
  pottery = await tenantId(t.app, 'demo-pottery');
});
afterAll(async () => {
  await t.close();
});

function providers(overrides: Partial<ConstructorParameters<typeof PaymentProviders>[0]> = {}) {
  return new PaymentProviders({
    db: t.app.db,
    key,
    sandboxEnabled: true,
    publicApiPath: '/api',
    twoC2p: {
      sandboxApiBase: 'https://sandbox-pgw.2c2p.com',
      productionApiBase: 'https://pgw.2c2p.com',
    },
    stripeApiBase: null,
    ...overrides,
  });
}

it('seals credentials so that only the same key opens them, and an altered value opens nothing', async () => {
  const sealed = await sealCredentials({ secretKey: 'sk_test_abc' }, key);
  expect(sealed).not.toContain('sk_test_abc');
  expect(await openCredentials(sealed, key)).toEqual({ secretKey: 'sk_test_abc' });
  await expect(openCredentials(sealed, new Uint8Array(randomBytes(32)))).rejects.toThrow(
    SealedCredentialsError,
  );
  const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
  await expect(openCredentials(tampered, key)).rejects.toThrow(SealedCredentialsError);
});

it('gives the provider the shop names, rebuilds it when its credentials change, and nothing with card payments off', async () => {
  const registry = providers();
  expect(await registry.providerFor(pottery)).toBeNull();
  await registry.configure(pottery, 'stripe', {
    secretKey: 'sk_test_51FakeStoreSecretKey0123456789',
    webhookSecret: 'whsec_FakeWebhookSecret0123456789',
  });
  await t.app.db
    .updateTable('payment_settings')
    .set({ enable_card_payment: 1 })
    .where('tenant_id', '=', pottery)
    .execute();
  const stripe = await registry.providerFor(pottery);
  expect(stripe?.name).toBe('stripe');
  expect(await registry.providerFor(pottery)).toBe(stripe);
  await registry.configure(pottery, '2c2p', {
    merchantId: 'JT01',
    secretKey: 'ECC4E54DBA738857B84A7EBC6B5DC7187B8DA68750E88AB53AAA41F548D6F2D9',
    environment: 'sandbox',
  });
  expect((await registry.providerFor(pottery))?.name).toBe('2c2p');
  await t.app.db
    .updateTable('payment_settings')
    .set({ enable_card_payment: 0 })
    .where('tenant_id', '=', pottery)
    .execute();
  expect(await registry.providerFor(pottery)).toBeNull();
});

it('gives no sandbox while PAYMENT_SANDBOX is off', async () => {
  const demo = await tenantId(t.app, 'demo-handcraft');
  expect((await providers().providerFor(demo))?.name).toBe('sandbox');
  expect(await providers({ sandboxEnabled: false }).providerFor(demo)).toBeNull();
  expect(await providers({ sandboxEnabled: false }).sandboxSecret(demo)).toBeNull();
});

it('refuses credentials that do not fit the provider, naming the field and never echoing a secret', async () => {
  const registry = providers();
  const secret = 'sk_live_' + 'x'.repeat(3);
  await expect(
    registry.configure(pottery, 'stripe', { secretKey: secret, webhookSecret: 'nope' }),
  ).rejects.toThrow(/secretKey|webhookSecret/);
  await registry
    .configure(pottery, 'stripe', { secretKey: secret, webhookSecret: 'nope' })
    .catch((error: Error) => expect(`${error.message}${error.stack}`).not.toContain(secret));
  await expect(registry.configure(pottery, 'sandbox', { signingSecret: 'short' })).rejects.toThrow(
    /signingSecret/,
  );
});

it("keeps an earlier provider's credentials for the payments it started, whatever the switches say", async () => {
  const registry = providers();
  const shop = await tenantId(t.app, 'demo-handcraft');
  expect(await registry.providerOf(shop, 'stripe')).toBeNull();
  await registry.configure(shop, 'stripe', {
    secretKey: 'sk_test_51FakeStoreSecretKey0123456789',
    webhookSecret: 'whsec_FakeWebhookSecret0123456789',
  });
  await registry.configure(shop, '2c2p', {
    merchantId: 'JT01',
    secretKey: 'ECC4E54DBA738857B84A7EBC6B5DC7187B8DA68750E88AB53AAA41F548D6F2D9',
    environment: 'sandbox',
  });
  await t.app.db
    .updateTable('payment_settings')
    .set({ enable_card_payment: 0 })
    .where('tenant_id', '=', shop)
    .execute();
  expect(await registry.providerFor(shop)).toBeNull();
  expect((await registry.providerOf(shop, 'stripe'))?.name).toBe('stripe');
  expect((await registry.providerOf(shop, '2c2p'))?.name).toBe('2c2p');
  // The seeded sandbox it started on is kept too, but only while the sandbox may run.
  expect((await registry.providerOf(shop, 'sandbox'))?.name).toBe('sandbox');
  expect(await registry.sandboxSecret(shop)).toEqual(expect.any(String));
  expect(await providers({ sandboxEnabled: false }).providerOf(shop, 'sandbox')).toBeNull();
  const kept = await t.app.db
    .selectFrom('payment_provider_credentials')
    .select(['provider', 'credentials'])
    .where('tenant_id', '=', shop)
    .orderBy('provider')
    .execute();
  expect(kept.map((row) => row.provider)).toEqual(['2c2p', 'sandbox', 'stripe']);
  expect(JSON.stringify(kept)).not.toMatch(/sk_test|whsec_|ECC4E54D/);
});
