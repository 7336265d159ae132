import { migrateToLatest } from '../db/migrations.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import type { DbHandle } from '../db/connection.ts';
import {
  AddressThrottle,
  clientKey,
  LoginThrottle,
  type LoginThrottleOptions,
  ThrottledError,
} from './throttle';

describe('clientKey', () => {
  it('counts IPv4 as is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('not an address')).toBe('not an address');
  });
});

describe('LoginThrottle (counted in the database)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let reopened: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.handle);
    await database.handle.db
      .insertInto('tenants')
      .values({ token: 't', name: 't', media_slug: 't', created_at: new Date().toISOString() })
      .execute();
    // A second connection stands for a second API process on the same database.
    reopened = database.reopen();
  });
  afterAll(async () => {
    await reopened?.db.destroy();
    await database?.drop();
  });
  const throttle = (options: LoginThrottleOptions, db = database.handle.db) =>
    new LoginThrottle(db, { addressAttempts: 1000, ...options });

  it('refuses the account from the attacking address only: the owner still gets in', async () => {
    const guard = throttle({ pairFailures: 3 });
    for (let i = 0; i < 3; i++) await guard.before(1, 'user:1', '198.51.100.7');
    const refused = await guard.before(1, 'user:1', '198.51.100.7').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ThrottledError);
    expect((refused as ThrottledError).retryAfterSeconds).toBeGreaterThan(0);
    await expect(guard.before(1, 'user:1', '10.0.0.2')).resolves.toBeUndefined();
    await expect(guard.before(1, 'user:2', '198.51.100.7')).resolves.toBeUndefined();
  });

  it('counts an IPv6 client by its /64', async () => {
    const guard = throttle({ pairFailures: 2 });
    await guard.before(1, 'user:3', '2001:db8:5:6::1');
    await guard.before(1, 'user:3', '2001:db8:5:6::2');
    await expect(guard.before(1, 'user:3', '2001:db8:5:6:ffff::3')).rejects.toBeInstanceOf(
      ThrottledError,
    );
    await expect(guard.before(1, 'user:3', '2001:db8:5:7::1')).resolves.toBeUndefined();
  });

  it('clears the pair’s failures after a success', async () => {
    const guard = throttle({ pairFailures: 2 });
    await guard.before(1, 'user:4', '10.0.0.1');
    await guard.succeeded(1, 'user:4', '10.0.0.1');
    await guard.before(1, 'user:4', '10.0.0.1');
    await expect(guard.before(1, 'user:4', '10.0.0.1')).resolves.toBeUndefined();
    await expect(guard.before(1, 'user:4', '10.0.0.1')).rejects.toBeInstanceOf(ThrottledError);
  });

  it('counts concurrent guesses, from two connections, before any password check finishes', async () => {
    const one = throttle({ pairFailures: 5 });
    const two = throttle({ pairFailures: 5 }, reopened.db);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).before(1, 'user:5', '10.0.9.9')),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
  });

  it('limits attempts per client address across accounts', async () => {
    const guard = new LoginThrottle(database.handle.db, { addressAttempts: 4, pairFailures: 100 });
    for (let i = 0; i < 4; i++) await guard.before(1, `user:${10 + i}`, '10.0.0.9');
    await expect(guard.before(1, 'user:99', '10.0.0.9')).rejects.toBeInstanceOf(ThrottledError);
    await expect(guard.before(1, 'user:99', '10.0.0.10')).resolves.toBeUndefined();
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
