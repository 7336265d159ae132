/**
 * Starting and stopping a real API process (`tsx server/main.ts`): a production start serves no
 * payment sandbox and refuses to start with it on; SIGTERM lets the request in flight finish,
 * refuses new ones, closes the database and exits 0.
 */
import { type ApiProcess, processEnv, request, startApi, stopApi } from '../test/api-process.ts';
import { DEMO, engine, setup } from '../test/processes.ts';

describe('a production start', () => {
  it('with SEED_DEMO=0 serves no sandbox page nor sandbox route', async () => {
    const t = await setup();
    let api: ApiProcess | undefined;
    try {
      api = await startApi({
        ...processEnv(t.database),
        NODE_ENV: 'production',
        SEED_DEMO: '0',
        STOREFRONT_URL: 'https://shop.example',
      });
      const page = await fetch(`${api.base}/api/payments/sandbox/checkout/SBX-20261124-ABCDEF/`);
      expect(page.status).toBe(404);
      const form = await fetch(`${api.base}/api/payments/sandbox/checkout/SBX-20261124-ABCDEF/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay&card_number=4242424242424242',
      });
      expect(form.status).toBe(404);
      const notify = await request(
        api.base,
        'POST',
        '/payments/gateway/notify/',
        {
          ...DEMO,
          'x-gateway-signature': 't=1,v1=' + '0'.repeat(64),
        },
        {
          event_id: '0b7c6a52-1f7e-4c86-a3c5-6f9d2e8b1a40',
          payment_uuid: '9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
          status: 'succeeded',
          amount: '1.00',
          currency: 'USD',
        },
      );
      expect(notify.status).toBe(404);
      const options = await request(api.base, 'GET', '/payments/options/', DEMO);
      expect(options.body.enable_card_payment).toBe(false);
    } finally {
      await stopApi(api);
      await t.close();
    }
  }, 60_000);

  it('refuses to start with the sandbox on, saying why', async () => {
    const t = await setup();
    try {
      const failure = await startApi({
        ...processEnv(t.database),
        NODE_ENV: 'production',
        STOREFRONT_URL: 'https://shop.example',
        PAYMENT_SANDBOX: '1',
      }).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/API exited early/);
      expect(failure).toMatch(/PAYMENT_SANDBOX is on with NODE_ENV=production/);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe(`SIGTERM (${engine})`, () => {
  it('lets the request in flight finish, refuses new ones, closes the database and exits 0', async () => {
    const t = await setup();
    let api: ApiProcess | undefined;
    try {
      // A slow password hash keeps a login in flight long enough to signal during it.
      await t.app.db
        .updateTable('users')
        .set({
          password_hash: await import('./credentials/passwords.ts').then((m) =>
            m.hashPassword('slow-password-1', { log2Cost: 17 }),
          ),
        })
        .where('username', '=', 'customer')
        .execute();
      api = await startApi(processEnv(t.database));
      const inFlight = request(api.base, 'POST', '/accounts/login/', DEMO, {
        login_id: 'customer',
        password: 'slow-password-1',
      });
      // Long enough for the request to reach the server, well short of the hash's time.
      await new Promise((r) => setTimeout(r, 150));
      const signalledAt = Date.now();
      api.child.kill('SIGTERM');
      // The signal is handled when the event loop gets to it (later on a busy CI machine):
      // from then on, while the login is still in flight, new requests are refused.
      let refused: number | string = 200;
      for (let i = 0; i < 100 && refused === 200; i++) {
        await new Promise((r) => setTimeout(r, 20));
        refused = await fetch(`${api.base}/healthz`).then(
          (r) => r.status,
          () => 'refused',
        );
      }
      expect(refused === 'refused' || refused === 503).toBe(true);
      const answer = await inFlight;
      expect(Date.now()).toBeGreaterThan(signalledAt);
      expect(answer.status).toBe(200);
      expect(answer.body.access).toEqual(expect.any(String));
      expect(await api.exited).toBe(0);
      expect(api.output.join('')).toContain('database closed');
    } finally {
      await stopApi(api);
      await t.close();
    }
  }, 60_000);
});
