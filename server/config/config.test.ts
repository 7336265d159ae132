import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError, jwtSecretPath, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to a local-only server with SQLite under data/ and the API under /api', () => {
    expect(loadConfig({})).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      databaseUrl: null,
      sqlitePath: 'data/shop.sqlite',
      mediaDir: 'data/media',
      publicApiPath: '/api',
      serveSpa: true,
      tenantToken: 'demo-handcraft',
      logLevel: 'info',
      catalogCacheTtlMs: 1000,
      catalogCountTtlMs: 60_000,
      pageCacheTtlMs: 10_000,
      registerMaxPerAddress: 20,
      contactMaxPerAddress: 10,
    });
  });

  it('reads overrides and normalises the API path', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '3000',
      DATABASE_URL: 'postgres://shop@localhost/shop',
      JWT_SECRET: 'x'.repeat(32),
      PAYMENT_SECRETS_KEY: 'a'.repeat(64),
      PUBLIC_API_PATH: '/shop-api/',
      SERVE_SPA: 'false',
      LOG_LEVEL: 'WARN',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 3000,
      databaseUrl: 'postgres://shop@localhost/shop',
      publicApiPath: '/shop-api',
      serveSpa: false,
      logLevel: 'warn',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ SERVE_SPA: 'maybe' }, /SERVE_SPA/],
    [{ DATABASE_URL: 'mysql://x/y' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ PUBLIC_API_PATH: 'api' }, /PUBLIC_API_PATH/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ CATALOG_CACHE_TTL_MS: '-1' }, /CATALOG_CACHE_TTL_MS/],
    [{ JWT_SECRET: 'too-short' }, /JWT_SECRET/],
    [{ ACCESS_TOKEN_TTL_SECONDS: '0' }, /ACCESS_TOKEN_TTL_SECONDS/],
    [{ REFRESH_TOKEN_TTL_SECONDS: '7d' }, /REFRESH_TOKEN_TTL_SECONDS/],
    [{ REFRESH_REUSE_GRACE_SECONDS: '-5' }, /REFRESH_REUSE_GRACE_SECONDS/],
    [{ PASSWORD_HASH_COST: '32' }, /PASSWORD_HASH_COST/],
    [{ LOGIN_MAX_FAILURES: '0' }, /LOGIN_MAX_FAILURES/],
    [{ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 'many' }, /LOGIN_MAX_ATTEMPTS_PER_ADDRESS/],
    [{ CONTACT_MAX_PER_ADDRESS: '0' }, /CONTACT_MAX_PER_ADDRESS/],
    [{ PAYMENT_SECRETS_KEY: 'short' }, /PAYMENT_SECRETS_KEY/],
    [{ PAYMENT_SECRETS_KEY: 'g'.repeat(64) }, /PAYMENT_SECRETS_KEY/],
    [{ PAYMENT_SANDBOX: 'perhaps' }, /PAYMENT_SANDBOX/],
    [{ CARD_ORDER_TTL_S: '5' }, /CARD_ORDER_TTL_S/],
    [{ BANK_TRANSFER_ORDER_TTL_S: 'a week' }, /BANK_TRANSFER_ORDER_TTL_S/],
    [{ ORDER_SWEEP_INTERVAL_S: '-1' }, /ORDER_SWEEP_INTERVAL_S/],
    [{ MAX_UNPAID_ORDERS: '0' }, /MAX_UNPAID_ORDERS/],
    [{ STRIPE_API_BASE: 'ftp://stripe.example' }, /STRIPE_API_BASE/],
    [{ C2P_SANDBOX_API_BASE: 'not a url' }, /C2P_SANDBOX_API_BASE/],
    [{ STOREFRONT_URL: '127.0.0.1:5173' }, /STOREFRONT_URL/],
    [{ STOREFRONT_URL: 'ftp://127.0.0.1:5173' }, /STOREFRONT_URL/],
    [{ STOREFRONT_URL: 'http://127.0.0.1:5173/shop' }, /STOREFRONT_URL/],
    [{ STOREFRONT_URL: 'https://user:secret@shop.example' }, /STOREFRONT_URL/],
    [{ SANDBOX_DELAYED_RESULT_MS: '-1' }, /SANDBOX_DELAYED_RESULT_MS/],
    [{ SANDBOX_DELAYED_RESULT_MS: '3s' }, /SANDBOX_DELAYED_RESULT_MS/],
  ])('rejects %o with an error naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('account and token settings', () => {
  it('default to 5-minute access tokens, 7-day refresh families, a 10 s grace and cost 15', () => {
    expect(loadConfig({})).toMatchObject({
      jwtSecret: null,
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 7 * 24 * 60 * 60,
      refreshReuseGraceSeconds: 10,
      passwordHashCost: 15,
      loginMaxFailures: 5,
      loginMaxAttemptsPerAddress: 30,
    });
  });

  it('read overrides, including a zero grace window', () => {
    const secret = 's'.repeat(40);
    expect(
      loadConfig({
        JWT_SECRET: secret,
        ACCESS_TOKEN_TTL_SECONDS: '30',
        REFRESH_TOKEN_TTL_SECONDS: '3600',
        REFRESH_REUSE_GRACE_SECONDS: '0',
        PASSWORD_HASH_COST: '10',
        LOGIN_MAX_FAILURES: '3',
        LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100',
      }),
    ).toMatchObject({
      jwtSecret: secret,
      accessTokenTtlSeconds: 30,
      refreshTokenTtlSeconds: 3600,
      refreshReuseGraceSeconds: 0,
      passwordHashCost: 10,
      loginMaxFailures: 3,
      loginMaxAttemptsPerAddress: 100,
    });
  });

  it('keep the generated JWT secret beside the SQLite file, or under data/', () => {
    expect(jwtSecretPath({ databaseUrl: null, sqlitePath: 'data/shop.sqlite' })).toBe(
      join('data', 'jwt-secret'),
    );
    expect(jwtSecretPath({ databaseUrl: null, sqlitePath: '/tmp/x/shop.sqlite' })).toBe(
      '/tmp/x/jwt-secret',
    );
    expect(
      jwtSecretPath({ databaseUrl: 'postgres://h/db', sqlitePath: '/tmp/x/shop.sqlite' }),
    ).toBe(join('data', 'jwt-secret'));
    expect(jwtSecretPath({ databaseUrl: null, sqlitePath: ':memory:' })).toBe(
      join('data', 'jwt-secret'),
    );
  });
});

describe('sandbox gateway settings', () => {
  it('default to the request’s own origin and a 3-second delayed result', () => {
    expect(loadConfig({})).toMatchObject({ storefrontUrl: null, sandboxDelayedResultMs: 3000 });
  });

  it('read a storefront origin (trailing slash dropped) and another delay', () => {
    expect(
      loadConfig({ STOREFRONT_URL: 'http://127.0.0.1:5173/', SANDBOX_DELAYED_RESULT_MS: '50' }),
    ).toMatchObject({ storefrontUrl: 'http://127.0.0.1:5173', sandboxDelayedResultMs: 50 });
    expect(loadConfig({ STOREFRONT_URL: 'https://Shop.Example' }).storefrontUrl).toBe(
      'https://shop.example',
    );
  });
});

describe('process, cache and throttle settings', () => {
  it('require JWT_SECRET when DATABASE_URL is set, with a message that says why', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://shop@localhost/shop' })).toThrow(
      /JWT_SECRET is required when DATABASE_URL is set/,
    );
    expect(loadConfig({}).jwtSecret).toBeNull();
  });

  it('read TRUST_PROXY as a boolean, a hop count or a list of addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::1,uniquelocal' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '2001:db8::1',
      'uniquelocal',
    ]);
    for (const bad of ['10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
  });

  it('read SEED_DEMO (default on)', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });
});

describe('e-mail and password-reset settings', () => {
  it('default to the data/outbox folder, no SMTP server and roomy-but-bounded throttles', () => {
    expect(loadConfig({})).toMatchObject({
      outboxDir: 'data/outbox',
      smtpUrl: null,
      mailFrom: null,
      passwordResetMaxPerAddress: 10,
      passwordResetMaxPerEmail: 3,
      passwordResetResponseMs: 300,
    });
  });

  it('read an outbox folder, an SMTP URL and a sender', () => {
    expect(
      loadConfig({
        OUTBOX_DIR: '/tmp/mail',
        SMTP_URL: 'smtps://user:secret@mail.example:465',
        MAIL_FROM: 'shop@example.com',
      }),
    ).toMatchObject({
      outboxDir: '/tmp/mail',
      smtpUrl: 'smtps://user:secret@mail.example:465',
      mailFrom: 'shop@example.com',
    });
  });

  it('look at the outbox every 5 s unless EMAIL_POLL_MS says otherwise, never more than 10 times a second', () => {
    expect(loadConfig({}).emailPollMs).toBe(5000);
    expect(loadConfig({ EMAIL_POLL_MS: '200' }).emailPollMs).toBe(200);
    expect(() => loadConfig({ EMAIL_POLL_MS: '50' })).toThrow(/EMAIL_POLL_MS/);
    expect(() => loadConfig({ EMAIL_POLL_MS: 'soon' })).toThrow(/EMAIL_POLL_MS/);
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });
});

describe('payment and order lifecycle settings', () => {
  it('turn the sandbox gateway on with the demo seed and off with SEED_DEMO=0', () => {
    expect(loadConfig({}).paymentSandbox).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).paymentSandbox).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0', PAYMENT_SANDBOX: '1' }).paymentSandbox).toBe(true);
    expect(loadConfig({ PAYMENT_SANDBOX: '0' }).paymentSandbox).toBe(false);
  });

  it('refuse the sandbox with NODE_ENV=production, saying why and how to turn it off', () => {
    const production = { NODE_ENV: 'production', STOREFRONT_URL: 'https://shop.example' };
    expect(() => loadConfig(production)).toThrow(
      /PAYMENT_SANDBOX is on with NODE_ENV=production.*SEED_DEMO=0/,
    );
    expect(() => loadConfig({ ...production, SEED_DEMO: '0', PAYMENT_SANDBOX: '1' })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ ...production, SEED_DEMO: '0' }).paymentSandbox).toBe(false);
  });

  it('require STOREFRONT_URL with NODE_ENV=production, saying what needs it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '0' })).toThrow(
      /STOREFRONT_URL is required with NODE_ENV=production: the sitemap, robots.txt/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', SEED_DEMO: '0', STOREFRONT_URL: 'https://shop.example' })
        .storefrontUrl,
    ).toBe('https://shop.example');
  });

  it('require PAYMENT_SECRETS_KEY with DATABASE_URL, and read it as base64 or hex', () => {
    const pg = { DATABASE_URL: 'postgres://shop@localhost/shop', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(pg)).toThrow(
      /PAYMENT_SECRETS_KEY is required when DATABASE_URL is set/,
    );
    const hex = loadConfig({ ...pg, PAYMENT_SECRETS_KEY: '01'.repeat(32) }).paymentSecretsKey;
    expect(hex).toEqual(new Uint8Array(32).fill(1));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ PAYMENT_SECRETS_KEY: base64 }).paymentSecretsKey).toEqual(
      new Uint8Array(32).fill(7),
    );
    expect(loadConfig({}).paymentSecretsKey).toBeNull();
  });

  it('default to an hour for card orders, a week for bank transfers, a minute between sweeps and 5 unpaid orders', () => {
    expect(loadConfig({})).toMatchObject({
      cardOrderTtlSeconds: 3600,
      bankTransferOrderTtlSeconds: 604_800,
      orderSweepIntervalSeconds: 60,
      maxUnpaidOrders: 5,
      stripeApiBase: null,
      twoC2pSandboxApiBase: 'https://sandbox-pgw.2c2p.com',
      twoC2pProductionApiBase: 'https://pgw.2c2p.com',
    });
    expect(
      loadConfig({
        CARD_ORDER_TTL_S: '900',
        BANK_TRANSFER_ORDER_TTL_S: '86400',
        ORDER_SWEEP_INTERVAL_S: '0',
        MAX_UNPAID_ORDERS: '2',
        STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      }),
    ).toMatchObject({
      cardOrderTtlSeconds: 900,
      bankTransferOrderTtlSeconds: 86_400,
      orderSweepIntervalSeconds: 0,
      maxUnpaidOrders: 2,
      stripeApiBase: 'http://127.0.0.1:12111',
    });
  });
});

describe('deploy/shop.env, the production settings a host copies', () => {
  const example = parseEnv(readFileSync('deploy/shop.env', 'utf8'));

  it('refuses to start while a secret still holds the example placeholder, naming each', () => {
    expect(() => loadConfig(example)).toThrow(
      "DATABASE_URL, JWT_SECRET, PAYMENT_SECRETS_KEY, SMTP_URL still hold the example's CHANGE-ME placeholder",
    );
  });

  it('loads as a production shop behind a proxy once the secrets are set', () => {
    const config = loadConfig({
      ...example,
      DATABASE_URL: 'postgres://handcraft-shop:s3cret@127.0.0.1:5432/handcraft_shop',
      JWT_SECRET: 'a'.repeat(64),
      PAYMENT_SECRETS_KEY: 'ab'.repeat(32),
      SMTP_URL: 'smtps://shop%40tidewater.example:secret@smtp.example.net:465',
    });
    expect(config).toMatchObject({
      storefrontUrl: 'https://tidewater.example',
      host: '127.0.0.1',
      seedDemo: false,
      paymentSandbox: false,
      databaseUrl: 'postgres://handcraft-shop:s3cret@127.0.0.1:5432/handcraft_shop',
    });
  });
});
