import { migrateToLatest } from '../db/migrations.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { AddressThrottle, LoginThrottle, ThrottledError } from './throttle';

describe('LoginThrottle', () => {
  it('refuses an account after its failed attempts, with a retry time', async () => {
    const throttle = new LoginThrottle({ accountAttempts: 3, addressAttempts: 100 });
    for (let i = 0; i < 3; i++) await throttle.before(1, 'ada@example.com', '10.0.0.1');
    const refused = await throttle
      .before(1, 'ADA@example.com ', '10.0.0.2')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ThrottledError);
    expect((refused as ThrottledError).retryAfterSeconds).toBeGreaterThan(0);
    // Another account, and the same login in another tenant, are unaffected.
    await expect(throttle.before(1, 'bob@example.com', '10.0.0.1')).resolves.toBeUndefined();
    await expect(throttle.before(2, 'ada@example.com', '10.0.0.1')).resolves.toBeUndefined();
  });

  it('clears the count after a success', async () => {
    const throttle = new LoginThrottle({ accountAttempts: 2 });
    await throttle.before(1, 'ada', '10.0.0.1');
    await throttle.succeeded(1, 'ada');
    await throttle.before(1, 'ada', '10.0.0.1');
    await expect(throttle.before(1, 'ada', '10.0.0.1')).resolves.toBeUndefined();
    await expect(throttle.before(1, 'ada', '10.0.0.1')).rejects.toBeInstanceOf(ThrottledError);
  });

  it('counts concurrent guesses before any password check finishes', async () => {
    const throttle = new LoginThrottle({ accountAttempts: 5, addressAttempts: 1000 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => throttle.before(1, 'ada', `10.0.1.${i}`)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
  });

  it('limits attempts per client address across accounts', async () => {
    const throttle = new LoginThrottle({ addressAttempts: 4, accountAttempts: 100 });
    for (let i = 0; i < 4; i++) await throttle.before(1, `user${i}`, '10.0.0.9');
    await expect(throttle.before(1, 'user-x', '10.0.0.9')).rejects.toBeInstanceOf(ThrottledError);
    await expect(throttle.before(1, 'user-x', '10.0.0.10')).resolves.toBeUndefined();
  });
});

describe('AddressThrottle (counted in the database)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const tenants: number[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.handle);
    for (const token of ['shop-a', 'shop-b']) {
      const { id } = await database.handle.db
        .insertInto('tenants')
        .values({ token, name: token, media_slug: token, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      tenants.push(id);
    }
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('lets exactly `attempts` of many concurrent attempts through', async () => {
    const throttle = new AddressThrottle(database.handle.db, {
      scope: 'test-concurrent',
      attempts: 5,
      windowSeconds: 60,
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, () => throttle.consume(tenants[0]!, '10.0.0.1')),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ThrottledError);
    expect((refused.reason as ThrottledError).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused.reason as ThrottledError).retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('counts per tenant, per address and per scope, and starts over when the window ends', async () => {
    let now = 1_000_000;
    const make = (scope: string) =>
      new AddressThrottle(database.handle.db, {
        scope,
        attempts: 2,
        windowSeconds: 10,
        now: () => now,
      });
    const throttle = make('test-window');
    await throttle.consume(tenants[0]!, '10.0.0.2');
    await throttle.consume(tenants[0]!, '10.0.0.2');
    await expect(throttle.consume(tenants[0]!, '10.0.0.2')).rejects.toBeInstanceOf(ThrottledError);
    await expect(throttle.consume(tenants[1]!, '10.0.0.2')).resolves.toBeUndefined();
    await expect(throttle.consume(tenants[0]!, '10.0.0.3')).resolves.toBeUndefined();
    await expect(make('test-other').consume(tenants[0]!, '10.0.0.2')).resolves.toBeUndefined();

    now += 9_000;
    const late = await throttle.consume(tenants[0]!, '10.0.0.2').catch((e: unknown) => e);
    expect((late as ThrottledError).retryAfterSeconds).toBe(1);
    now += 1_000;
    await expect(throttle.consume(tenants[0]!, '10.0.0.2')).resolves.toBeUndefined();
  });
});
