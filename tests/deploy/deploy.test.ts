/**
 * `npm run test:deploy` (issue 39): the deployment of `deploy/` proved on this machine. Caddy
 * (Debian's, with its internal certificate authority instead of Let's Encrypt, which needs the
 * internet) in front of two API processes as the systemd unit runs them (`node
 * dist/api/main.mjs` with `deploy/shop.env`), on PostgreSQL (TEST_DATABASE_URL's server) with
 * photos in an S3-compatible bucket (s3rver, as the media-store tests use).
 *
 * The shop is made by `shop:create` and set up by its owner over `https://` through the proxy:
 * the launch checklist's domain item passes only because Caddy's X-Forwarded-Proto and Host
 * reach the API from a trusted proxy. Then a shopper buys by bank transfer, a card payment's
 * return address is the shop's https one, the preview cookie is Secure, Caddy adds HSTS, and
 * after one API process is killed mid-test the shop keeps answering and taking orders.
 *
 * Needs: `caddy` on PATH, the built shop (`npm run build`), and TEST_DATABASE_URL.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import pg from 'pg';
import S3rver from 's3rver';
import { startFakeStripe, type FakeStripe } from '../../server/test/fake-stripe.ts';
import { testPhoto } from '../../server/test/images.ts';
import { freePort } from '../../server/test/api-process.ts';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium';
import { httpsBytes, httpsClient, servedKeyPin, type HttpsAnswer } from './https-client.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DOMAIN = 'shop.test';
const OWNER = { email: 'owner@shop.test', password: 'a-maker-who-forges-since-1998' };
const SHOPPER = { email: 'ada@example.com', password: 'ada-loves-a-good-knife-2026' };
const STRIPE = {
  secretKey: 'sk_test_51DeployTestKey0123456789abcdef',
  webhookSecret: 'whsec_DeployTestSecret0123456789',
};

const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/** A child process and everything it printed. */
interface Running {
  child: ChildProcess;
  output: string[];
  exited: Promise<unknown>;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(command, args, { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, output, exited };
}

/** Waits (vitest's `vi.waitFor`) until `check` resolves true; `what` names it if it never does. */
async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check().catch(() => false))) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 100 },
  );
}

let dir: string;
let database: string;
let s3: S3rver;
let stripe: FakeStripe;
const apis: Running[] = [];
let caddy: Running;
let origin: string;
let https: ReturnType<typeof httpsClient>;
let ca: string;

/** The production environment of `deploy/shop.env`, with this machine's database, bucket and ports. */
function shopEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const file = parseEnv(readFileSync(join(root, 'deploy/shop.env'), 'utf8'));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...file, ...overrides };
  delete env.SMTP_URL;
  delete env.MAIL_FROM;
  delete env.SQLITE_PATH;
  return env;
}

beforeAll(async () => {
  if (!databaseUrl) throw new Error('test:deploy needs TEST_DATABASE_URL (a PostgreSQL server).');
  if (spawnSync('caddy', ['version']).status !== 0) {
    throw new Error('test:deploy needs caddy on PATH (Debian: apt-get install caddy).');
  }
  if (!existsSync(join(root, 'dist/api/main.mjs'))) {
    throw new Error('test:deploy runs the built shop: run "npm run build" first.');
  }
  dir = await mkdtemp(join(tmpdir(), 'deploy-test-'));

  // The database, the bucket, and a card provider to pay through.
  database = `deploytest_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(dir, 's3'),
    configureBuckets: [{ name: 'shop-media' }],
  });
  const { port: s3Port } = await s3.run();
  stripe = await startFakeStripe(STRIPE);

  const [httpsPort, httpPort, apiA, apiB] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  origin = `https://${DOMAIN}:${httpsPort}`;
  const env = (port: number) =>
    shopEnv({
      STOREFRONT_URL: origin,
      PORT: String(port),
      DATABASE_URL: url.toString(),
      JWT_SECRET: 'deploy-test-jwt-secret-0123456789abcdef',
      PAYMENT_SECRETS_KEY: '7a'.repeat(32),
      MEDIA_DIR: join(dir, 'media'),
      MEDIA_S3_URL: `s3://shop-media/shop-test?region=eu-west-2&endpoint=http://127.0.0.1:${s3Port}&path_style=1`,
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      OUTBOX_DIR: join(dir, 'outbox'),
      BACKUP_DIR: join(dir, 'backups'),
      STRIPE_API_BASE: stripe.apiBase,
      // Fast password hashes: the deployment is under test, not scrypt.
      PASSWORD_HASH_COST: '10',
    });

  // Two API processes, as `handcraft-shop@PORT` runs them (the unit's ExecStart).
  const unit = readFileSync(join(root, 'deploy/handcraft-shop@.service'), 'utf8');
  const execStart = /^ExecStart=(\S+) (.*)$/m.exec(unit)!;
  const nodeArgs = execStart[2]!.split(' ');
  for (const port of [apiA, apiB]) {
    apis.push(run(process.execPath, nodeArgs, env(port)));
  }
  await Promise.all(
    [apiA, apiB].map((port, i) =>
      until(`API process ${i + 1} on ${port}:\n${apis[i]!.output.join('')}`, async () => {
        if (apis[i]!.child.exitCode !== null) throw new Error(apis[i]!.output.join(''));
        return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
      }),
    ),
  );

  // The shop, made from the shell as its maker would (password on standard input).
  const created = run(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/shop-create.ts',
      '--name',
      'Shop Test Knives',
      '--domain',
      DOMAIN,
      '--currency',
      'GBP',
      '--country',
      'GB',
      '--owner-email',
      OWNER.email,
    ],
    env(apiA),
  );
  created.child.stdin!.end(`${OWNER.password}\n`);
  expect(await created.exited, created.output.join('')).toBe(0);
  expect(created.output.join('')).toContain(`${origin}/admin/`);

  // Caddy with the repository's shop.caddy, its own CA instead of Let's Encrypt.
  const caddyfile = [
    '{',
    '\tadmin off',
    '\tauto_https disable_redirects',
    `\tstorage file_system ${join(dir, 'caddy')}`,
    '\tskip_install_trust',
    `\thttp_port ${httpPort}`,
    `\thttps_port ${httpsPort}`,
    '}',
    `import ${join(root, 'deploy/shop.caddy')}`,
    `${origin} {`,
    '\ttls internal',
    '\timport shop',
    '}',
    '',
  ].join('\n');
  await writeFile(join(dir, 'Caddyfile'), caddyfile);
  caddy = run('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'xdg'),
    SHOP_UPSTREAMS: `127.0.0.1:${apiA} 127.0.0.1:${apiB}`,
  });
  const rootCert = join(dir, 'caddy/pki/authorities/local/root.crt');
  await until(`Caddy's certificate authority:\n${caddy.output.join('')}`, async () =>
    existsSync(rootCert),
  );
  ca = readFileSync(rootCert, 'utf8');
  https = httpsClient(origin, ca);
  await until(`the shop over HTTPS:\n${caddy.output.join('')}`, async () => {
    return (await https('GET', '/readyz')).status === 200;
  });
}, 120_000);

afterAll(async () => {
  for (const process of [caddy, ...apis]) {
    if (process && process.child.exitCode === null && process.child.signalCode === null) {
      process.child.kill('SIGKILL');
      await process.exited;
    }
  }
  await stripe?.close();
  await s3?.close();
  if (database && databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Expects `answer.status` to be `status`, showing the body when it is not. */
function expectStatus(answer: HttpsAnswer, status: number): HttpsAnswer {
  expect(answer.status, answer.text.slice(0, 500)).toBe(status);
  return answer;
}

describe('the shop behind Caddy, two API processes, PostgreSQL and S3', () => {
  let token: string;
  let owner: Record<string, string>;
  let productId: number;
  let productSlug: string;
  let photoBytes: Buffer;
  let photoUrl: string;

  it('answers over verified HTTPS at its own domain, closed until launch, with HSTS', async () => {
    // Each process learns of the shop shop:create made within a second or so (round robin:
    // two answers in a row are one from each).
    const page = async () => (await https('GET', '/')).status === 200;
    await until('the new shop at its domain', async () => (await page()) && (await page()), 5_000);
    const home = expectStatus(await https('GET', '/'), 200);
    expect(home.text).toContain('Opening soon');
    expect(home.headers['strict-transport-security']).toBe('max-age=31536000');
    // The back office at the shop's domain names the shop's token for its SPA.
    const office = expectStatus(await https('GET', '/admin/'), 200);
    token = /<meta name="tenant-token" content="([^"]+)"/.exec(office.text)![1]!;
    expect(token).toBeTruthy();
  });

  it('lets the owner set the shop up and launch it over HTTPS; the domain item needs the proxy', async () => {
    const login = expectStatus(
      await https('POST', '/api/admin/auth/login/', { 'x-tenant-token': token }, OWNER),
      200,
    );
    owner = { 'x-tenant-token': token, authorization: `Bearer ${login.body.access}` };
    const ok = async (method: string, path: string, body?: unknown, status = 200) =>
      expectStatus(await https(method, `/api/admin${path}`, owner, body), status).body;

    await ok('PATCH', '/settings/site/', {
      legal_name: 'Shop Test Knives Ltd',
      legal_address: '3 Quay Street\nFalmouth TR11 3HH',
    });
    await ok('PATCH', '/settings/payments/', {
      enable_bank_transfer: true,
      bank_account_details: 'Shop Test Knives Ltd\nSort code 12-34-56\nAccount 12345678',
    });
    const zone = await ok(
      'POST',
      '/settings/shipping/zones/',
      { name: 'UK', countries: ['GB'] },
      201,
    );
    await ok(
      'POST',
      '/settings/shipping/methods/',
      { zone_id: zone.id, code: 'uk-tracked', name: 'Tracked 48', kind: 'delivery', price: '4.50' },
      201,
    );
    const category = await ok('POST', '/categories/', { name: 'Chef knives' }, 201);
    const product = await ok(
      'POST',
      '/products/',
      {
        name: 'Gyuto 210 mm',
        category_id: category.id,
        price: '245.00',
        stock: 5,
        status: 'active',
      },
      201,
    );
    productId = product.id;
    // The photo goes through Caddy (streamed) into the bucket.
    const upload = expectStatus(
      await https(
        'POST',
        '/api/admin/media/uploads/',
        { ...owner, 'content-type': 'image/jpeg' },
        await testPhoto({ width: 640, height: 480, format: 'jpeg' }),
      ),
      201,
    );
    await ok(
      'POST',
      `/products/${product.id}/photos/`,
      { upload_id: upload.body.id, alt_text: 'The gyuto on slate' },
      201,
    );
    await ok('PUT', '/policies/refund_policy/', {
      title: 'Refunds',
      content: '<p>Send it back within 30 days for a full refund.</p>',
    });
    await ok('PUT', '/policies/privacy_policy/', {
      title: 'Privacy',
      content: '<p>We keep your address to send your order, and nothing else.</p>',
    });

    // A staff preview pass set over HTTPS behind the proxy is a Secure cookie.
    const preview = expectStatus(
      await https('POST', '/api/admin/shop/preview-session/', owner),
      200,
    );
    expect(String(preview.headers['set-cookie'])).toMatch(/shop_preview=[^;]+;.*Secure/i);

    // Every item is done, the domain too: requests reached the API as https at shop.test.
    const state = await ok('GET', '/shop/');
    expect(state.checklist.filter((i: { done: boolean }) => !i.done)).toEqual([]);
    expect(state.storefront_url).toBe(origin);
    const launched = await ok('POST', '/shop/launch/');
    expect(launched.status).toBe('open');

    const listed = expectStatus(
      await https('GET', '/api/products/products/', { 'x-tenant-token': token }),
      200,
    );
    expect(listed.body.results.map((p: { name: string }) => p.name)).toEqual(['Gyuto 210 mm']);
    productSlug = listed.body.results[0].slug;
    photoUrl = listed.body.results[0].main_image.image;
    // Photo addresses are the shop's own, over https.
    expect(photoUrl.startsWith('/api/media/') || photoUrl.startsWith(`${origin}/api/media/`)).toBe(
      true,
    );
    const photo = await httpsBytes(origin, ca, new URL(photoUrl, origin).pathname);
    expect(photo.status).toBe(200);
    // A WebP made from the upload (RIFF....WEBP).
    expect(photo.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    photoBytes = photo.bytes;
  });

  it('sells: a shopper registers and buys by bank transfer; a card payment returns to the https shop', async () => {
    const shop = { 'x-tenant-token': token };
    expectStatus(
      await https('POST', '/api/accounts/register/', shop, {
        ...SHOPPER,
        password_confirm: SHOPPER.password,
      }),
      201,
    );
    const login = expectStatus(await https('POST', '/api/accounts/login/', shop, SHOPPER), 200);
    const shopper = { ...shop, authorization: `Bearer ${login.body.access}` };
    const order = await buy(shopper, 'bank_transfer');
    expect(order.total_price).toMatch(/^\d+\.\d{2}$/);

    // Card payments through Stripe: the hosted page sends the shopper back to https://shop.test.
    const owned = async (method: string, path: string, body?: unknown) =>
      expectStatus(await https(method, `/api/admin${path}`, owner, body), 200);
    await owned('PUT', '/settings/payments/card-provider/', {
      provider: 'stripe',
      credentials: STRIPE,
    });
    await owned('PATCH', '/settings/payments/', { enable_card_payment: true });
    const card = await buy(shopper, 'card_2c2p');
    const started = expectStatus(
      await https('POST', '/api/payments/card/initiate/', shopper, {
        order_id: card.id,
        currency: 'GBP',
      }),
      201,
    );
    expect(started.body.redirectUrl).toContain(stripe.apiBase);
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(String(session.success_url)).toMatch(new RegExp(`^${origin}/payment/return\\?`));
  });

  it('shows the launched shop in Chromium over HTTPS, its scripts and API calls allowed behind the proxy', async () => {
    // The launch was made in one process; the other hears of it through the database (its
    // cached "Opening soon" page goes): two opened pages in a row are one from each process.
    const open = async () => !(await https('GET', '/')).text.includes('Opening soon');
    await until(
      'both processes to show the launched shop',
      async () => (await open()) && (await open()),
      15_000,
    );
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        ...CHROMIUM_ARGS,
        `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`,
        // Trust exactly the key Caddy's certificate carries, checked against Caddy's CA above.
        `--ignore-certificate-errors-spki-list=${await servedKeyPin(origin, ca)}`,
      ],
    });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${origin}/`);
      await page
        .getByRole('link', { name: /Gyuto 210 mm/ })
        .first()
        .click();
      await page.getByRole('heading', { name: 'Gyuto 210 mm', level: 1 }).waitFor();
      // The price in pounds, and the page went on in the browser: its scripts ran under the CSP.
      await page.getByText('£245.00').first().waitFor();
      expect(page.url()).toMatch(new RegExp(`^${origin}/products/`));
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("answers Prometheus at /metrics from the allowed addresses (this machine's), as shop.env turns on", async () => {
    const metrics = expectStatus(await https('GET', '/metrics'), 200);
    // The shop's figures are read from the database: the same whichever process answers.
    expect(metrics.text).toMatch(/^shop_orders_placed_total 2$/m);
    expect(metrics.text).toMatch(/^http_request_duration_seconds_count\{/m);
  });

  it('keeps answering and selling after one API process is killed mid-test', async () => {
    apis[0]!.child.kill('SIGKILL');
    await apis[0]!.exited;
    const shop = { 'x-tenant-token': token };
    for (let i = 0; i < 20; i++) {
      expectStatus(await https('GET', `/api/products/products/${productSlug}/`, shop), 200);
    }
    expectStatus(await https('GET', '/'), 200);
    // The photo, in the bucket, answers from the process that is left, byte for byte.
    const photo = await httpsBytes(origin, ca, new URL(photoUrl, origin).pathname);
    expect(photo.status).toBe(200);
    expect(photo.bytes.equals(photoBytes)).toBe(true);
    const login = expectStatus(await https('POST', '/api/accounts/login/', shop, SHOPPER), 200);
    await buy({ ...shop, authorization: `Bearer ${login.body.access}` }, 'bank_transfer');
  });

  /** The shopper's cart: one gyuto, checked out with `method` to a GB address; the order. */
  async function buy(shopper: Record<string, string>, method: string) {
    expectStatus(
      await https('POST', '/api/orders/cart/add-item/', shopper, {
        product_id: productId,
        quantity: 1,
      }),
      200,
    );
    const quote = expectStatus(
      await https('POST', '/api/orders/cart/shipping-quote/', shopper, {
        country: 'GB',
        choices: [],
      }),
      200,
    );
    const placed = expectStatus(
      await https('POST', '/api/orders/orders/', shopper, {
        delivery_address: {
          street: '12 Forge Lane',
          city: 'Sheffield',
          postalCode: 'S1 2AB',
          country: 'GB',
          fullname: 'Ada Lovelace',
          contact_number: '+44 114 496 0000',
        },
        payment_method: method,
        shipping: quote.body.lines.map((l: { item_id: number; method: string | null }) => ({
          item_id: l.item_id,
          method: l.method ?? '',
        })),
        expected_total_price: quote.body.total_price,
      }),
      201,
    );
    return placed.body;
  }
});
