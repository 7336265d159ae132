/**
 * Testing the card provider's keys from Settings › Payments (issue 38, the launch checklist's
 * "card keys tested with the provider"), over the HTTP API against local fakes of Stripe and
 * 2C2P: only live keys the provider accepted count as a way to pay; replacing or a refusal
 * clears the test; an unreachable provider records nothing; the provider is sent the shop's
 * currency and its own domain's addresses; only an owner may test, and only their shop's keys.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { startFake2c2p, type Fake2c2p } from '../../test/fake-2c2p.ts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { call } from '../../test/shop.ts';
import { newClosedShop, type ClosedShop } from '../../test/launch.ts';
import { useTestApp } from '../../test/test-app.ts';
import { checkCardCredentials, NO_CREDENTIALS_TO_TEST } from '../../settings/payments.ts';
import { FORBIDDEN_MESSAGE } from '../../staff/roles.ts';
import type { Acting } from '../../platform/journal.ts';

const LIVE = {
  secretKey: 'sk_live_51TidewaterLiveKey0123456789abcdefghijklmnop',
  webhookSecret: 'whsec_TidewaterEndpointSecret0123456789',
};
const C2P = {
  merchantId: 'TIDE01',
  secretKey: 'C2PSECRET-4f0c1b2a39d8e7f6a5b4c3d2e1f00112233445566778899aabbccdd',
  environment: 'sandbox',
};
const CHECK = '/admin/settings/payments/card-provider/check/';
const PASSWORD = 'honed-on-whetstones-9';

let fakeStripe: FakeStripe;
let fake2c2p: Fake2c2p;
beforeAll(async () => {
  [fakeStripe, fake2c2p] = await Promise.all([
    startFakeStripe(LIVE),
    startFake2c2p({ merchantId: C2P.merchantId, secretKey: C2P.secretKey }),
  ]);
});
afterAll(async () => {
  await Promise.all([fakeStripe.close(), fake2c2p.close()]);
});
const t = useTestApp(() => ({
  storefrontUrl: 'https://keys-default.test',
  stripeApiBase: fakeStripe.apiBase,
  twoC2pSandboxApiBase: fake2c2p.apiBase,
}));

type CardProvider = {
  provider: string;
  credentials_set: boolean;
  credentials_checked_at: string | null;
  credentials_checked_mode: 'live' | 'test' | null;
};
type Setup = { card_provider: CardProvider };

/** A new closed GBP shop at `<name>.test` with a signed-in owner and a member of staff. */
const newShop = (name: string) => newClosedShop(t.app, name, PASSWORD);
type Shop = ClosedShop;

async function saveKeys(shop: Shop, provider: 'stripe' | '2c2p', credentials: object) {
  const saved = await call<Setup>(
    t.app,
    'PUT',
    '/admin/settings/payments/card-provider/',
    shop.asOwner,
    { provider, credentials },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const on = await call(t.app, 'PATCH', '/admin/settings/payments/', shop.asOwner, {
    enable_card_payment: true,
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return saved.body.card_provider;
}

/** Whether the launch checklist counts a way to pay. */
async function paymentDone(shop: Shop): Promise<boolean> {
  const state = await call<{ checklist: { key: string; done: boolean }[] }>(
    t.app,
    'GET',
    '/admin/shop/',
    shop.asOwner,
  );
  return state.body.checklist.find((item) => item.key === 'payment')!.done;
}

describe("testing the card provider's keys before launch", () => {
  it('counts card payment only once the provider accepted live keys, until they are replaced', async () => {
    const shop = await newShop('keys-live');
    expect(await call(t.app, 'POST', CHECK, shop.asOwner)).toMatchObject({
      status: 400,
      body: { credentials: [NO_CREDENTIALS_TO_TEST] },
    });

    const saved = await saveKeys(shop, 'stripe', LIVE);
    expect(saved).toMatchObject({ credentials_checked_at: null, credentials_checked_mode: null });
    // Saved keys whose format fits are not yet keys that work.
    expect(await paymentDone(shop)).toBe(false);

    const before = Date.now();
    const checked = await call<Setup>(t.app, 'POST', CHECK, shop.asOwner);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.card_provider).toMatchObject({
      provider: 'stripe',
      credentials_checked_mode: 'live',
    });
    expect(Date.parse(checked.body.card_provider.credentials_checked_at!)).toBeGreaterThanOrEqual(
      before - 1000,
    );
    expect(fakeStripe.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/checkout/sessions',
    });
    expect(await paymentDone(shop)).toBe(true);
    // The settings read says the same, and never a key.
    const read = await call<Setup>(t.app, 'GET', '/admin/settings/payments/', shop.asOwner);
    expect(read.body.card_provider.credentials_checked_mode).toBe('live');
    expect(JSON.stringify(read.body)).not.toContain(LIVE.secretKey);

    // The log says what the test found, never a key.
    const log = await call<{ results: { action: string; before: unknown; after: unknown }[] }>(
      t.app,
      'GET',
      '/admin/activity/?object_type=settings',
      shop.asOwner,
    );
    const entry = log.body.results.find((e) => e.action === 'settings.payments.credentials_check');
    expect(entry).toMatchObject({
      before: { provider: 'stripe', checked: 'never', checked_at: null },
      after: { provider: 'stripe', checked: 'live' },
    });
    expect(JSON.stringify(log.body)).not.toContain(LIVE.secretKey);

    // Replaced keys are untested again, even the same ones.
    expect(await saveKeys(shop, 'stripe', LIVE)).toMatchObject({
      credentials_checked_at: null,
      credentials_checked_mode: null,
    });
    expect(await paymentDone(shop)).toBe(false);
  });

  it('takes back an earlier test when the provider refuses the keys, and keeps it when the provider is down', async () => {
    const shop = await newShop('keys-refused');
    await saveKeys(shop, 'stripe', LIVE);
    expect((await call(t.app, 'POST', CHECK, shop.asOwner)).status).toBe(200);

    // Stripe cannot be reached: 502, and the earlier test stands.
    fakeStripe.failNext(503, 2);
    expect(await call(t.app, 'POST', CHECK, shop.asOwner)).toMatchObject({
      status: 502,
      body: {
        detail:
          'Stripe could not be reached, so the credentials were not tested. Try again in a moment.',
      },
    });
    expect(await paymentDone(shop)).toBe(true);

    // The key was rolled at Stripe: the shop's copy no longer works.
    await t.app.paymentProviders.configure(shop.tenantId, 'stripe', {
      ...LIVE,
      secretKey: 'sk_live_51RolledAwayKey000000000000000000000000',
    });
    await t.app.db
      .updateTable('payment_settings')
      .set({ credentials_checked_at: new Date().toISOString(), credentials_checked_mode: 'live' })
      .where('tenant_id', '=', shop.tenantId)
      .execute();
    expect(await paymentDone(shop)).toBe(true);
    const refused = await call(t.app, 'POST', CHECK, shop.asOwner);
    expect(refused).toMatchObject({
      status: 400,
      body: {
        credentials: [
          'Stripe did not accept the secret key. Copy it again from the Stripe Dashboard (Developers, API keys) and save it.',
        ],
      },
    });
    expect(JSON.stringify(refused.body)).not.toContain('RolledAway');
    expect(await paymentDone(shop)).toBe(false);
    const read = await call<Setup>(t.app, 'GET', '/admin/settings/payments/', shop.asOwner);
    expect(read.body.card_provider).toMatchObject({
      credentials_checked_at: null,
      credentials_checked_mode: null,
    });
  });

  it("sends 2C2P the shop's currency and addresses at its own domain, and does not count sandbox keys", async () => {
    const shop = await newShop('keys-2c2p');
    await saveKeys(shop, '2c2p', C2P);
    const checked = await call<Setup>(t.app, 'POST', CHECK, shop.asOwner);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.card_provider.credentials_checked_mode).toBe('test');
    expect(fake2c2p.requests.at(-1)?.payload).toMatchObject({
      merchantID: C2P.merchantId,
      amount: 1,
      currencyCode: 'GBP',
      frontendReturnUrl: 'https://keys-2c2p.test/payment/return',
      backendReturnUrl: `https://keys-2c2p.test/api/payments/providers/2c2p/notify/${shop.tenantId}/`,
    });
    // Sandbox keys work, and take no real money: not yet a way to pay.
    expect(await paymentDone(shop)).toBe(false);
  });

  it("lets only an owner test, and only their own shop's keys", async () => {
    const [mine, theirs] = await Promise.all([newShop('keys-mine'), newShop('keys-theirs')]);
    await saveKeys(theirs, 'stripe', LIVE);
    expect(await call(t.app, 'POST', CHECK, mine.asStaff)).toMatchObject({
      status: 403,
      body: { detail: FORBIDDEN_MESSAGE },
    });
    // The owner of a shop without keys tests nothing of another shop's.
    const asked = fakeStripe.requests.length;
    expect(await call(t.app, 'POST', CHECK, mine.asOwner)).toMatchObject({
      status: 400,
      body: { credentials: [NO_CREDENTIALS_TO_TEST] },
    });
    expect(fakeStripe.requests).toHaveLength(asked);
    // Another shop's token on this owner's session is refused at the door.
    const crossed = { ...mine.asOwner, 'x-tenant-token': theirs.token };
    expect((await call(t.app, 'POST', CHECK, crossed)).status).toBeGreaterThanOrEqual(401);
    expect(await paymentDone(theirs)).toBe(false);
  });

  it('records nothing when the keys were replaced while the provider answered', async () => {
    const shop = await newShop('keys-replaced');
    await saveKeys(shop, 'stripe', LIVE);
    const acting = {
      tenantId: shop.tenantId,
      journal: async () => {
        throw new Error('nothing is logged for a test of keys that are gone');
      },
    } as unknown as Acting;
    const real = t.app.paymentProviders;
    const setup = await checkCardCredentials(
      { db: t.app.db, acting, changed: () => {} },
      {
        current: async (tenantId) => {
          const found = (await real.current(tenantId))!;
          return {
            ...found,
            provider: {
              ...found.provider,
              // The owner saves other keys while the provider is still answering.
              checkCredentials: async (input) => {
                const answer = await found.provider.checkCredentials(input);
                await real.configure(tenantId, 'stripe', LIVE);
                return answer;
              },
            },
          };
        },
      },
      async () => ({
        currency: 'GBP',
        returnUrl: 'https://x.test/r',
        notifyUrl: 'https://x.test/n',
      }),
    );
    expect(setup.card_provider).toMatchObject({
      credentials_checked_at: null,
      credentials_checked_mode: null,
    });
    expect(await paymentDone(shop)).toBe(false);
  });
});
