import Fastify from 'fastify';
import { catalogCache } from '../http/catalog-cache.ts';
import { idleClock, idleGc } from './idle-gc.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the quiet-spell clock', () => {
  it('collects once after idleMs without activity, never while requests keep coming', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const clock = idleClock(10_000, collect);
    vi.advanceTimersByTime(30_000);
    expect(collect).not.toHaveBeenCalled(); // Nothing happened: nothing to give back.
    for (let second = 0; second < 30; second += 1) {
      clock.touch();
      vi.advanceTimersByTime(1000);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(15_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1); // Still quiet: once per quiet spell.
    clock.touch();
    vi.advanceTimersByTime(15_000);
    expect(collect).toHaveBeenCalledTimes(2);
    clock.stop();
  });
});

describe('the idle-gc plugin', () => {
  it('after a request and a quiet spell, runs the subscribers, then the collection', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const app = Fastify();
    await app.register(idleGc, { idleMs: 1000, gc: () => order.push('gc') });
    app.whenIdle(() => order.push('cache pruned'));
    app.get('/', async () => 'ok');
    await app.ready();
    vi.advanceTimersByTime(5000);
    expect(order).toEqual([]);
    await app.inject('/');
    vi.advanceTimersByTime(2000);
    expect(order).toEqual(['cache pruned', 'gc']);
    await app.close();
  });

  it("does not count a proxy's health checks or a metrics scrape as activity", async () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    const app = Fastify();
    await app.register(idleGc, { idleMs: 1000, gc });
    app.get('/', async () => 'ok');
    app.get('/readyz', async () => ({ status: 'ready' }));
    app.get('/metrics', async () => '');
    await app.ready();
    await app.inject('/');
    // A probe every 400 ms, as Caddy's health checks would come: the quiet spell still comes.
    for (let i = 0; i < 5; i += 1) {
      await app.inject(i % 2 ? '/readyz' : '/metrics');
      vi.advanceTimersByTime(400);
    }
    expect(gc).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('compacts every page during a quiet spell, in the worker too, and stops at the next request', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const app = Fastify();
    await app.register(idleGc, {
      idleMs: 1000,
      gc: () => events.push('gc'),
      compactEveryPage: (on) => events.push(on ? 'compaction on' : 'compaction off'),
    });
    app.whenIdle(() => events.push('worker asked to collect'));
    app.get('/', async () => 'ok');
    await app.ready();
    await app.inject('/');
    expect(events).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(events).toEqual(['compaction on', 'worker asked to collect', 'gc']);
    await app.inject('/');
    await app.inject('/');
    expect(events.slice(3)).toEqual(['compaction off']);
    await app.close();
  });

  it('does nothing when the collector is not exposed (node without --expose-gc)', async () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const app = Fastify();
    await app.register(idleGc, { idleMs: 1000, gc: null });
    app.whenIdle(collect);
    app.get('/', async () => 'ok');
    await app.inject('/');
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    await app.close();
  });

  it('has the catalogue cache drop its expired answers at a quiet spell, before the collection', async () => {
    const app = Fastify();
    let sizeAtCollection = -1;
    await app.register(idleGc, {
      idleMs: 40,
      gc: () => (sizeAtCollection = app.catalogCache.size),
    });
    await app.register(catalogCache, { ttlMs: 10 });
    app.get('/', async () => 'ok');
    await app.catalogCache.remember(1, 'a', async () => Buffer.from('a'));
    await app.catalogCache.remember(1, 'b', async () => Buffer.from('b'));
    await app.inject('/');
    await vi.waitFor(() => expect(sizeAtCollection).toBe(0), { timeout: 2000, interval: 20 });
    await app.close();
  });
});
