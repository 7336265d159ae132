/**
 * `npm run staff:create`: makes a back-office account at a shop with the password piped on
 * standard input, and refuses with a plain reason and exit code 1 an unknown shop, a taken
 * e-mail, a weak password or a bad role. The password never appears in what it prints.
 */
import { verifyPassword } from '../server/platform/credentials/passwords.ts';
import { useScriptOnScratchDatabase } from './lib/script-run.ts';

const PASSWORD = 'kiln-fired-mugs-7';
const script = useScriptOnScratchDatabase('staff-create.ts');
const run = (args: string[], stdin = `${PASSWORD}\n`) => script.run(args, stdin);

beforeAll(async () => {
  await script.handle.db
    .insertInto('tenants')
    .values({
      token: 'my-shop',
      name: 'My Shop',
      media_slug: 'my',
      created_at: new Date().toISOString(),
    })
    .execute();
});

describe('npm run staff:create', () => {
  it('creates an owner with the piped password, who can then sign in with it', async () => {
    const result = run([
      '--tenant',
      'my-shop',
      '--email',
      'Maya@Example.com',
      '--role',
      'owner',
      '--name',
      'Maya Hart',
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /^Created owner maya@example\.com \(staff id \d+\) at shop "my-shop"/,
    );
    expect(result.out + result.err).not.toContain(PASSWORD);
    const row = await script.handle.db
      .selectFrom('staff')
      .selectAll()
      .where('email', '=', 'maya@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Maya Hart', role: 'owner' });
    expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
    const log = await script.handle.db
      .selectFrom('activity_log')
      .select(['action', 'staff_id'])
      .where('object_id', '=', String(row.id))
      .execute();
    expect(log).toEqual([{ action: 'staff.create', staff_id: null }]);
  });

  it('names the member after their e-mail when no name is given', async () => {
    expect(run(['--tenant', 'my-shop', '--email', 'tom@example.com', '--role', 'staff']).code).toBe(
      0,
    );
    const row = await script.handle.db
      .selectFrom('staff')
      .select('name')
      .where('email', '=', 'tom@example.com')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('tom');
  });

  it('refuses an unknown shop', () => {
    const result = run(['--tenant', 'no-such-shop', '--email', 'a@example.com', '--role', 'owner']);
    expect(result).toMatchObject({
      code: 1,
      err: expect.stringContaining('No shop has the tenant token "no-such-shop".'),
    });
  });

  it('refuses an e-mail a member of the shop already has', () => {
    run(['--tenant', 'my-shop', '--email', 'twice@example.com', '--role', 'staff']);
    const result = run(['--tenant', 'my-shop', '--email', 'TWICE@example.com', '--role', 'owner']);
    expect(result.code).toBe(1);
    expect(result.err).toContain('email: This person is already a member of staff.');
  });

  it('refuses a weak password, and an empty one', () => {
    const short = run(
      ['--tenant', 'my-shop', '--email', 'weak@example.com', '--role', 'staff'],
      'short\n',
    );
    expect(short.code).toBe(1);
    expect(short.err).toContain('password: Password must be at least 8 characters long.');
    expect(short.out + short.err).not.toContain('short\n');
    expect(
      run(['--tenant', 'my-shop', '--email', 'empty@example.com', '--role', 'staff'], '').code,
    ).toBe(1);
  });

  it('refuses a bad role and missing arguments with the usage', () => {
    const role = run(['--tenant', 'my-shop', '--email', 'x@example.com', '--role', 'admin']);
    expect(role).toMatchObject({
      code: 1,
      err: expect.stringContaining('The role must be owner or staff, not "admin".'),
    });
    const missing = run(['--tenant', 'my-shop', '--email', '--role', 'owner']);
    expect(missing).toMatchObject({
      code: 1,
      err: expect.stringContaining('usage: npm run staff:create'),
    });
  });

  it('refuses a bad e-mail', () => {
    const result = run(['--tenant', 'my-shop', '--email', 'not-an-email', '--role', 'staff']);
    expect(result).toMatchObject({
      code: 1,
      err: expect.stringContaining('email: Enter a valid email address.'),
    });
  });
});
