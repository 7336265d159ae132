/**
 * A short-lived in-memory cache of catalogue answers (product list and detail, categories),
 * per tenant (decision 005). The catalogue is read far more often than it changes, and building
 * a product page costs several queries; within the TTL (CATALOG_CACHE_TTL_MS, default 1000 ms,
 * 0 turns it off) repeated requests are served from memory.
 *
 * Keys are built by the handlers from the NORMALIZED parameters they actually use (never the raw
 * URL or the Host header), so spelling a request differently cannot make new entries; the
 * entries live in one bounded LRU (lru-cache: CATALOG_CACHE_MAX_ENTRIES entries and
 * CATALOG_CACHE_MAX_BYTES of JSON at most), and expired entries are purged, so no client can grow
 * the cache or push everyone else's answers out faster than it could load the database anyway.
 *
 * Writers MUST call `app.catalogCache.invalidate(tenantId)` after changing anything a catalogue
 * answer shows (reviews, prices, images, categories), so their own next read is fresh; a change
 * of stock alone calls `invalidateProducts(tenantId, slugs)`, which forgets only those products'
 * pages and the lists (which show stock), so a shop under checkout load keeps the rest warm.
 * Other processes on the same database see the change within the TTL.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: CatalogCache;
  }
}

export interface CatalogCacheOptions {
  /** How long an answer is kept (ms); 0 or less turns the cache off. */
  ttlMs: number;
  /** Most entries kept, over all tenants (default 5000). */
  maxEntries?: number;
  /** Most bytes of JSON kept, over all tenants (default 64 MiB). */
  maxBytes?: number;
  /** How long a list's count is kept (ms; default 0: not kept), see {@link CatalogCache.count}. */
  countTtlMs?: number;
}

/** How long {@link CatalogCache.shopTable} keeps a value at most (a change made by SQL). */
export const SHOP_TABLE_MAX_AGE_MS = 60_000;

/**
 * TTL + LRU cache of serialized answers with single-flight loading (concurrent misses of one
 * key share one load; a failed load is not kept). Invalidation bumps the tenant's generation,
 * which is part of every key: a load that started before an invalidation stores its (possibly
 * stale) answer under the old generation, where no reader looks.
 */
export class CatalogCache {
  readonly ttlMs: number;
  private readonly entries: LRUCache<string, Buffer> | null;
  private readonly loading = new Map<string, Promise<Buffer>>();
  private readonly counts: LRUCache<string, number> | null;
  private readonly generations = new Map<number, number>();
  /** Generations of one kind of answer of a tenant (`${tenantId}\0list`, `…\0product oak-knife`). */
  private readonly kindGenerations = new Map<string, number>();
  private readonly invalidationListeners: Array<InvalidationListener> = [];
  private nextPurgeAt = 0;
  /** The next moment (epoch ms) each tenant's answers change by themselves: {@link expireAt}. */
  private readonly boundaries = new Map<number, number>();
  /** {@link shopTable}'s values by `${tenantId}\0${key}`, with when they were loaded. */
  private readonly shopTables = new Map<string, { loadedAt: number; value: Promise<unknown> }>();

  constructor(options: CatalogCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.entries =
      options.ttlMs > 0
        ? new LRUCache<string, Buffer>({
            max: options.maxEntries ?? 5000,
            maxSize: options.maxBytes ?? 64 * 1024 * 1024,
            sizeCalculation: (value) => Math.max(1, value.length),
            ttl: options.ttlMs,
            // Expired entries are not served; purgeStale() below frees their memory too.
            allowStale: false,
            updateAgeOnGet: false,
          })
        : null;
    this.counts =
      (options.countTtlMs ?? 0) > 0
        ? new LRUCache<string, number>({
            max: 10_000,
            ttl: options.countTtlMs,
            allowStale: false,
            updateAgeOnGet: false,
          })
        : null;
  }

  /**
   * The number of the tenant's products a list of `filters` (its normalized filters, without
   * the page or the ordering) holds: kept for `countTtlMs`, counted again by `load` after it,
   * and after any change of the tenant's catalogue or of any product's stock (which drops it,
   * as it drops the lists). Counting every product of a large shop on every page costs more
   * than the page itself (4 ms of 5 at 100,000 products on SQLite); a count changes only
   * with the catalogue.
   */
  async count(tenantId: number, filters: string, load: () => Promise<number>): Promise<number> {
    this.expireDue(tenantId);
    const counts = this.counts;
    if (!counts) return load();
    const full = this.fullKey(tenantId, `list count ${filters}`);
    const hit = counts.get(full);
    if (hit !== undefined) return hit;
    const value = await load();
    // A change made while counting moved the generation: the key is stale, and never read.
    counts.set(full, value);
    return value;
  }

  /**
   * A value built from one shop's settings and shared by many answers (the delivery table of
   * server/catalog/delivery-from.ts), kept until the shop's next whole-shop {@link invalidate}
   * (any process's: ./cache-sync.ts relays them) and at most {@link SHOP_TABLE_MAX_AGE_MS};
   * loaded every time when the cache is off. A failed load is not kept. `key` names the kind
   * of table, never request input.
   */
  async shopTable<T>(tenantId: number, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.entries) return load();
    this.expireDue(tenantId);
    const full = `${tenantId}\u0000${key}`;
    const now = Date.now();
    const held = this.shopTables.get(full);
    if (held && now - held.loadedAt < SHOP_TABLE_MAX_AGE_MS) return held.value as Promise<T>;
    const value = load();
    this.shopTables.set(full, { loadedAt: now, value });
    value.catch(() => {
      if (this.shopTables.get(full)?.value === value) this.shopTables.delete(full);
    });
    return value;
  }

  /**
   * Tells the cache that the tenant's answers change by themselves at `at` (epoch ms; null:
   * never), without any write: a sale starts or ends then (server/catalog/sales.ts). Every
   * answer of the tenant, and through the listeners every rendered page, is forgotten at the
   * first read from that moment on ({@link expireDue}), whatever its TTL. The earliest moment
   * told is kept.
   */
  expireAt(tenantId: number, at: number | null): void {
    if (at === null) return;
    const held = this.boundaries.get(tenantId);
    if (held === undefined || at < held) this.boundaries.set(tenantId, at);
  }

  /**
   * Forgets the tenant's answers when a moment told to {@link expireAt} has come (`now`, epoch
   * ms). Each process keeps its own moments and tells no other (they read the same sales).
   * The reads of this cache call it; so does the page cache's reader (../http/pages.ts).
   */
  expireDue(tenantId: number, now: number = Date.now()): void {
    const at = this.boundaries.get(tenantId);
    if (at === undefined || now < at) return;
    this.boundaries.delete(tenantId);
    this.invalidate(tenantId, true);
  }

  /** Number of answers held (tests and diagnostics). */
  get size(): number {
    return this.entries?.size ?? 0;
  }

  private fullKey(tenantId: number, key: string): string {
    const kind = this.kindGenerations.get(`${tenantId}\u0000${kindOf(key)}`) ?? 0;
    return `${tenantId}\u0000${this.generations.get(tenantId) ?? 0}\u0000${kind}\u0000${key}`;
  }

  /**
   * The cached answer for (tenantId, key), or the result of `load` (kept for ttlMs when it
   * resolves; a rejection is not kept). `key` must name only normalized parameters. Answers
   * are kept as the bytes they are sent as: sending one is a write, not an encoding of its
   * text (half a cached answer's CPU went there).
   */
  async remember(tenantId: number, key: string, load: () => Promise<Buffer>): Promise<Buffer> {
    const entries = this.entries;
    if (!entries) return load();
    this.expireDue(tenantId);
    const full = this.fullKey(tenantId, key);
    const hit = entries.get(full);
    if (hit !== undefined) return hit;
    const pending = this.loading.get(full);
    if (pending) return pending;
    this.purgeExpired();
    const promise = load().then((value) => {
      entries.set(full, value);
      return value;
    });
    this.loading.set(full, promise);
    const forget = () => {
      if (this.loading.get(full) === promise) this.loading.delete(full);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Frees every expired entry now (a quiet spell, ../platform/idle-gc.ts). */
  prune(): void {
    this.entries?.purgeStale();
    this.counts?.purgeStale();
  }

  /** Frees expired entries, at most once per TTL (each miss would otherwise scan the LRU). */
  private purgeExpired(): void {
    const now = Date.now();
    if (now < this.nextPurgeAt || !this.entries) return;
    this.nextPurgeAt = now + this.ttlMs;
    this.entries.purgeStale();
  }

  /**
   * Forgets every cached answer of the tenant (and tells the listeners, e.g. the page cache).
   * `fromPeer`: the change was made by another process (./cache-sync.ts), which told everyone.
   */
  invalidate(tenantId: number, fromPeer = false): void {
    this.generations.set(tenantId, (this.generations.get(tenantId) ?? 0) + 1);
    for (const key of [...this.shopTables.keys()])
      if (key.startsWith(`${tenantId}\u0000`)) this.shopTables.delete(key);
    if (this.entries) {
      const prefix = `${tenantId}\u0000`;
      for (const key of [...this.entries.keys()])
        if (key.startsWith(prefix)) this.entries.delete(key);
    }
    for (const listener of this.invalidationListeners) listener(tenantId, undefined, fromPeer);
  }

  /**
   * Forgets what a change of these products' stock makes stale: their own answers (`product
   * <slug>`) and every product list (lists show stock and filter on it). Categories, search
   * suggestions and every other product stay. Listeners hear the slugs.
   */
  invalidateProducts(tenantId: number, slugs: readonly string[], fromPeer = false): void {
    const kinds = ['list', ...slugs.map((slug) => `product ${slug}`)];
    for (const kind of kinds) {
      const id = `${tenantId}\u0000${kind}`;
      this.kindGenerations.set(id, (this.kindGenerations.get(id) ?? 0) + 1);
    }
    if (this.entries) {
      const prefix = `${tenantId}\u0000`;
      for (const key of [...this.entries.keys()]) {
        if (!key.startsWith(prefix)) continue;
        const answerKey = key.split('\u0000')[3] ?? '';
        if (kinds.includes(kindOf(answerKey))) this.entries.delete(key);
      }
    }
    for (const listener of this.invalidationListeners) listener(tenantId, slugs, fromPeer);
  }

  /**
   * Calls `listener` on every {@link invalidate} (no slugs: everything) and
   * {@link invalidateProducts} (the products whose stock moved): caches built on catalogue data
   * follow it.
   */
  onInvalidate(listener: InvalidationListener): void {
    this.invalidationListeners.push(listener);
  }
}

/**
 * Told of an invalidation: the tenant, the products whose stock moved (undefined: everything),
 * and whether another process made the change (then it already told the others).
 */
export type InvalidationListener = (
  tenantId: number,
  productSlugs: readonly string[] | undefined,
  fromPeer: boolean,
) => void;

/** The kind of a cached answer: every product list is one kind, every other key its own. */
function kindOf(key: string): string {
  return key.startsWith('list ') ? 'list' : key;
}

async function catalogCachePlugin(
  app: FastifyInstance,
  options: CatalogCacheOptions,
): Promise<void> {
  const cache = new CatalogCache(options);
  app.decorate('catalogCache', cache);
  // A quiet spell (../platform/idle-gc.ts): expired answers go before the collection.
  app.whenIdle(() => cache.prune());
}

/** Decorates `app.catalogCache` (not encapsulated: handlers and writers share it). */
export const catalogCache = fp(catalogCachePlugin, {
  name: 'catalog-cache',
  dependencies: ['idle-gc'],
});

/**
 * Answers from the catalogue cache: on a miss, `load` builds the body, the route's own
 * response serializer (the contract's schema) turns it into JSON, and the bytes are kept; hits
 * send those bytes as they are, skipping the queries, the serialization and the encoding. The
 * body must depend on nothing but what the key names.
 */
export async function sendCached<T extends object>(
  reply: FastifyReply,
  tenantId: number,
  key: string,
  load: () => Promise<T>,
): Promise<FastifyReply> {
  const bytes = await reply.server.catalogCache.remember(tenantId, key, async () => {
    const body = await load();
    // The contract's schema serializer of this route's 200 answer (absent only without a schema).
    const serialize = reply.getSerializationFunction('200', 'application/json');
    const json = serialize ? serialize(body as Record<string, unknown>) : JSON.stringify(body);
    return Buffer.from(json, 'utf8');
  });
  return reply.type('application/json; charset=utf-8').send(bytes);
}
