import { LoginThrottle, ThrottledError } from './throttle';

describe('LoginThrottle', () => {
  it('refuses an account after its failed attempts, with a retry time', async () => {
    const throttle = new LoginThrottle({ accountAttempts: 3, addressAttempts: 100 });
    for (let i = 0; i < 3; i++) await throttle.before(1, 'ada@example.com', '10.0.0.1');
    const refused = await throttle.before(1, 'ADA@example.com ', '10.0.0.2').catch((e: unknown) => e);
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
