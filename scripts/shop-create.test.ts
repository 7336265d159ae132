/**
 * `npm run shop:create` (issue 38): opens a shop with its domain, its currency and its first
 * owner, the password piped on standard input, and prints where the shop and its back office
 * answer; refuses with a plain reason and exit code 1 a taken domain, an unknown currency or
 * country, a weak password or a missing argument. The password never appears in what it prints.
 */
import { verifyPassword } from '../server/platform/credentials/passwords.ts';
import { useScriptOnScratchDatabase } from './lib/script-run.ts';

const PASSWORD = 'honed-on-whetstones-9';
const TIDEWATER = [
  '--name',
  'Tidewater Knives',
  '--domain',
  'Tidewater.Example',
  '--currency',
  'gbp',
  '--country',
  'gb',
  '--owner-email',
  'Owner@Tidewater.example',
];

const script = useScriptOnScratchDatabase('shop-create.ts');
const run = (args: string[], stdin = `${PASSWORD}\n`, env: NodeJS.ProcessEnv = {}) =>
  script.run(args, stdin, env);

describe('npm run shop:create', () => {
  it('opens a shop in pounds at its domain, with an owner who signs in with the piped password', async () => {
    // Behind HTTPS: the addresses take STOREFRONT_URL's scheme, at the shop's own domain.
    const result = run(TIDEWATER, `${PASSWORD}\n`, { STOREFRONT_URL: 'https://first.example' });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        'Opened "Tidewater Knives" (tenant token tidewater-example), selling in GBP.',
        'The shop:        https://tidewater.example/ (closed: "Opening soon" until you launch it)',
        'The back office: https://tidewater.example/admin/ (sign in as owner@tidewater.example)',
        "Prepare it with the checklist on the back office's Today screen, then press Launch.",
        '',
      ].join('\n'),
    );
    expect(result.out + result.err).not.toContain(PASSWORD);

    const tenant = await script.handle.db
      .selectFrom('tenants')
      .select(['id', 'name', 'currency'])
      .where('token', '=', 'tidewater-example')
      .executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({ name: 'Tidewater Knives', currency: 'GBP' });
    const domains = await script.handle.db
      .selectFrom('tenant_domains')
      .select(['domain', 'is_primary'])
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(domains.map((d) => [d.domain, Boolean(d.is_primary)])).toEqual([
      ['tidewater.example', true],
    ]);
    const owner = await script.handle.db
      .selectFrom('staff')
      .select(['email', 'name', 'role', 'password_hash'])
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(owner).toMatchObject({ email: 'owner@tidewater.example', name: 'Owner', role: 'owner' });
    expect(await verifyPassword(PASSWORD, owner.password_hash)).toBe(true);
  });

  it('refuses a domain another shop answers at, in any case and with a final dot', async () => {
    const result = run([
      '--name',
      'Tidewater Two',
      '--domain',
      'TIDEWATER.example.',
      '--currency',
      'EUR',
      '--country',
      'IE',
      '--owner-email',
      'two@tidewater.example',
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'No shop was opened.\ndomain: Another shop already answers at this domain.\n',
    );
    const shops = await script.handle.db.selectFrom('tenants').select('id').execute();
    expect(shops).toHaveLength(1);
  });

  it('says each wrong field: a domain with its scheme, a currency and a country no one uses, a weak password', () => {
    const result = run(
      [
        '--name',
        'Harbour Prints',
        '--domain',
        'https://harbour.example/shop',
        '--currency',
        'XYZ',
        '--country',
        'ZZ',
        '--owner-email',
        'owner@harbour.example',
      ],
      'short\n',
    );
    expect(result.code).toBe(1);
    expect(result.err.split('\n')).toEqual([
      'No shop was opened.',
      'domain: Enter the domain the shop answers at, such as shop.example.com: no https://, port or path.',
      'currency: Enter a currency as its ISO 4217 code, such as GBP, EUR or USD.',
      'country: Enter a country as its ISO 3166-1 alpha-2 code, such as GB.',
      'password: Password must be at least 8 characters long.',
      '',
    ]);
  });

  it('refuses the domain of the shop the server is started for, though that shop never recorded it', async () => {
    // A shop from before shops had domains, served by TENANT_TOKEN at STOREFRONT_URL.
    await script.handle.db
      .insertInto('tenants')
      .values({
        token: 'old-shop',
        name: 'Old Shop',
        media_slug: 'old',
        created_at: new Date().toISOString(),
      })
      .execute();
    const result = run(
      [
        '--name',
        'Claimer',
        '--domain',
        'old-shop.example',
        '--currency',
        'GBP',
        '--country',
        'GB',
        '--owner-email',
        'c@claimer.example',
      ],
      `${PASSWORD}\n`,
      { TENANT_TOKEN: 'old-shop', STOREFRONT_URL: 'https://old-shop.example' },
    );
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'No shop was opened.\ndomain: Another shop already answers at this domain.\n',
    );
  });

  it('shows how to call it when an argument is missing', () => {
    const result = run(['--name', 'No Domain']);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^usage: npm run shop:create -- --name NAME --domain DOMAIN/);
  });
});
