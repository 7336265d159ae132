/**
 * The first-run set-up over HTTP (issue 38, decision 079 "First-run set-up",
 * ./first-run.ts): a deployment without a shop logs a one-time code and lets whoever has it open
 * the first shop from the back office; its owner then signs in. The code dies once used, a
 * deployment with a shop refuses the set-up, wrong codes are throttled per address and replace
 * the code when they pile up, two set-ups racing open one shop, and hostile requests get
 * DRF-style refusals. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { Writable } from 'node:stream';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { ADMIN_SPECIFICATION_PATH } from './admin-spec.ts';
import { SETUP_CODE_LOG_MESSAGE, SETUP_REQUEST_SCHEMA } from './first-run.ts';
import { FIRST_RUN_MESSAGES, FirstRunSetup } from '../../shops/first-run.ts';
import { SHOP_MESSAGES } from '../../shops/shop-input.ts';
import { STAFF_MESSAGES } from '../../staff/messages.ts';
import { openDatabase } from '../../platform/db/connection.ts';
import { ContractWalk } from '../../test/contract-walk.ts';
import { TEST_PASSWORD_HASH_COST } from '../../test/staff.ts';
import { asTenant, useTestApp, type TestApp } from '../../test/test-app.ts';

const SETUP = '/api/admin/setup/';
const PASSWORD = 'honed-on-whetstones-9';
const CODE_IN_LOG = new RegExp(
  `${SETUP_CODE_LOG_MESSAGE}: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})`,
  'g',
);
const WRONG_CODE = { code: [FIRST_RUN_MESSAGES.codeWrong] };
const HAS_SHOP = { detail: FIRST_RUN_MESSAGES.shopExists };

/** A log to read: every line the app writes, as text. */
function logSink() {
  const sink = { text: '' };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.text += chunk.toString('utf8');
      done();
    },
  });
  return { sink, logger: { level: 'trace', stream } };
}

/** The set-up codes the log has shown, oldest first. */
const codesIn = (log: string) => [...log.matchAll(CODE_IN_LOG)].map((match) => match[1]!);

/** A set-up of Tidewater Knives with `code`; `extra` changes or adds fields. */
const setUpBody = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  shop_name: 'Tidewater Knives',
  domain: 'tidewater.example',
  currency: 'GBP',
  country: 'GB',
  owner_email: 'Maya@Tidewater.example',
  owner_name: 'Maya Hart',
  password: PASSWORD,
  ...extra,
});

async function send(
  t: TestApp,
  method: 'GET' | 'POST',
  options: {
    body?: unknown;
    payload?: string;
    contentType?: string;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
) {
  const payload =
    options.payload ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await t.app.inject({
    method,
    url: SETUP,
    headers: {
      ...(payload === undefined
        ? {}
        : { 'content-type': options.contentType ?? 'application/json' }),
      ...options.headers,
    },
    ...(payload === undefined ? {} : { payload }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as Record<string, unknown>) : null,
    headers: response.headers,
  };
}

async function shopCount(t: TestApp): Promise<number> {
  const row = await t.app.db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the first-run set-up of a deployment without a shop', () => {
  const log = logSink();
  const t = useTestApp({}, { seed: false, logger: log.logger });

  it('logs one set-up code at start, and says the set-up is due to anyone, without a token', async () => {
    expect(codesIn(log.sink.text)).toHaveLength(1);
    const answer = await send(t, 'GET');
    expect(answer).toMatchObject({ status: 200, body: { required: true } });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses a wrong code with 403 on the code, and opens nothing', async () => {
    const answer = await send(t, 'POST', { body: setUpBody('ABCD-EFGH-JKLM') });
    expect(answer).toMatchObject({ status: 403, body: WRONG_CODE });
    expect(await shopCount(t)).toBe(0);
  });

  it('with the right code, says what is wrong with each field, and the code stays good', async () => {
    const [code] = codesIn(log.sink.text);
    const answer = await send(t, 'POST', {
      body: setUpBody(code!, {
        shop_name: '  ',
        domain: 'https://tidewater.example/',
        currency: 'JPY',
        country: 'XX',
        owner_email: 'maya',
        password: 'short',
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      shop_name: [SHOP_MESSAGES.nameBlank],
      domain: [SHOP_MESSAGES.domainInvalid],
      currency: [expect.stringContaining('JPY is not priced in hundredths')],
      country: [SHOP_MESSAGES.countryInvalid],
      owner_email: [STAFF_MESSAGES.emailInvalid],
      password: [STAFF_MESSAGES.passwordTooShort],
    });
    expect(await shopCount(t)).toBe(0);
    expect((await send(t, 'GET')).body).toEqual({ required: true });
  });

  it('answers hostile requests with DRF-style refusals, and opens nothing', async () => {
    const [code] = codesIn(log.sink.text);
    const cases: { name: string; status: number; options: Parameters<typeof send>[2] }[] = [
      { name: 'no body', status: 400, options: {} },
      {
        name: 'text/plain',
        status: 415,
        options: { payload: 'code=x', contentType: 'text/plain' },
      },
      { name: 'broken JSON', status: 400, options: { payload: '{"code":' } },
      { name: 'a JSON list', status: 400, options: { payload: '[]' } },
      {
        name: 'NUL bytes as the body',
        status: 415,
        options: { payload: '\u0000'.repeat(64), contentType: 'application/octet-stream' },
      },
      {
        name: 'a huge name',
        status: 400,
        options: { body: setUpBody(code!, { shop_name: 'x'.repeat(100_000) }) },
      },
      {
        name: 'a huge body',
        status: 413,
        options: { body: setUpBody(code!, { password: 'x'.repeat(2_000_000) }) },
      },
      {
        name: 'an unknown field',
        status: 400,
        options: { body: setUpBody(code!, { is_admin: true }) },
      },
      { name: 'a field missing', status: 400, options: { body: { code } } },
      { name: 'a number for the code', status: 403, options: { body: setUpBody('1234') } },
      { name: 'NUL in the code', status: 403, options: { body: setUpBody(`${code}\u0000`) } },
      {
        name: 'NUL in the name',
        status: 400,
        options: { body: setUpBody(code!, { shop_name: 'Tide\u0000water' }) },
      },
      {
        name: 'NUL in the domain',
        status: 400,
        options: { body: setUpBody(code!, { domain: 'tide\u0000water.example' }) },
      },
      {
        name: 'NUL in the password',
        status: 400,
        options: { body: setUpBody(code!, { password: `${PASSWORD}\u0000` }) },
      },
      {
        name: 'NUL in the owner name',
        status: 400,
        options: { body: setUpBody(code!, { owner_name: 'Maya\u0000' }) },
      },
    ];
    const answers = [];
    for (const { name, status, options } of cases) {
      const answer = await send(t, 'POST', options);
      answers.push({ name, status: answer.status, body: answer.body });
      expect({ name, status: answer.status }).toEqual({ name, status });
    }
    for (const { body } of answers) {
      const wellFormed =
        body !== null &&
        (typeof body.detail === 'string' ||
          Object.values(body).every(
            (v) => Array.isArray(v) && v.every((m) => typeof m === 'string'),
          ));
      expect(wellFormed, JSON.stringify(body).slice(0, 200)).toBe(true);
    }
    expect(answers.find((a) => a.name === 'an unknown field')?.body).toEqual({
      is_admin: ['Unexpected field.'],
    });
    expect(await shopCount(t)).toBe(0);
  });

  it('opens the shop and its owner with the code as typed, then the owner signs in with its token', async () => {
    const [code] = codesIn(log.sink.text);
    // Typed by hand: lower case, spaces for dashes.
    const typed = code!.toLowerCase().replace(/-/g, ' ');
    const answer = await send(t, 'POST', {
      body: setUpBody(typed),
      headers: { host: '127.0.0.1:8080' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      shop: {
        name: 'Tidewater Knives',
        domain: 'tidewater.example',
        currency: 'GBP',
        tenant_token: 'tidewater-example',
      },
      owner_email: 'maya@tidewater.example',
      storefront_url: 'http://tidewater.example:8080/',
      admin_url: 'http://tidewater.example:8080/admin/',
    });
    expect(answer.headers['cache-control']).toBe('no-store');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login/',
      headers: asTenant('tidewater-example'),
      payload: { email: 'maya@tidewater.example', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({
      staff: { email: 'maya@tidewater.example', name: 'Maya Hart', role: 'owner' },
    });
    // The shop's own settings answer with its name.
    const site = await t.app.inject({
      method: 'GET',
      url: '/api/pages/site-settings/',
      headers: asTenant('tidewater-example'),
    });
    expect(site.json()).toMatchObject({ site_title: 'Tidewater Knives' });
  });

  it('refuses the code a second time: the deployment has its shop', async () => {
    const [code] = codesIn(log.sink.text);
    expect(
      await send(t, 'POST', { body: setUpBody(code!, { domain: 'second.example' }) }),
    ).toMatchObject({
      status: 409,
      body: HAS_SHOP,
    });
    expect(await send(t, 'GET')).toMatchObject({ status: 200, body: { required: false } });
    expect(await shopCount(t)).toBe(1);
  });

  it('logs the code and nothing else secret: never the password', () => {
    expect(codesIn(log.sink.text)).toHaveLength(1);
    expect(log.sink.text).not.toContain(PASSWORD);
    expect(log.sink.text).toContain('the first-run set-up opened a shop');
  });
});

describe('the first-run set-up on a deployment that has shops', () => {
  const log = logSink();
  const t = useTestApp({}, { logger: log.logger });

  it('logs no code, says the set-up is not due, and refuses it with 409', async () => {
    expect(log.sink.text).not.toContain(SETUP_CODE_LOG_MESSAGE);
    expect(await send(t, 'GET')).toMatchObject({ status: 200, body: { required: false } });
    expect(await send(t, 'POST', { body: setUpBody('ABCD-EFGH-JKLM') })).toMatchObject({
      status: 409,
      body: HAS_SHOP,
    });
  });
});

describe('wrong set-up codes', () => {
  const log = logSink();
  const t = useTestApp({}, { seed: false, logger: log.logger });

  it('are throttled per address: past 10, the address waits, even with the right code', async () => {
    const [code] = codesIn(log.sink.text);
    for (let i = 0; i < 10; i++) {
      const answer = await send(t, 'POST', {
        body: setUpBody(`WRONG-CODE-${i}`),
        remoteAddress: '203.0.113.7',
      });
      expect(answer.status).toBe(403);
    }
    const throttled = await send(t, 'POST', {
      body: setUpBody(code!),
      remoteAddress: '203.0.113.7',
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body?.detail).toMatch(
      /^Request was throttled\. Expected available in \d+ seconds\.$/,
    );
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(t, 'GET', { remoteAddress: '203.0.113.7' })).status).toBe(429);
    // Another address is not held back.
    expect(await send(t, 'GET', { remoteAddress: '198.51.100.4' })).toMatchObject({
      status: 200,
      body: { required: true },
    });
    expect(await shopCount(t)).toBe(0);
  });

  it('never replace the code, however many addresses guess: the logged one still opens the shop', async () => {
    const [first] = codesIn(log.sink.text);
    // 10 wrong codes came from 203.0.113.7 above; 40 more from four other addresses.
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) {
      for (let i = 0; i < 10; i++) {
        const answer = await send(t, 'POST', {
          body: setUpBody('NOPE-NOPE-NOPE'),
          remoteAddress: address,
        });
        expect(answer.status).toBe(403);
      }
    }
    expect(codesIn(log.sink.text)).toEqual([first]);
    const opened = await send(t, 'POST', { body: setUpBody(first!), remoteAddress: '192.0.2.50' });
    expect(opened.status).toBe(201);
    expect(await shopCount(t)).toBe(1);
  });
});

/**
 * While `slow` is on, holds the answers of the first two reads of the shops until both were
 * made, so that two set-ups both read "no shop yet" before either writes one; only the
 * creation's own check under its lock can then keep the second from opening a shop too.
 */
class SlowShopReads implements KyselyPlugin {
  slow = false;
  private readonly held = new Set<unknown>();
  /** The held reads' answers wait for this: released once two reads are held. */
  private release: () => void = () => {};
  private bothRead = new Promise<void>((resolve) => (this.release = resolve));

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (
      this.slow &&
      this.held.size < 2 &&
      args.node.kind === 'SelectQueryNode' &&
      JSON.stringify(args.node).includes('"tenants"')
    ) {
      this.held.add(args.queryId);
      if (this.held.size === 2) this.release();
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Each set-up's first read of the shops answers only when both have read: both found none.
    if (this.held.has(args.queryId)) await this.bothRead;
    return args.result;
  }
}

describe('two set-ups at once', () => {
  const log = logSink();
  const reads = new SlowShopReads();
  const t = useTestApp({}, { seed: false, logger: log.logger, plugins: [reads] });

  it('open one shop: in one process with its one code, the second is refused with 409', async () => {
    const [code] = codesIn(log.sink.text);
    reads.slow = true;
    const answers = await Promise.all([
      send(t, 'POST', { body: setUpBody(code!, { domain: 'first.example' }) }),
      send(t, 'POST', { body: setUpBody(code!, { domain: 'second.example' }) }),
    ]).finally(() => (reads.slow = false));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toEqual(HAS_SHOP);
    expect(await shopCount(t)).toBe(1);
  });
});

describe('two processes, each with its own code', () => {
  const log = logSink();
  const t = useTestApp({}, { seed: false, logger: log.logger });

  it('open one shop between them, and the other process refuses its own code afterwards', async () => {
    const [code] = codesIn(log.sink.text);
    // A second process on the same database: its own connection and its own code.
    const second = openDatabase({
      databaseUrl: t.database.databaseUrl,
      sqlitePath: t.database.sqlitePath,
    });
    try {
      let otherCode = '';
      const other = await FirstRunSetup.start(second.db, {
        dialect: second.dialect,
        passwordHashCost: TEST_PASSWORD_HASH_COST,
        announce: (announced) => (otherCode = announced),
      });
      expect(otherCode).not.toBe('');
      expect(otherCode).not.toBe(code);
      const [here, there] = await Promise.allSettled([
        send(t, 'POST', { body: setUpBody(code!, { domain: 'here.example' }) }),
        other.open(
          {
            code: otherCode,
            shop: {
              name: 'There',
              domain: 'there.example',
              currency: 'EUR',
              country: 'IE',
              owner: { email: 'owner@there.example', password: PASSWORD },
            },
          },
          '192.0.2.9',
        ),
      ]);
      const opened =
        (here.status === 'fulfilled' && here.value.status === 201 ? 1 : 0) +
        (there.status === 'fulfilled' ? 1 : 0);
      expect(opened).toBe(1);
      if (here.status === 'fulfilled' && here.value.status !== 201)
        expect(here.value).toMatchObject({ status: 409, body: HAS_SHOP });
      if (there.status === 'rejected')
        expect(there.reason).toMatchObject({
          code: 'shop_exists',
          message: FIRST_RUN_MESSAGES.shopExists,
        });
      expect(await shopCount(t)).toBe(1);
      // Each process now refuses the set-up, whichever opened the shop.
      expect(await other.isRequired()).toBe(false);
      expect(await send(t, 'GET')).toMatchObject({ body: { required: false } });
    } finally {
      await second.db.destroy();
    }
  });
});

describe("the set-up's body", () => {
  it('is checked as openapi/admin.yaml declares ShopSetupRequest', () => {
    const walk = new ContractWalk(ADMIN_SPECIFICATION_PATH);
    const op = walk.operations().find((o) => o.id === 'setUpShop')!;
    expect(op.path).toBe('/setup/');
    const contract = walk.resolve(op.body) as Record<string, unknown>;
    const withoutWords = (schema: Record<string, unknown>): Record<string, unknown> =>
      Object.fromEntries(
        Object.entries(schema)
          .filter(([key]) => key !== 'description')
          .map(([key, value]) => [
            key,
            key === 'properties'
              ? Object.fromEntries(
                  Object.entries(value as Record<string, Record<string, unknown>>).map(
                    ([name, p]) => [name, withoutWords(p)],
                  ),
                )
              : value,
          ]),
      );
    expect(withoutWords(contract)).toEqual(SETUP_REQUEST_SCHEMA);
  });
});
