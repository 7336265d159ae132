/**
 * A short-lived in-memory cache of catalogue answers (product list and detail, categories),
 * per tenant. The catalogue is read far more often than it changes, and building a product page
 * costs several queries; within the TTL (CATALOG_CACHE_TTL_MS, default 1000 ms, 0 turns it off)
 * repeated requests are served from memory.
 *
 * Writers MUST call `app.catalogCache.invalidate(tenantId)` after changing anything a catalogue
 * answer shows (reviews, stock, prices, images, categories), so their own next read is fresh;
 * other processes on the same database see the change within the TTL.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: CatalogCache;
  }
}

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

/** Per-tenant TTL cache with single-flight loading (concurrent misses share one load). */
export class CatalogCache {
  private readonly tenants = new Map<number, Map<string, Entry>>();
  private readonly invalidationListeners: Array<(tenantId: number) => void> = [];

  constructor(
    readonly ttlMs: number,
    private readonly maxEntriesPerTenant = 2000,
  ) {}

  /**
   * The cached value for (tenantId, key), or the result of `load` (cached for ttlMs when it
   * resolves; a rejection is not cached).
   */
  async remember<T>(tenantId: number, key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    let entries = this.tenants.get(tenantId);
    const hit = entries?.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (!entries) this.tenants.set(tenantId, (entries = new Map()));
    if (entries.size >= this.maxEntriesPerTenant) entries.clear();
    const value = load();
    const entry = { value, expires: now + this.ttlMs };
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  }

  /** Forgets every cached answer of the tenant (and tells the listeners, e.g. the page cache). */
  invalidate(tenantId: number): void {
    this.tenants.delete(tenantId);
    for (const listener of this.invalidationListeners) listener(tenantId);
  }

  /** Calls `listener` on every {@link invalidate}: caches built on catalogue data follow it. */
  onInvalidate(listener: (tenantId: number) => void): void {
    this.invalidationListeners.push(listener);
  }
}

async function catalogCachePlugin(app: FastifyInstance, options: { ttlMs: number }): Promise<void> {
  app.decorate('catalogCache', new CatalogCache(options.ttlMs));
}

/** Decorates `app.catalogCache` (not encapsulated: handlers and writers share it). */
export const catalogCache = fp(catalogCachePlugin, { name: 'catalog-cache' });

/**
 * Answers from the catalogue cache: on a miss, `load` builds the body and the route's own
 * response serializer (the contract's schema) turns it into JSON once; hits send that JSON
 * as is, skipping both the queries and the serialization.
 */
export async function sendCached<T extends object>(
  reply: FastifyReply,
  tenantId: number,
  key: string,
  load: () => Promise<T>,
): Promise<FastifyReply> {
  const json = await reply.server.catalogCache.remember(tenantId, key, async () => {
    const body = await load();
    // The contract's schema serializer of this route's 200 answer (absent only without a schema).
    const serialize = reply.getSerializationFunction('200', 'application/json');
    return serialize ? serialize(body as Record<string, unknown>) : JSON.stringify(body);
  });
  return reply.type('application/json; charset=utf-8').send(json);
}
