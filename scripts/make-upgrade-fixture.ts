/**
 * `npx tsx scripts/make-upgrade-fixture.ts [--commit SHA] [--database-url URL] [--keep]`
 *
 * Makes the upgrade test's fixture (issue 39, "Upgrades"): a shop database created, seeded and
 * used by the code of the last release, which today's code must start on and keep intact
 * (server/platform/db/upgrade.test.ts). It writes server/test/fixtures/upgrade/<version>/ (the
 * files are described in server/test/upgrade-fixture.ts) and prints what it made.
 *
 * The release: the newest storefront contract kept in openapi/releases/ (its X.Y.Z.yaml), and
 * the commit that added that copy (`git log --diff-filter=A`), which is the commit the release
 * is tagged on (openapi/CHANGELOG.md, "To release a version"); `--commit` names another one.
 * Its tree is taken with `git archive` into a temporary folder outside the repository (no
 * worktree, no change to this checkout), and runs on this checkout's node_modules when every
 * package version the release's lockfile names is one this checkout's lockfile has too (else
 * `npm ci` installs the release's own, which takes minutes).
 *
 * What the release does there, in this process, through its own modules (imported from the
 * temporary folder; nothing of today's server is loaded):
 * 1. starts its app on an empty SQLite file, which migrates it and seeds the demo shops
 *    (without the photos' files, which the seed can skip; the rows are kept);
 * 2. uses the shops as shoppers do, through its HTTP API (`app.inject`): customers register,
 *    sign in and save an address; one leaves a cart; orders are placed by card (paid on the
 *    sandbox gateway's page), by bank transfer and by the custom method; one is canceled by its
 *    shopper, and one is canceled while its card page was still open and then paid there
 *    (money that arrives late is refunded, as the release's own lifecycle tests do it: the
 *    gateway's record says paid and the signed notification follows); a paid order is
 *    shipped, the way the release left to the shop (a conditional update of its status, the
 *    release having no back office); a review, a blog comment and a contact message are sent;
 * 3. reads back, through the same API, what a shopper sees (orders, cart, product page, the
 *    shops' titles and product counts), and counts the rows of every table;
 * 4. runs its own `payments:configure` script, which seals a Stripe secret key and webhook
 *    secret (fake ones) for demo-pottery under the key file it made beside the database.
 * Then the same on PostgreSQL, when `--database-url` (or TEST_DATABASE_URL) names a server: in
 * a scratch database made and dropped here, with the same keys given as JWT_SECRET and
 * PAYMENT_SECRETS_KEY (the release requires them there), dumped with `pg_dump -Fc`.
 *
 * Nothing is random that a test reads back except order numbers and ids, which the manifest
 * records per database. `--keep` leaves the temporary folder (printed) for a look.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  copyFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import type {
  FixtureCustomer,
  FixtureDatabase,
  FixtureOrder,
  UpgradeManifest,
} from '../server/test/upgrade-fixture.ts';
import { argument } from './lib/cli.ts';

const root = path.resolve(import.meta.dirname, '..');
const FIXTURES_DIR = path.join(root, 'server', 'test', 'fixtures', 'upgrade');

/** The scrypt cost (log2 N) of the passwords the release hashes (see `releaseEnv`). */
const PASSWORD_HASH_COST = 10;

/** The two demo shops of the release's seed. */
const HANDCRAFT = 'demo-handcraft';
const POTTERY = 'demo-pottery';

/** The fake Stripe credentials sealed for demo-pottery (Stripe's formats, no real account). */
const STRIPE_CREDENTIALS = {
  secretKey: 'sk_test_51UpgradeFixtureFakeKey0123456789abcdefghijklmnopqrstuv',
  webhookSecret: 'whsec_UpgradeFixtureFakeEndpointSecret0123456789',
};

/** The customers the release registers, each at one shop, with a password they sign in with. */
const CUSTOMERS = {
  ada: { tenant: HANDCRAFT, email: 'ada.upgrade@example.com', password: 'ada-upgrade-2026' },
  bob: { tenant: HANDCRAFT, email: 'bob.upgrade@example.com', password: 'bob-upgrade-2026' },
  cleo: { tenant: POTTERY, email: 'cleo.upgrade@example.com', password: 'cleo-upgrade-2026' },
} as const;

/** The demo customers the release's seed made (their passwords are in its README). */
const DEMO_CUSTOMERS = [
  { tenant: HANDCRAFT, email: 'customer@emberandoak.example', password: 'demo-customer-2026' },
  {
    tenant: POTTERY,
    email: 'customer@riversidepottery.example',
    password: 'pottery-customer-2026',
  },
];

/** A delivery address in the United Kingdom, as the release's tests give it. */
const ADDRESS = {
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'GB',
  fullname: 'Ada Lovelace',
  contact_number: '+44 114 496 0000',
};

/** What the release's modules give this script (loaded from its tree, typed loosely). */
interface Release {
  dir: string;
  /** Imports one of the release's modules by its path in the release's tree. */
  load(file: string): Promise<Record<string, unknown>>;
}

/** The release's Fastify app as this script uses it. */
interface ReleaseApp {
  inject(options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
  close(): Promise<void>;
  /** The release's Kysely instance (untyped here: the release's schema, not today's). */
  db: {
    selectFrom(table: string): any; // eslint-disable-line @typescript-eslint/no-explicit-any
    updateTable(table: string): any; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  paymentProviders: { sandboxSecret(tenantId: number): Promise<string | null> };
}

/** Runs a command, failing loudly; its output is returned. */
function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    env: options.env ?? process.env,
    input: options.input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/** The released storefront contract versions kept in openapi/releases/, highest last. */
function releasedVersions(): string[] {
  const numbers = (v: string) => v.split('.').map(Number);
  return readdirSync(path.join(root, 'openapi', 'releases'))
    .map((file) => /^(\d+\.\d+\.\d+)\.yaml$/.exec(file)?.[1])
    .filter((v): v is string => v !== undefined)
    .sort((a, b) => {
      const [x, y] = [numbers(a), numbers(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
}

/**
 * The release to make the fixture with: the newest released contract and the commit that added
 * its copy (or `--commit`).
 * @throws when there is no release, or the commit's contract does not have that version.
 */
function findRelease(): { version: string; commit: string } {
  const version = releasedVersions().at(-1);
  if (!version) throw new Error('openapi/releases/ holds no released contract.');
  const given = argument('commit');
  const commit = run('git', [
    'rev-parse',
    given ??
      run('git', [
        'log',
        '--diff-filter=A',
        '--format=%H',
        '-1',
        '--',
        `openapi/releases/${version}.yaml`,
      ]).trim(),
  ]).trim();
  const contract = run('git', ['show', `${commit}:openapi/storefront.yaml`]);
  const declared = /^ {2}version: (\S+)$/m.exec(contract)?.[1];
  if (declared !== version) {
    throw new Error(`${commit}'s openapi/storefront.yaml is version ${declared}, not ${version}.`);
  }
  return { version, commit };
}

/** Every `name@version` a package-lock.json installs. */
function lockedPackages(lockfile: string): Set<string> {
  const lock = JSON.parse(readFileSync(lockfile, 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const found = new Set<string>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const name = key.split('node_modules/').at(-1);
    if (name && entry.version) found.add(`${name}@${entry.version}`);
  }
  return found;
}

/**
 * Extracts the release's tree into a temporary folder and gives it packages: a link to this
 * checkout's node_modules when it has every version the release locks, else `npm ci`.
 */
function extractRelease(commit: string): Release {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-release-'));
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: root });
  const ours = lockedPackages(path.join(root, 'package-lock.json'));
  const missing = [...lockedPackages(path.join(dir, 'package-lock.json'))].filter(
    (p) => !ours.has(p),
  );
  if (missing.length === 0) {
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    console.log(`release tree in ${dir}, on this checkout's node_modules`);
  } else {
    console.log(
      `release tree in ${dir}; npm ci (this checkout lacks ${missing.slice(0, 5).join(', ')}…)`,
    );
    run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir });
  }
  return {
    dir,
    load: (file) =>
      import(pathToFileURL(path.join(dir, file)).href) as Promise<Record<string, unknown>>,
  };
}

/** An answer of the release's API: status and parsed JSON body. */
interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A shopper's requests to the release's API, as one shop (and, once signed in, as one user). */
class Shopper {
  headers: Record<string, string>;
  constructor(
    readonly app: ReleaseApp,
    readonly tenant: string,
  ) {
    this.headers = { 'x-tenant-token': tenant };
  }

  /** Calls `{api}{url}`; throws unless the status is `expected`. */
  async call(method: string, url: string, payload?: unknown, expected = 200): Promise<Answer> {
    const response = await this.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        ...this.headers,
        ...(method === 'POST' && url === '/orders/orders/'
          ? { 'idempotency-key': randomUUID() }
          : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    const body: unknown = response.body ? JSON.parse(response.body) : null;
    if (response.statusCode !== expected) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return { status: response.statusCode, body };
  }

  /** Registers and signs in; later calls carry the access token. */
  async register(email: string, password: string): Promise<void> {
    await this.call(
      'POST',
      '/accounts/register/',
      { email, password, password_confirm: password },
      201,
    );
    await this.signIn(email, password);
  }

  /** Signs in with the storefront's login; later calls carry the access token. */
  async signIn(email: string, password: string): Promise<void> {
    const { body } = await this.call('POST', '/accounts/login/', { email, password });
    this.headers = { ...this.headers, authorization: `Bearer ${body.access}` };
  }

  /** Adds `quantity` of a product to the cart. */
  async addToCart(productId: number, quantity: number): Promise<void> {
    await this.call('POST', '/orders/cart/add-item/', { product_id: productId, quantity });
  }

  /** Places an order of the cart with `method`, as the storefront's checkout does. */
  async placeOrder(
    method: string,
  ): Promise<{ id: number; order_number: string; total_price: string }> {
    const quote = await this.call('POST', '/orders/cart/shipping-quote/', {
      country: ADDRESS.country,
      choices: [],
    });
    const placed = await this.call(
      'POST',
      '/orders/orders/',
      {
        payment_method: method,
        delivery_address: ADDRESS,
        shipping: (quote.body.lines as { item_id: number; method: string }[]).map((line) => ({
          item_id: line.item_id,
          method: line.method,
        })),
        expected_total_price: quote.body.total_price,
      },
      201,
    );
    return placed.body;
  }

  /** Starts a card payment of the order; the sandbox page's address and the payment's id. */
  async startCardPayment(orderId: number): Promise<{ page: string; uuid: string }> {
    const { body } = await this.call(
      'POST',
      '/payments/card/initiate/',
      { order_id: orderId, currency: 'USD' },
      201,
    );
    return { page: new URL(body.redirectUrl).pathname, uuid: body.payment_uuid };
  }

  /** Pays on the sandbox gateway's page with its test card that succeeds. */
  async payOnSandboxPage(page: string): Promise<void> {
    const response = await this.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        action: 'pay',
        cardholder: 'Ada Lovelace',
        card_number: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      }).toString(),
    });
    if (response.statusCode !== 303) {
      throw new Error(`The sandbox page answered ${response.statusCode}: ${response.body}`);
    }
  }

  /** Orders one card order of the cart and pays it on the sandbox page. */
  async cardOrderPaid(): Promise<{ id: number; order_number: string }> {
    const order = await this.placeOrder('card_2c2p');
    const payment = await this.startCardPayment(order.id);
    await this.payOnSandboxPage(payment.page);
    return order;
  }
}

/** Waits (polling, at most 5 s) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The shop's active products a cart takes as they are, cheapest first (as the release's tests pick them). */
async function plainProducts(
  app: ReleaseApp,
  tenant: string,
): Promise<{ id: number; slug: string }[]> {
  return (
    app.db
      .selectFrom('products as p')
      .innerJoin('tenants as t', 't.id', 'p.tenant_id')
      .select(['p.id', 'p.slug'])
      .where('t.token', '=', tenant)
      // Booleans are written 0/1 on both databases (PostgreSQL reads '1' as true).
      .where('p.is_active', '=', 1)
      .where('p.options', 'is', null)
      .where('p.made_to_order', '=', 0)
      .where('p.age_restricted', '=', 0)
      .where('p.stock', '>', 5)
      .orderBy('p.price_cents')
      .orderBy('p.id')
      .execute()
  );
}

/**
 * The shop ships a paid order, as the release left it to do: `paid` -> `processing` ->
 * `shipped`, each a conditional update from the state the release's lifecycle allows it from.
 */
async function shipOrder(app: ReleaseApp, orderId: number): Promise<void> {
  for (const [from, to] of [
    ['paid', 'processing'],
    ['processing', 'shipped'],
  ] as const) {
    const result = await app.db
      .updateTable('orders')
      .set({ status: to, updated_at: new Date().toISOString() })
      .where('id', '=', orderId)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Error(`Order ${orderId} was not ${from}.`);
  }
}

/**
 * Money that arrives for an order its shopper canceled while the card page was open: the
 * release's lifecycle records it and refunds it through the provider. Done as the release's own
 * test helper does: the gateway's record of the charge says paid, then its signed notification.
 */
async function latePayment(release: Release, app: ReleaseApp, shopper: Shopper): Promise<void> {
  const { signatureHeader } = (await release.load('server/payments/signature.ts')) as {
    signatureHeader(secret: string, timestamp: number, body: string): string;
  };
  await shopper.addToCart((await plainProducts(app, shopper.tenant))[2]!.id, 1);
  const order = await shopper.placeOrder('card_2c2p');
  const payment = await shopper.startCardPayment(order.id);
  await shopper.call('POST', `/orders/orders/${order.id}/cancel/`, {});
  // The order's close tells the gateway after the commit; wait for its record to say so.
  await until(async () => {
    const charge = await app.db
      .selectFrom('sandbox_charges')
      .select('status')
      .where('payment_uuid', '=', payment.uuid)
      .executeTakeFirstOrThrow();
    return charge.status !== 'open';
  }, "the sandbox charge's close");
  await app.db
    .updateTable('sandbox_charges')
    .set({ status: 'succeeded', transaction_ref: 'SBX-20261124-LATE01' })
    .where('payment_uuid', '=', payment.uuid)
    .execute();
  const tenant = await app.db
    .selectFrom('tenants')
    .select('id')
    .where('token', '=', shopper.tenant)
    .executeTakeFirstOrThrow();
  const secret = await app.paymentProviders.sandboxSecret(tenant.id);
  const raw = JSON.stringify({
    event_id: randomUUID(),
    payment_uuid: payment.uuid,
    status: 'succeeded',
    amount: order.total_price,
    currency: 'USD',
    gateway_transaction_ref: 'SBX-20261124-LATE01',
    error_message: null,
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/gateway/notify/',
    headers: {
      'x-tenant-token': shopper.tenant,
      'content-type': 'application/json',
      'x-gateway-signature': signatureHeader(secret ?? '', Math.floor(Date.now() / 1000), raw),
    },
    payload: raw,
  });
  if (response.statusCode !== 200)
    throw new Error(`The late payment was refused: ${response.body}`);
}

/** What the shopping left for the manifest besides what is read back afterwards. */
interface Activity {
  product: { tenant: string; slug: string };
  blogComment: FixtureDatabase['blog_comment'];
  contactMessage: FixtureDatabase['contact_message'];
}

/** Uses the release's shops as shoppers do (the module comment's step 2). */
async function shop(release: Release, app: ReleaseApp): Promise<Activity> {
  const handcraft = await plainProducts(app, HANDCRAFT);
  const pottery = await plainProducts(app, POTTERY);
  if (handcraft.length < 3 || pottery.length < 1) throw new Error('The seed has too few products.');
  const [first, second] = handcraft as [{ id: number; slug: string }, { id: number; slug: string }];

  const ada = new Shopper(app, HANDCRAFT);
  await ada.register(CUSTOMERS.ada.email, CUSTOMERS.ada.password);
  await ada.call('POST', '/accounts/addresses/', { ...ADDRESS, country: 'United Kingdom' }, 201);
  // Shipped: paid by card, then sent.
  await ada.addToCart(first.id, 1);
  const shipped = await ada.cardOrderPaid();
  await shipOrder(app, shipped.id);
  // Paid by card, not sent yet.
  await ada.addToCart(second.id, 2);
  await ada.cardOrderPaid();
  // Canceled by its shopper while the card page was open, paid there after all: refunded.
  await latePayment(release, app, ada);
  // Canceled by its shopper before paying by bank transfer.
  await ada.addToCart(second.id, 1);
  const canceled = await ada.placeOrder('bank_transfer');
  await ada.call('POST', `/orders/orders/${canceled.id}/cancel/`, {});
  // Waiting for a bank transfer.
  await ada.addToCart(first.id, 1);
  await ada.placeOrder('bank_transfer');
  // A verified purchase's review, and a comment on the newest blog post.
  await ada.call(
    'POST',
    '/products/reviews/',
    { product: first.id, rating: 5, comment: 'Arrived well packed; as sharp as promised.' },
    201,
  );
  const posts = await ada.call('GET', '/blog/posts/');
  const post = posts.body.results[0] as { id: number; slug: string };
  const comment = 'Does the same care apply to carbon steel?';
  const commented = await ada.call(
    'POST',
    '/blog/comments/',
    { post: post.id, content: comment },
    201,
  );

  const bob = new Shopper(app, HANDCRAFT);
  await bob.register(CUSTOMERS.bob.email, CUSTOMERS.bob.password);
  // The shop's own method (pay at the workshop), waiting; then a cart left for later.
  await bob.addToCart(second.id, 1);
  await bob.placeOrder('custom');
  await bob.addToCart(first.id, 1);
  await bob.addToCart(second.id, 2);

  const cleo = new Shopper(app, POTTERY);
  await cleo.register(CUSTOMERS.cleo.email, CUSTOMERS.cleo.password);
  await cleo.addToCart(pottery[0]!.id, 1);
  await cleo.placeOrder('bank_transfer');
  const contact = {
    name: 'Cleo Upgrade',
    email: CUSTOMERS.cleo.email,
    phone_number: '+44 20 7946 0958',
    subject: 'A matching saucer',
    message: 'Could you make a saucer to go with the mug I ordered?',
  };
  await new Shopper(app, POTTERY).call('POST', '/contact/messages/', contact, 201);

  return {
    product: { tenant: HANDCRAFT, slug: first.slug },
    blogComment: {
      tenant: HANDCRAFT,
      post_slug: post.slug,
      content: comment,
      approved: commented.body.is_approved === true,
    },
    contactMessage: { tenant: POTTERY, subject: contact.subject, email: contact.email },
  };
}

/** What a customer sees of their account through the release's API (the manifest's entry). */
async function customerView(
  app: ReleaseApp,
  who: { tenant: string; email: string; password: string },
): Promise<FixtureCustomer> {
  const shopper = new Shopper(app, who.tenant);
  await shopper.signIn(who.email, who.password);
  const orders = await shopper.call('GET', '/orders/orders/?page_size=50');
  const cart = await shopper.call('GET', '/orders/cart/');
  return {
    tenant: who.tenant,
    email: who.email,
    password: who.password,
    orders: (orders.body.results as FixtureOrder[]).map((o) => ({
      order_number: o.order_number,
      status: o.status,
      payment_method: o.payment_method,
      total_price: o.total_price,
      refund_status: o.refund_status,
      total_items: o.total_items,
    })),
    cart: (cart.body.items as { product: { id: number }; quantity: number }[]).map((line) => ({
      product_id: line.product.id,
      quantity: line.quantity,
    })),
  };
}

/** The release's tables and their rows (every table but Kysely's own). */
async function countRows(
  app: ReleaseApp,
  dialect: 'sqlite' | 'postgres',
): Promise<Record<string, number>> {
  const tables: { name: string }[] =
    dialect === 'sqlite'
      ? await app.db
          .selectFrom('sqlite_master')
          .select('name')
          .where('type', '=', 'table')
          .where('name', 'not like', 'sqlite_%')
          .orderBy('name')
          .execute()
      : await app.db
          .selectFrom('information_schema.tables')
          .select('table_name as name')
          .where('table_schema', '=', 'public')
          .orderBy('table_name')
          .execute();
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    if (name.startsWith('kysely_')) continue;
    const { n } = await app.db
      .selectFrom(name)
      .select((eb: any) => eb.fn.countAll().as('n')) // eslint-disable-line @typescript-eslint/no-explicit-any
      .executeTakeFirstOrThrow();
    rows[name] = Number(n);
  }
  return rows;
}

/** Reads back what the manifest records of one database (the module comment's step 3). */
async function readBack(
  app: ReleaseApp,
  dialect: 'sqlite' | 'postgres',
  activity: Activity,
): Promise<Omit<FixtureDatabase, 'file' | 'sha256' | 'sealed_credentials'>> {
  const shops = [];
  for (const token of [HANDCRAFT, POTTERY]) {
    const visitor = new Shopper(app, token);
    const site = await visitor.call('GET', '/pages/site-settings/');
    const products = await visitor.call('GET', '/products/products/');
    const orders = await app.db
      .selectFrom('orders as o')
      .innerJoin('tenants as t', 't.id', 'o.tenant_id')
      .select('o.order_number')
      .where('t.token', '=', token)
      .orderBy('o.id')
      .execute();
    shops.push({
      token,
      site_title: site.body.site_title as string,
      listed_products: products.body.count as number,
      order_numbers: orders.map((o: { order_number: string }) => o.order_number),
    });
  }
  const customers = [];
  for (const who of [CUSTOMERS.ada, CUSTOMERS.bob, CUSTOMERS.cleo, ...DEMO_CUSTOMERS]) {
    customers.push(await customerView(app, who));
  }
  const page = await new Shopper(app, activity.product.tenant).call(
    'GET',
    `/products/products/${activity.product.slug}/`,
  );
  return {
    rows: await countRows(app, dialect),
    shops,
    customers,
    product: {
      tenant: activity.product.tenant,
      slug: activity.product.slug,
      name: page.body.name,
      price: page.body.price,
      review_count: page.body.review_count,
    },
    blog_comment: activity.blogComment,
    contact_message: activity.contactMessage,
  };
}

/** The release's environment for one database (its config reads these). */
function releaseEnv(data: string, databaseUrl: string | null): Record<string, string> {
  return {
    SQLITE_PATH: path.join(data, 'shop.sqlite'),
    MEDIA_DIR: path.join(data, 'media'),
    OUTBOX_DIR: path.join(data, 'outbox'),
    SERVE_SPA: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '1',
    // The lowest cost the tests hash with: the upgrade test's sign-ins stay quick, and every
    // hash carries its own cost, so today's code reads it as it would a production one's.
    PASSWORD_HASH_COST: String(PASSWORD_HASH_COST),
    ...(databaseUrl
      ? {
          DATABASE_URL: databaseUrl,
          JWT_SECRET: readFileSync(path.join(data, 'jwt-secret'), 'utf8').trim(),
          PAYMENT_SECRETS_KEY: readFileSync(path.join(data, 'payment-secrets-key'), 'utf8').trim(),
        }
      : {}),
  };
}

/**
 * Makes one database with the release: started, seeded, shopped in, read back, its card
 * credentials sealed by the release's script.
 * @returns the manifest's entry (without the file's name and checksum) and the migrations the
 *   release ran.
 */
async function makeDatabase(
  release: Release,
  data: string,
  databaseUrl: string | null,
): Promise<{ entry: Omit<FixtureDatabase, 'file' | 'sha256'>; migrations: string[] }> {
  const dialect = databaseUrl ? 'postgres' : 'sqlite';
  const { buildApp } = (await release.load('server/app.ts')) as {
    buildApp(options: object): Promise<ReleaseApp>;
  };
  const { loadConfig } = (await release.load('server/config.ts')) as {
    loadConfig(env: Record<string, string>): object;
  };
  const env = releaseEnv(data, databaseUrl);
  const app = await buildApp({
    config: loadConfig(env),
    seed: { skipMedia: true },
    logger: false,
    background: false,
  });
  let described;
  let migrations: string[];
  try {
    const activity = await shop(release, app);
    described = await readBack(app, dialect, activity);
    const ran = await app.db
      .selectFrom('kysely_migration')
      .select('name')
      .orderBy('name')
      .execute();
    migrations = ran.map((r: { name: string }) => r.name);
  } finally {
    await app.close();
  }
  // The release's own command seals a card provider's credentials (card payments stay off).
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const printed = run(
    tsx,
    ['scripts/payment-settings.ts', '--tenant', POTTERY, '--provider', 'stripe'],
    {
      cwd: release.dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      input: JSON.stringify(STRIPE_CREDENTIALS),
    },
  );
  console.log(`  ${dialect}: ${printed.trim().split('\n')[0]}`);
  return {
    entry: {
      ...described,
      sealed_credentials: {
        tenant: POTTERY,
        provider: 'stripe',
        credentials: STRIPE_CREDENTIALS,
      },
    },
    migrations,
  };
}

/** SHA-256 of bytes, hex. */
function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function main(): Promise<number> {
  const { version, commit } = findRelease();
  const databaseUrl = argument('database-url') ?? process.env.TEST_DATABASE_URL ?? null;
  console.log(`release ${version} at ${commit}`);
  const release = extractRelease(commit);
  const data = path.join(release.dir, 'fixture-data');
  mkdirSync(data, { recursive: true });
  const out = path.join(FIXTURES_DIR, version);
  try {
    const sqlite = await makeDatabase(release, data, null);
    // Closed by the release: the write-ahead log is folded into the file.
    if (existsSync(path.join(data, 'shop.sqlite-wal'))) {
      throw new Error('The release left a -wal file beside the database.');
    }
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const gzipped = gzipSync(readFileSync(path.join(data, 'shop.sqlite')), { level: 9 });
    writeFileSync(path.join(out, 'shop.sqlite.gz'), gzipped);
    for (const key of ['jwt-secret', 'payment-secrets-key']) {
      copyFileSync(path.join(data, key), path.join(out, key));
    }
    const manifest: UpgradeManifest = {
      version,
      commit,
      made_at: new Date().toISOString(),
      made_by: `npx tsx scripts/make-upgrade-fixture.ts --commit ${commit}${databaseUrl ? ' --database-url URL' : ''}`,
      migrations: sqlite.migrations,
      password_hash_cost: PASSWORD_HASH_COST,
      sqlite: { file: 'shop.sqlite.gz', sha256: sha256(gzipped), ...sqlite.entry },
    };

    if (databaseUrl) {
      const name = `upgrade_fixture_${process.pid}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      try {
        const made = await makeDatabase(release, data, url.toString());
        const dump = path.join(out, 'shop.pgdump');
        run('pg_dump', [
          '-Fc',
          '-Z',
          '9',
          '--no-owner',
          '--no-privileges',
          '-f',
          dump,
          url.toString(),
        ]);
        manifest.postgres = {
          file: 'shop.pgdump',
          sha256: sha256(readFileSync(dump)),
          ...made.entry,
        };
        if (made.migrations.join() !== manifest.migrations.join()) {
          throw new Error('The release ran other migrations on PostgreSQL than on SQLite.');
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
    writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    run(path.join(root, 'node_modules', '.bin', 'prettier'), [
      '--write',
      path.join(out, 'manifest.json'),
    ]);
    for (const file of readdirSync(out)) {
      console.log(
        `  ${path.relative(root, path.join(out, file))}: ${readFileSync(path.join(out, file)).length} bytes`,
      );
    }
    return 0;
  } finally {
    if (process.argv.includes('--keep')) console.log(`kept ${release.dir}`);
    else rmSync(release.dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
